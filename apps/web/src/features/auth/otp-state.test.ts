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

  it('returns to the page a signed-out visitor opened, never to another site or a sign-in page', () => {
    expect(afterSignIn('/dashboard', '/campaignhistory?campaign=7#report')).toBe('/campaignhistory?campaign=7#report');
    expect(afterSignIn('/dashboard', '//evil.example/x')).toBe('/dashboard');
    expect(afterSignIn('/dashboard', '/\\evil.example')).toBe('/dashboard');
    expect(afterSignIn('/dashboard', 'https://evil.example')).toBe('/dashboard');
    expect(afterSignIn('/dashboard', '/login')).toBe('/dashboard');
    expect(afterSignIn('/dashboard', '/otp-login?email=a')).toBe('/dashboard');
    expect(afterSignIn('/dashboard', 42)).toBe('/dashboard');
  });
});
