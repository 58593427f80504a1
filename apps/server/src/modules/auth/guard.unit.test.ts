import { permissionTreeFor } from '@risala/shared';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { type AuthContext, planGate, readToken, requireAuth, requirePermission } from './guard.ts';

const DAY = 86_400_000;

function request(auth: Partial<AuthContext> | null, extra: Record<string, unknown> = {}): FastifyRequest {
  const full: AuthContext | null = auth && {
    userId: 1,
    accountId: 1,
    sessionId: 's',
    role: 'owner',
    permissions: permissionTreeFor('owner'),
    plan: 'free_trial',
    userCreatedAt: new Date(),
    language: 'en',
    ...auth,
  };
  return { auth: full, headers: {}, cookies: {}, ...extra } as unknown as FastifyRequest;
}

const daysOld = (days: number) => new Date(Date.now() - days * DAY);

describe('planGate', () => {
  it('lets a free trial at 10 days through', async () => {
    await expect(planGate(request({ plan: 'free_trial', userCreatedAt: daysOld(10) }))).resolves.toBeUndefined();
  });

  it('lets a trial in its last-week warning through', async () => {
    await expect(planGate(request({ plan: 'free_trial', userCreatedAt: daysOld(56) }))).resolves.toBeUndefined();
  });

  for (const [plan, days] of [
    ['free_trial', 65],
    ['free_trial', 100],
    ['free', 65],
    ['free', 100],
  ] as const) {
    it(`refuses ${plan} at ${days} days with SUBSCRIPTION_REQUIRED (403)`, async () => {
      const err = await planGate(request({ plan, userCreatedAt: daysOld(days) })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED', statusCode: 403 });
    });
  }

  for (const plan of ['starter', 'growth', 'enterprise']) {
    it(`lets the paid plan ${plan} through at 100 days`, async () => {
      await expect(planGate(request({ plan, userCreatedAt: daysOld(100) }))).resolves.toBeUndefined();
    });
  }

  it('refuses a request without a session with UNAUTHORIZED', async () => {
    await expect(planGate(request(null))).rejects.toMatchObject({ code: 'UNAUTHORIZED', statusCode: 401 });
  });
});

describe('requirePermission and requireAuth', () => {
  it("checks the caller's permission tree", async () => {
    const viewer = request({ role: 'viewer', permissions: permissionTreeFor('viewer') });
    await expect(requirePermission('campaign', 'view')(viewer)).resolves.toBeUndefined();
    await expect(requirePermission('campaign', 'create')(viewer)).rejects.toMatchObject({ code: 'FORBIDDEN', statusCode: 403 });
    await expect(requirePermission('user_management', 'view')(viewer)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(requirePermission('billing', 'update')(request({}))).resolves.toBeUndefined();
    await expect(requirePermission('billing', 'view')(request({ permissions: permissionTreeFor('admin') }))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(requirePermission('campaign', 'view')(request(null))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('requireAuth returns the context or throws UNAUTHORIZED', () => {
    expect(requireAuth(request({ userId: 42 })).userId).toBe(42);
    expect(() => requireAuth(request(null))).toThrow(AppError);
  });
});

describe('readToken', () => {
  it('prefers the Bearer header, falls back to the token cookie', () => {
    expect(readToken(request(null, { headers: { authorization: 'Bearer abc' }, cookies: { token: 'cookie' } }))).toBe('abc');
    expect(readToken(request(null, { cookies: { token: 'cookie' } }))).toBe('cookie');
    expect(readToken(request(null, { headers: { authorization: 'Basic abc' } }))).toBeNull();
    expect(readToken(request(null, { headers: { authorization: 'Bearer   ' } }))).toBeNull();
    expect(readToken(request(null))).toBeNull();
  });
});
