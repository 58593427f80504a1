/**
 * The shared auth schemas bring zod and the phone-number metadata (about 50 KB gzip). /login must
 * stay small (≤ 200 KB of JavaScript), so it fetches them when the user starts typing and awaits
 * them on submit; the other auth pages import them directly.
 */
type AuthSchemas = typeof import('@risala/shared/schemas/auth');

let loading: Promise<AuthSchemas> | undefined;

export function loadAuthSchemas(): Promise<AuthSchemas> {
  loading ??= import('@risala/shared/schemas/auth').catch((error: unknown) => {
    loading = undefined; // let the next attempt retry
    throw error;
  });
  return loading;
}
