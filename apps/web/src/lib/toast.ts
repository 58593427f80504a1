/**
 * Toasts (spec §8 "a toast helper maps error text to friendly titles", §9 durations).
 *
 * `toastForError` is pure: it classifies an error by code, then status, then words in its text,
 * and returns the title key, the message and how long the toast stays. Durations (TOAST):
 * - 3000 ms success;
 * - 5000 ms (errorMs) for things the user fixes on the spot: validation, template, campaign,
 *   customer and the generic fallback;
 * - 6000 ms (errorLongMs) for things that need reading or a decision elsewhere: session, permission,
 *   upload, rate limit, subscription, WhatsApp, email sender and SMS setup;
 * - 8000 ms (errorCriticalMs) when the platform itself is in trouble: network and server errors.
 */
import { notifications } from '@mantine/notifications';
import { TOAST } from '@risala/shared/constants';
import type { ErrorCode } from '@risala/shared/errors';
import { type ApiError, DEFAULT_ERROR_MESSAGE, isSubscriptionRelated } from './http.ts';
import i18n from './i18n.ts';

export type ToastKind =
  | 'session'
  | 'permission'
  | 'network'
  | 'server'
  | 'validation'
  | 'file'
  | 'rateLimit'
  | 'subscription'
  | 'whatsappVerification'
  | 'whatsappTemplateLimit'
  | 'emailSender'
  | 'smsSetup'
  | 'templateNotFound'
  | 'templateReview'
  | 'campaign'
  | 'customer'
  | 'generic';

export interface ToastSpec {
  kind: ToastKind;
  titleKey: string;
  /** Text to show as is (already in the user's language: the server answers in it). */
  message?: string;
  /** Catalogue key to show when there is no usable `message`. */
  messageKey?: string;
  durationMs: number;
  color: string;
}

const CODE_KINDS: Partial<Record<ErrorCode, ToastKind>> = {
  UNAUTHORIZED: 'session',
  INVALID_TOKEN: 'session',
  SESSION_EXPIRED: 'session',
  FORBIDDEN: 'permission',
  NO_PERMISSIONS_TO_LOGIN: 'permission',
  USER_INACTIVE: 'permission',
  ACCOUNT_SUSPENDED: 'permission',
  BILLING_SUSPENDED: 'permission',
  NO_PERMISSION_ON_SUBSCRIPTION: 'permission',
  VALIDATION_ERROR: 'validation',
  BAD_REQUEST: 'validation',
  INVALID_LOGIN_DATA: 'validation',
  OTP_INVALID: 'validation',
  OTP_EXPIRED: 'validation',
  OTP_ATTEMPTS_EXCEEDED: 'validation',
  RESET_TOKEN_INVALID: 'validation',
  OLD_PASSWORD_INCORRECT: 'validation',
  EMAIL_EXISTS: 'validation',
  INVALID_FILE_TYPE: 'file',
  INVALID_FILE_SIZE: 'file',
  FILE_REQUIRED: 'file',
  PAYLOAD_TOO_LARGE: 'file',
  UNSUPPORTED_MEDIA_TYPE: 'file',
  RATE_LIMITED: 'rateLimit',
  OTP_RESEND_COOLDOWN: 'rateLimit',
  HIGH_FREQUENCY_OTP: 'rateLimit',
  INTERNAL_ERROR: 'server',
  SERVICE_UNAVAILABLE: 'server',
  NO_MATCHED_TEMPLATE: 'templateNotFound',
};

/** Word rules in the order of the spec's list; the first match wins. */
const TEXT_RULES: [RegExp, ToastKind | ((text: string) => ToastKind | undefined)][] = [
  [/unauthori[sz]ed|session|token/i, 'session'],
  [/permission|forbidden|not allowed/i, 'permission'],
  [/network|time(d)? ?out|failed to fetch|offline/i, 'network'],
  [/internal server|server error/i, 'server'],
  [/validat|check your input|is required/i, 'validation'],
  [/\bfiles?\b|upload/i, 'file'],
  [/rate limit|too many|slow down/i, 'rateLimit'],
  [/whats ?app/i, (text) => (/verif/i.test(text) ? 'whatsappVerification' : 'whatsappTemplateLimit')],
  [/e-?mail|sendgrid|smtp/i, (text) => (/sender|setup|config|verif|domain/i.test(text) ? 'emailSender' : undefined)],
  [/\bsms\b|smpp/i, 'smsSetup'],
  [
    /template/i,
    (text) =>
      /review|pending|approv/i.test(text)
        ? 'templateReview'
        : /not found|no .*match|does not match|not exist/i.test(text)
          ? 'templateNotFound'
          : undefined,
  ],
  [/campaign/i, 'campaign'],
  [/customer/i, 'customer'],
];

const DURATION: Record<ToastKind, number> = {
  session: TOAST.errorLongMs,
  permission: TOAST.errorLongMs,
  network: TOAST.errorCriticalMs,
  server: TOAST.errorCriticalMs,
  validation: TOAST.errorMs,
  file: TOAST.errorLongMs,
  rateLimit: TOAST.errorLongMs,
  subscription: TOAST.errorLongMs,
  whatsappVerification: TOAST.errorLongMs,
  whatsappTemplateLimit: TOAST.errorLongMs,
  emailSender: TOAST.errorLongMs,
  smsSetup: TOAST.errorLongMs,
  templateNotFound: TOAST.errorMs,
  templateReview: TOAST.errorMs,
  campaign: TOAST.errorMs,
  customer: TOAST.errorMs,
  generic: TOAST.errorMs,
};

const COLOR: Partial<Record<ToastKind, string>> = {
  subscription: 'orange',
  rateLimit: 'orange',
  templateReview: 'yellow',
};

function classifyByText(text: string): ToastKind | undefined {
  for (const [pattern, kind] of TEXT_RULES) {
    if (!pattern.test(text)) continue;
    const result = typeof kind === 'function' ? kind(text) : kind;
    if (result) return result;
  }
  return undefined;
}

export function classifyError(err: Partial<ApiError>): ToastKind {
  if (err.isNetworkError) return 'network';
  const byCode = err.code ? CODE_KINDS[err.code as ErrorCode] : undefined;
  if (byCode) return byCode;
  if (isSubscriptionRelated(err)) return 'subscription';
  const status = err.statusCode ?? 0;
  if (status === 401) return 'session';
  if (status === 403) return 'permission';
  if (status === 429) return 'rateLimit';
  if (status >= 500) return 'server';
  if (status === 413 || status === 415) return 'file';
  const text = [err.message, ...(err.errors ?? []).map((e) => e.message)].filter(Boolean).join(' ');
  const byText = classifyByText(text);
  if (byText) return byText;
  if (status === 400 || status === 409 || status === 422) return 'validation';
  return 'generic';
}

/** The toast for an error: pure, so it is unit-tested branch by branch. */
export function toastForError(err: unknown): ToastSpec {
  const e: Partial<ApiError> =
    err instanceof Error ? { message: err.message } : typeof err === 'string' ? { message: err } : ((err ?? {}) as Partial<ApiError>);
  const kind = classifyError(e);
  const usable = e.message && !(kind === 'server' && e.message === DEFAULT_ERROR_MESSAGE) && !e.isNetworkError;
  return {
    kind,
    titleKey: `toast.title.${kind}`,
    ...(usable ? { message: e.message } : { messageKey: `toast.message.${kind}` }),
    durationMs: DURATION[kind],
    color: COLOR[kind] ?? 'red',
  };
}

export interface ToastOverride {
  message?: string;
  messageKey?: string;
  params?: Record<string, string | number>;
}

/** Shows the friendly toast for an error; `override` replaces the message (e.g. the 500 area text). */
export function showErrorToast(err: unknown, override: ToastOverride = {}): void {
  const spec = toastForError(err);
  const message =
    override.message ??
    (override.messageKey ? i18n.t(override.messageKey, override.params ?? {}) : undefined) ??
    spec.message ??
    i18n.t(spec.messageKey ?? 'toast.message.generic');
  notifications.show({
    title: i18n.t(spec.titleKey),
    message,
    color: spec.color,
    autoClose: spec.durationMs,
    closeButtonProps: { 'aria-label': i18n.t('toast.close') },
    'data-testid': 'toast-error',
  });
}

export function showSuccessToast(messageKey: string, params?: Record<string, string | number>): void {
  notifications.show({
    title: i18n.t('toast.title.success'),
    message: i18n.t(messageKey, params ?? {}),
    color: 'green',
    autoClose: TOAST.successMs,
    closeButtonProps: { 'aria-label': i18n.t('toast.close') },
    'data-testid': 'toast-success',
  });
}

/** A send that went out only in part: what was done, and what was not (stays longer than a success). */
export function showPartialToast(message: string): void {
  notifications.show({
    title: i18n.t('toast.title.partial'),
    message,
    color: 'orange',
    autoClose: TOAST.errorLongMs,
    closeButtonProps: { 'aria-label': i18n.t('toast.close') },
    'data-testid': 'toast-partial',
  });
}
