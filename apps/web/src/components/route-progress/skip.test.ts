import { describe, expect, it } from 'vitest';
import { shouldShowRouteProgress } from './skip.ts';

describe('route progress skip rule (spec §2)', () => {
  it('shows for ordinary route changes', () => {
    expect(shouldShowRouteProgress('/dashboard')).toBe(true);
    expect(shouldShowRouteProgress('/campaign?page=2')).toBe(true);
    expect(shouldShowRouteProgress('/user-profile')).toBe(true);
  });

  it('skips targets containing q=, login or monitoring', () => {
    expect(shouldShowRouteProgress('/customer?q=ali')).toBe(false);
    expect(shouldShowRouteProgress('/customer?page=1&q=ali')).toBe(false);
    expect(shouldShowRouteProgress('/login')).toBe(false);
    expect(shouldShowRouteProgress('/otp-login?email=a@b.c')).toBe(false);
    expect(shouldShowRouteProgress('/admin/monitoring')).toBe(false);
  });
});
