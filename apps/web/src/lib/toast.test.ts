import { TOAST } from '@risala/shared/constants';
import { describe, expect, it, vi } from 'vitest';
import { classifyError, type ToastKind, toastForError } from './toast.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const kind = (err: unknown) => toastForError(err).kind;

describe('toastForError: by code', () => {
  it.each<[string, ToastKind]>([
    ['UNAUTHORIZED', 'session'],
    ['INVALID_TOKEN', 'session'],
    ['SESSION_EXPIRED', 'session'],
    ['FORBIDDEN', 'permission'],
    ['USER_INACTIVE', 'permission'],
    ['NO_PERMISSIONS_TO_LOGIN', 'permission'],
    ['VALIDATION_ERROR', 'validation'],
    ['INVALID_LOGIN_DATA', 'validation'],
    ['OTP_INVALID', 'validation'],
    ['OLD_PASSWORD_INCORRECT', 'validation'],
    ['RESET_TOKEN_INVALID', 'validation'],
    ['INVALID_FILE_TYPE', 'file'],
    ['INVALID_FILE_SIZE', 'file'],
    ['RATE_LIMITED', 'rateLimit'],
    ['OTP_RESEND_COOLDOWN', 'rateLimit'],
    ['HIGH_FREQUENCY_OTP', 'rateLimit'],
    ['INTERNAL_ERROR', 'server'],
    ['NO_MATCHED_TEMPLATE', 'templateNotFound'],
  ])('%s → %s', (code, expected) => {
    expect(kind({ isError: true, code, statusCode: 400, message: 'x' })).toBe(expected);
  });

  it('subscription codes → subscription, whatever the status', () => {
    for (const code of ['SUBSCRIPTION_REQUIRED', 'FEATURE_NOT_AVAILABLE', 'PLAN_LIMIT_EXCEEDED', 'NO_VALID_PLAN']) {
      expect(kind({ code, statusCode: 403, message: 'Nope' })).toBe('subscription');
    }
  });

  it('the code wins over the words of the message', () => {
    // "token" would say session; the code says validation
    expect(kind({ code: 'RESET_TOKEN_INVALID', statusCode: 400, message: 'Reset token invalid' })).toBe('validation');
  });
});

describe('toastForError: network and status', () => {
  it('network errors → connection problem, 8 s, our own text', () => {
    const spec = toastForError({ isNetworkError: true, statusCode: 500, message: 'Network error' });
    expect(spec).toMatchObject({ kind: 'network', titleKey: 'toast.title.network', messageKey: 'toast.message.network' });
    expect(spec.durationMs).toBe(TOAST.errorCriticalMs);
    expect(spec.message).toBeUndefined();
  });

  it.each<[number, ToastKind]>([
    [401, 'session'],
    [403, 'permission'],
    [429, 'rateLimit'],
    [500, 'server'],
    [502, 'server'],
    [503, 'server'],
    [413, 'file'],
    [415, 'file'],
  ])('status %i → %s', (statusCode, expected) => {
    expect(kind({ statusCode, message: 'Nothing telling' })).toBe(expected);
  });

  it('a 403 about the plan is subscription, not permission', () => {
    expect(kind({ statusCode: 403, message: 'Upgrade your plan to use this' })).toBe('subscription');
  });

  it('400/409/422 without telling words → validation; others → generic', () => {
    expect(kind({ statusCode: 400, message: 'Nope' })).toBe('validation');
    expect(kind({ statusCode: 409, message: 'Nope' })).toBe('validation');
    expect(kind({ statusCode: 422, message: 'Nope' })).toBe('validation');
    expect(kind({ statusCode: 404, message: 'Nope' })).toBe('generic');
    expect(kind({ message: 'Nope' })).toBe('generic');
  });
});

describe('toastForError: by words (spec §8 order)', () => {
  it.each<[string, ToastKind]>([
    ['Unauthorized request', 'session'],
    ['Your session is over', 'session'],
    ['Token missing', 'session'],
    ['You lack permission', 'permission'],
    ['Forbidden', 'permission'],
    ['Network unreachable', 'network'],
    ['Request timeout', 'network'],
    ['Request timed out', 'network'],
    ['Internal server error', 'server'],
    ['Validation failed', 'validation'],
    ['Name is required', 'validation'],
    ['The file is broken', 'file'],
    ['Upload failed', 'file'],
    ['Rate limit reached', 'rateLimit'],
    ['Too many requests', 'rateLimit'],
    ['Your subscription does not cover this', 'subscription'],
    ['Upgrade needed', 'subscription'],
    ['WhatsApp number is not verified', 'whatsappVerification'],
    ['WhatsApp template submission limit reached', 'whatsappTemplateLimit'],
    ['Email sender is not configured', 'emailSender'],
    ['SendGrid domain verification pending', 'emailSender'],
    ['SMS gateway missing', 'smsSetup'],
    ['Template is under review', 'templateReview'],
    ['Template not found', 'templateNotFound'],
    ['Campaign could not start', 'campaign'],
    ['Customer list is empty', 'customer'],
  ])('"%s" → %s', (message, expected) => {
    expect(kind({ message })).toBe(expected);
  });

  it('email without a setup word falls through to later rules', () => {
    expect(kind({ message: 'Email campaign failed' })).toBe('campaign');
  });

  it('template without review/not-found words falls through', () => {
    expect(kind({ message: 'Template for customer broken' })).toBe('customer');
  });

  it('field error messages count as text too', () => {
    expect(kind({ message: 'Oops', errors: [{ field: 'file', message: 'Upload too big' }] })).toBe('file');
  });
});

describe('toastForError: message, duration, colour', () => {
  it('keeps the server message (already translated)', () => {
    const spec = toastForError({ code: 'EMAIL_EXISTS', statusCode: 409, message: 'An account with this email already exists' });
    expect(spec.message).toBe('An account with this email already exists');
    expect(spec.messageKey).toBeUndefined();
    expect(spec.color).toBe('red');
    expect(spec.durationMs).toBe(TOAST.errorMs);
  });

  it('the default "Internal server error" text gives way to our server message', () => {
    const spec = toastForError({ statusCode: 500, message: 'Internal server error' });
    expect(spec).toMatchObject({ kind: 'server', messageKey: 'toast.message.server', durationMs: TOAST.errorCriticalMs });
  });

  it('no message at all → the kind’s message key', () => {
    expect(toastForError({ statusCode: 403 })).toMatchObject({ messageKey: 'toast.message.permission' });
  });

  it('durations by kind', () => {
    const d = (err: object) => toastForError(err).durationMs;
    expect(d({ statusCode: 400, message: 'x' })).toBe(TOAST.errorMs);
    expect(d({ message: 'Campaign broken' })).toBe(TOAST.errorMs);
    expect(d({ statusCode: 401, message: 'x' })).toBe(TOAST.errorLongMs);
    expect(d({ statusCode: 429, message: 'x' })).toBe(TOAST.errorLongMs);
    expect(d({ code: 'PLAN_LIMIT_EXCEEDED', message: 'x' })).toBe(TOAST.errorLongMs);
    expect(d({ statusCode: 500, message: 'x' })).toBe(TOAST.errorCriticalMs);
  });

  it('colours: orange for subscription and rate limit, yellow for review, red otherwise', () => {
    expect(toastForError({ code: 'FEATURE_NOT_AVAILABLE' }).color).toBe('orange');
    expect(toastForError({ statusCode: 429 }).color).toBe('orange');
    expect(toastForError({ message: 'Template pending review' }).color).toBe('yellow');
    expect(toastForError({ statusCode: 500 }).color).toBe('red');
  });

  it('accepts Error objects, strings and nothing', () => {
    expect(toastForError(new Error('Failed to fetch')).kind).toBe('network');
    expect(toastForError('Forbidden').kind).toBe('permission');
    expect(toastForError(undefined)).toMatchObject({ kind: 'generic', titleKey: 'toast.title.generic' });
    expect(classifyError({})).toBe('generic');
  });
});
