import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact.ts';

describe('redactUrl', () => {
  it('hides secrets in query strings and keeps the rest', () => {
    expect(redactUrl('/reset-password?token=abc.def-ghi')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/?token=eyJhbGciOi.x.y&user_id=12')).toBe('/?token=[redacted]&user_id=12');
    expect(redactUrl('/api/s3/download?key=acc_1%2Fa.png&exp=1795&sig=AbC_12')).toBe(
      '/api/s3/download?key=acc_1%2Fa.png&exp=1795&sig=[redacted]',
    );
    expect(redactUrl('/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=s3cret&hub.challenge=42')).toBe(
      '/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=42',
    );
    expect(redactUrl('/x?TOKEN=a&%74oken=b&page=2')).toBe('/x?TOKEN=[redacted]&%74oken=[redacted]&page=2');
    expect(redactUrl('/api/customers?search=token&page=1')).toBe('/api/customers?search=token&page=1');
  });
  it('hides the secret segment of signed paths', () => {
    expect(redactUrl('/webhooks/http-dlr/7/5f2a9c?id=1&stat=DELIVRD')).toBe('/webhooks/http-dlr/7/[redacted]?id=1&stat=DELIVRD');
    expect(redactUrl('/t/u/123/9a8b7c')).toBe('/t/u/123/[redacted]');
    expect(redactUrl('/t/c/123/9a8b7c?u=https%3A%2F%2Fexample.com')).toBe('/t/c/123/[redacted]?u=https%3A%2F%2Fexample.com');
    expect(redactUrl('/api/s3/public/Zm9vYmFyc2lnbmF0dXJl/acc_1/a.png')).toBe('/api/s3/public/[redacted]/acc_1/a.png');
    expect(redactUrl('/api/s3/public/Zm9vYmFy?x=1')).toBe('/api/s3/public/[redacted]?x=1');
    expect(redactUrl('/api/brands/12')).toBe('/api/brands/12');
  });
});
