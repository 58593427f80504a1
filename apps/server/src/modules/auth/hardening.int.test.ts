import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  json,
  mailsTo,
  STRONG_PASSWORD,
  signIn,
  signUp,
  type TestApp,
  uniqueEmail,
  waitForMails,
} from '../../test/helper.ts';

/** Regressions for weaknesses found in review: each test failed before its fix. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '4' });
});
afterAll(async () => {
  await t.close();
});

describe('auth hardening', () => {
  it('?lang=ar is honoured on routes with a validated querystring', async () => {
    const { email } = await signUp(t);
    const { token } = await signIn(t, email);
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications?lang=ar', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.notifications[0].title).toBe('مرحبًا بك في رسالة');
  });

  it('the old_password field error is a translated message, not an i18n key', async () => {
    const { email } = await signUp(t);
    const { token } = await signIn(t, email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { old_password: 'Wr0ng!Pass', password: 'N3w!Secret', confirm_password: 'N3w!Secret' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual([{ field: 'old_password', message: 'The old password is incorrect' }]);
  });

  it('send-otp answers a registered and an unknown address with the same shape', async () => {
    const { email } = await signUp(t);
    const known = await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { email, purpose: 'reset' } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      payload: { email: uniqueEmail('ghost'), purpose: 'reset' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(Object.keys(json(known).data).sort()).toEqual(Object.keys(json(unknown).data).sort());
  });

  it('a client-supplied X-Forwarded-For does not reset the per-IP login limit', async () => {
    const { email } = await signUp(t);
    const ip = '10.9.9.9';
    for (let i = 0; i < 4; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: uniqueEmail('spray'), password: 'Wr0ng!Pass' },
      });
    }
    const direct = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(direct.statusCode).toBe(429);
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      headers: { 'x-forwarded-for': '203.0.113.77' },
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(spoofed.statusCode).toBe(429);
  });

  it('once the password is reset with the link, the code from the same mail is dead', async () => {
    const { email } = await signUp(t);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    await t.ctx.background.drain();
    const [mail] = await waitForMails(t, email, 2);
    const token = decodeURIComponent(/reset-password\?token=(\S+)/.exec(mail.text ?? '')?.[1] ?? '');
    const code = /verification page: (\d{6})/.exec(mail.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'N3w!Secret', confirm_password: 'N3w!Secret' },
    });
    expect(reset.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp: code, purpose: 'reset' } });
    expect(again.statusCode).toBe(400);
    expect(json(again).data?.reset_token).toBeUndefined();
  });

  it('forgot-password stops mailing an address once the hourly cap is reached', async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 8; i++) {
      await t.sql("update otp_codes set created_at = created_at - interval '2 minutes' where email = $1", [email]);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } })).statusCode).toBe(200);
      await t.ctx.background.drain(); // the reset work follows the answer
    }
    await new Promise((r) => setTimeout(r, 300));
    const resets = (await mailsTo(t, email)).filter((m) => /reset/i.test(m.subject));
    expect(resets.length).toBe(5);
  });

  it('public reset requests cannot use up the sign-in codes of a two-step user', async () => {
    const { email, userId } = await signUp(t);
    const { token } = await signIn(t, email);
    await t.app.inject({ method: 'PUT', url: `/api/auth/user/${userId}`, headers: bearer(token), payload: { two_factor_enabled: true } });
    for (let i = 0; i < 6; i++) {
      await t.sql("update otp_codes set created_at = created_at - interval '2 minutes' where email = $1", [email]);
      await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { email, purpose: 'reset' } });
    }
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login-with-otp', payload: { email, password: STRONG_PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect(json(login).data.otp_sent).toBe(true);
  });
});
