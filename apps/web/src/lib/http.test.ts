import { describe, expect, it } from 'vitest';
import {
  areaFromPath,
  decideHttpReaction,
  isAuthFlowPath,
  isPublicPath,
  isSubscriptionRelated,
  networkError,
  normalizeError,
} from './http.ts';

describe('normalizeError', () => {
  it('keeps the error envelope', () => {
    const err = normalizeError(409, {
      statusCode: 409,
      code: 'EMAIL_EXISTS',
      message: 'An account with this email already exists',
      errors: [{ field: 'email', message: 'An account with this email already exists' }],
      isError: true,
      data: { hint: 1 },
    });
    expect(err).toEqual({
      isError: true,
      statusCode: 409,
      code: 'EMAIL_EXISTS',
      message: 'An account with this email already exists',
      errors: [{ field: 'email', message: 'An account with this email already exists' }],
      data: { hint: 1 },
    });
  });

  it('without errors, the list holds the message', () => {
    expect(normalizeError(400, { message: 'Bad' }).errors).toEqual([{ message: 'Bad' }]);
  });

  it('defaults: "Internal server error" and the HTTP status, else 500', () => {
    expect(normalizeError(undefined, undefined)).toEqual({
      isError: true,
      statusCode: 500,
      message: 'Internal server error',
      errors: [{ message: 'Internal server error' }],
    });
    expect(normalizeError(502, '').statusCode).toBe(502);
    expect(normalizeError(0, null).statusCode).toBe(500);
  });

  it('uses a short text body as the message, ignores long ones (HTML pages)', () => {
    expect(normalizeError(502, 'Bad gateway').message).toBe('Bad gateway');
    expect(normalizeError(502, `<html>${'x'.repeat(400)}</html>`).message).toBe('Internal server error');
  });

  it('prefers the body statusCode, reads `error`, and drops malformed field errors', () => {
    const err = normalizeError(400, {
      statusCode: 422,
      error: 'Unprocessable',
      errors: [{ nope: 1 }, 'plain', { field: 3, message: 'm' }],
    });
    expect(err.statusCode).toBe(422);
    expect(err.message).toBe('Unprocessable');
    expect(err.errors).toEqual([{ message: 'plain' }, { message: 'm' }]);
  });

  it('network errors carry the flag', () => {
    expect(networkError(false)).toMatchObject({ isNetworkError: true, statusCode: 500, message: 'Network error' });
    expect(networkError(true).message).toBe('Request timed out');
  });
});

describe('paths', () => {
  it('public paths carry no Authorization header', () => {
    for (const p of [
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/verify-otp',
      '/api/auth/send-otp',
      '/api/auth/resend-otp',
      '/api/auth/login-with-otp',
      '/api/auth/verify-login-otp',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/password/reset-password',
      '/api/sandbox/mails?to=a@b.c',
      '/api/sandbox/status',
      '/health',
    ]) {
      expect(isPublicPath(p), p).toBe(true);
    }
    for (const p of ['/api/auth/user/1', '/api/auth/logout', '/api/notifications/count', '/api/auth/change-password']) {
      expect(isPublicPath(p), p).toBe(false);
    }
  });

  it('sign-in flow paths never redirect', () => {
    for (const p of [
      '/api/auth/login',
      '/api/auth/login-with-otp',
      '/api/auth/verify-login-otp',
      '/api/auth/register',
      '/api/auth/send-otp',
      '/api/auth/verify-otp',
      '/api/auth/resend-otp',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/password/reset-password',
      '/api/auth/logout',
    ]) {
      expect(isAuthFlowPath(p), p).toBe(true);
    }
    for (const p of ['/api/auth/user/1', '/api/brands', '/api/auth/change-password', '/api/notifications']) {
      expect(isAuthFlowPath(p), p).toBe(false);
    }
  });

  it('area from path', () => {
    expect(areaFromPath('/api/whatsapp/templates')).toBe('whatsapp');
    expect(areaFromPath('/api/sender-management/email/config')).toBe('email');
    expect(areaFromPath('/api/sender-management/sms/config')).toBe('sms');
    expect(areaFromPath('/api/templates/3')).toBe('template');
    expect(areaFromPath('/api/campaigns/3')).toBe('campaign');
    expect(areaFromPath('/api/customers?x=1')).toBe('customer');
    expect(areaFromPath('/api/brands')).toBeUndefined();
  });

  it('subscription-related: codes or words', () => {
    expect(isSubscriptionRelated({ code: 'SUBSCRIPTION_REQUIRED' })).toBe(true);
    expect(isSubscriptionRelated({ code: 'NO_VALID_PLAN' })).toBe(true);
    expect(isSubscriptionRelated({ message: 'Please upgrade' })).toBe(true);
    expect(isSubscriptionRelated({ message: 'Not in your plan' })).toBe(true);
    expect(isSubscriptionRelated({ message: 'Subscription inactive' })).toBe(true);
    expect(isSubscriptionRelated({ code: 'FORBIDDEN', message: "You don't have permission to do this" })).toBe(false);
    expect(isSubscriptionRelated(undefined)).toBe(false);
  });
});

describe('decideHttpReaction (spec §8)', () => {
  it('401/403 elsewhere → logout with the server text (fallback: session expired)', () => {
    expect(decideHttpReaction('/api/brands', 401, { message: 'Not authorized. Please sign in.' })).toEqual({
      kind: 'logout',
      message: 'Not authorized. Please sign in.',
      messageKey: 'http.sessionExpired',
    });
    expect(decideHttpReaction('/api/brands', 403, { code: 'USER_INACTIVE', message: 'Inactive' }).kind).toBe('logout');
    // a missing permission keeps the session (spec §6: "You don't have permission to do this")
    expect(decideHttpReaction('/api/brands', 403, { code: 'FORBIDDEN', message: "You don't have permission to do this" })).toEqual({
      kind: 'toast',
      message: "You don't have permission to do this",
      messageKey: 'errors.FORBIDDEN',
    });
    expect(decideHttpReaction('/api/brands', 401, {})).toEqual({ kind: 'logout', message: undefined, messageKey: 'http.sessionExpired' });
    // nor a change only an owner may make
    expect(decideHttpReaction('/api/users/3/role', 403, { code: 'OWNER_ONLY', message: 'Only an owner' })).toEqual({
      kind: 'toast',
      message: 'Only an owner',
      messageKey: 'errors.OWNER_ONLY',
    });
    // a request refused as another site's is not a dead session either
    expect(decideHttpReaction('/api/s3/upload', 403, { code: 'CROSS_SITE_REQUEST', message: 'Refused' })).toEqual({
      kind: 'toast',
      message: 'Refused',
      messageKey: 'errors.CROSS_SITE_REQUEST',
    });
  });

  it('plan gating never logs out', () => {
    expect(decideHttpReaction('/api/campaigns', 403, { code: 'PLAN_LIMIT_EXCEEDED', message: 'Limit' })).toEqual({
      kind: 'subscription',
      message: 'Limit',
      messageKey: 'http.subscriptionRequired',
    });
    expect(decideHttpReaction('/api/campaigns', 403, { message: 'Upgrade your plan' }).kind).toBe('subscription');
    expect(decideHttpReaction('/api/campaigns', 401, { code: 'FEATURE_NOT_AVAILABLE' })).toEqual({
      kind: 'subscription',
      message: undefined,
      messageKey: 'http.subscriptionRequired',
    });
  });

  it('401/403 on sign-in paths → a toast, no redirect', () => {
    for (const path of [
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/verify-otp',
      '/api/auth/reset-password',
      '/api/auth/forgot-password',
    ]) {
      const reaction = decideHttpReaction(path, 401, { message: 'Invalid email or password' });
      expect(reaction, path).toEqual({ kind: 'toast', message: 'Invalid email or password', messageKey: 'http.unauthorized' });
    }
    expect(decideHttpReaction('/api/auth/login', 403, { code: 'USER_INACTIVE', message: 'Inactive' }).kind).toBe('toast');
  });

  it('500 → internal error with the area from the path', () => {
    for (const [path, area] of [
      ['/api/whatsapp/templates', 'whatsapp'],
      ['/api/sender-management/email/config', 'email'],
      ['/api/sms-senders/2', 'sms'],
      ['/api/templates/1', 'template'],
      ['/api/campaigns', 'campaign'],
      ['/api/customer/4', 'customer'],
    ]) {
      expect(decideHttpReaction(path, 500, { message: 'boom' }), path).toEqual({ kind: 'toast', messageKey: 'http.serverErrorArea', area });
    }
    expect(decideHttpReaction('/api/brands', 500, {})).toEqual({ kind: 'toast', messageKey: 'http.serverError' });
    expect(decideHttpReaction('/api/brands', 503, {}).kind).toBe('toast');
  });

  it('404 → resource not found (template, customer), silent for WhatsApp/email sender management', () => {
    expect(decideHttpReaction('/api/brands/9', 404, {})).toEqual({ kind: 'toast', messageKey: 'http.notFound.generic' });
    expect(decideHttpReaction('/api/templates/template/9', 404, {})).toEqual({ kind: 'toast', messageKey: 'http.notFound.template' });
    expect(decideHttpReaction('/api/customer/9', 404, {})).toEqual({ kind: 'toast', messageKey: 'http.notFound.customer' });
    expect(decideHttpReaction('/api/sender-management/whatsapp/config', 404, {})).toEqual({ kind: 'silent' });
    expect(decideHttpReaction('/api/sender-management/email/config?x=1', 404, {})).toEqual({ kind: 'silent' });
    expect(decideHttpReaction('/api/sender-management/sms/config', 404, {}).kind).toBe('toast');
  });

  it('other statuses → toast with the server message', () => {
    expect(decideHttpReaction('/api/brands', 409, { code: 'NAME_EXISTS', message: 'This name already exists' })).toEqual({
      kind: 'toast',
      message: 'This name already exists',
      messageKey: 'http.generic',
    });
    expect(decideHttpReaction('/api/brands', 400, { message: 'Internal server error' })).toEqual({
      kind: 'toast',
      message: undefined,
      messageKey: 'http.generic',
    });
  });

  it('network errors, timeouts and aborts', () => {
    expect(decideHttpReaction('/api/brands', 500, networkError(false))).toEqual({ kind: 'toast', messageKey: 'http.network' });
    expect(decideHttpReaction('/api/brands', 500, networkError(true))).toEqual({ kind: 'toast', messageKey: 'http.timeout' });
    expect(decideHttpReaction('/api/brands', 500, { ...networkError(false), isAborted: true })).toEqual({ kind: 'silent' });
  });
});
