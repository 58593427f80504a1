import { translate } from '@risala/shared/i18n/index.ts';
import { describe, expect, it } from 'vitest';
import { CloudApiError } from './cloud-api.ts';
import { setupFailureReason } from './setup-reasons.ts';

const key = (err: unknown) => setupFailureReason(err, '1234').key.split('.').pop();

describe('setupFailureReason', () => {
  it("names what to fix from Meta's Graph error codes", () => {
    expect(key(new CloudApiError(401, 'Invalid OAuth access token.', 190))).toBe('token');
    expect(key(new CloudApiError(400, 'Error validating access token: Session has expired', 190))).toBe('token');
    expect(key(new CloudApiError(403, '(#200) Requires whatsapp_business_management permission', 200))).toBe('permission');
    expect(key(new CloudApiError(400, '(#10) Application does not have permission for this action', 10))).toBe('permission');
    expect(key(new CloudApiError(404, "Object with ID '1234' does not exist", 100))).toBe('unknownNumber');
    expect(key(new CloudApiError(500, 'An unknown error occurred', 1))).toBe('other');
    expect(key(new CloudApiError(0, 'unreachable: connect ECONNREFUSED'))).toBe('unreachable');
    expect(key(new Error('socket hang up'))).toBe('unreachable');
  });

  it("keeps Meta's words and code as the detail, isolated for right-to-left text, in both languages", () => {
    const reason = setupFailureReason(new CloudApiError(401, 'Invalid OAuth access token.', 190), '1234');
    expect(reason.params).toEqual({ detail: '\u2068Invalid OAuth access token. (#190)\u2069' });
    expect(translate('en', reason.key, reason.params)).toContain('access token is invalid or has expired');
    expect(translate('ar', reason.key, reason.params)).toContain('رمز الوصول غير صالح');
    const unknown = setupFailureReason(new CloudApiError(404, 'Not found'), '1234');
    expect(translate('en', unknown.key, unknown.params)).toContain('phone number ID \u20681234\u2069');
    expect(unknown.params?.detail).toBe('\u2068Not found (HTTP 404)\u2069');
  });
});
