/** What a page passes to an OTP page in the navigation state. */
export interface OtpNavState {
  /** A code was just sent: start the resend countdown. */
  codeSent?: boolean;
  /** The server asked us to wait this many seconds before another code. */
  retryAfter?: number;
  /** A message to show above the form (e.g. why the user is here). */
  notice?: string;
  /** The page the user was sent to sign in from (see afterSignIn). */
  from?: string;
}

export function otpState(state: OtpNavState): OtpNavState {
  return state;
}

/** Seconds from an OTP_RESEND_COOLDOWN error (data.retry_after). */
export function retryAfterOf(err: { data?: unknown }): number | undefined {
  const value = (err.data as { retry_after?: unknown } | undefined)?.retry_after;
  return typeof value === 'number' && value > 0 ? Math.ceil(value) : undefined;
}

/** Suggestions sent with HIGH_FREQUENCY_OTP (data.suggestions). */
export function suggestionsOf(err: { data?: unknown }): string[] {
  const value = (err.data as { suggestions?: unknown } | undefined)?.suggestions;
  return Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : [];
}

const AUTH_PAGES = ['/login', '/register', '/forget-password', '/reset-password', '/otp-'];

/**
 * Where to go after signing in: back to the page that sent the user here (a link opened while
 * signed out: path, query and hash, same origin only), else the landing path — except that a user
 * whose permissions name no page (landing /login) goes to their profile, not back to the form.
 */
export function afterSignIn(landing: string, from?: unknown): string {
  if (typeof from === 'string' && /^\/(?![/\\])/.test(from) && !AUTH_PAGES.some((p) => from.startsWith(p))) return from;
  return landing === '/login' ? '/profile' : landing;
}

/** The `from` a protected route put in the navigation state, if any. */
export function fromOf(state: unknown): string | undefined {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' ? from : undefined;
}
