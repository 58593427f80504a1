import { describe, expect, it } from 'vitest';
import { afterSignIn, retryAfterOf, suggestionsOf } from './otp-state.ts';

describe('otp helpers', () => {
  it('reads retry_after from OTP_RESEND_COOLDOWN data', () => {
    expect(retryAfterOf({ data: { retry_after: 42 } })).toBe(42);
    expect(retryAfterOf({ data: { retry_after: 4.2 } })).toBe(5);
    expect(retryAfterOf({ data: {} })).toBeUndefined();
    expect(retryAfterOf({})).toBeUndefined();
  });

  it('reads string suggestions from HIGH_FREQUENCY_OTP data', () => {
    expect(suggestionsOf({ data: { suggestions: ['Wait an hour', 3] } })).toEqual(['Wait an hour']);
    expect(suggestionsOf({})).toEqual([]);
  });

  it('never lands back on /login after signing in', () => {
    expect(afterSignIn('/dashboard')).toBe('/dashboard');
    expect(afterSignIn('/login')).toBe('/profile');
  });
});
