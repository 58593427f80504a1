import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '@risala/shared';
import {
  bearer,
  createTestApp,
  json,
  latestOtp,
  registration,
  STRONG_PASSWORD,
  signIn,
  signUp,
  type TestApp,
  uniqueEmail,
} from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (app: TestApp, payload: Record<string, unknown>, remoteAddress?: string) =>
  app.app.inject({ method: 'POST', url: '/api/auth/login', payload, ...(remoteAddress ? { remoteAddress } : {}) });

const profile = (userId: number, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/auth/user/${userId}`, ...extra });

const countSessions = async (userId: number) =>
  (await t.sql('select count(*)::int as n from sessions where user_id = $1', [userId]))[0].n as number;

describe('POST /api/auth/login', () => {
  it('signs in: token, user without password hash, permission tree, landing and cookies', async () => {
    const { email, userId } = await signUp(t);
    const res = await login(t, { email: email.toUpperCase(), password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data.token.split('.')).toHaveLength(3);
    expect(data.user).toMatchObject({ id: userId, email, role: 'owner', email_verified: true, status: 'ACTIVE' });
    expect(res.body).not.toContain('password_hash');
    expect(res.body).not.toContain('$argon2id');
    expect(data.permissions.sms_portal).toHaveLength(ENTITIES.length); // the owner holds every area
    for (const entity of data.permissions.sms_portal) {
      expect(entity.entity_url).toMatch(/^\//);
      expect(Array.isArray(entity.actions) && entity.actions.length > 0).toBe(true);
    }
    expect(data.landing).toBe('/dashboard');
    const ttl = new Date(data.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(11.9 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(12 * 3600_000);

    const token = res.cookies.find((c) => c.name === 'token');
    expect(token).toMatchObject({ value: data.token, httpOnly: true, sameSite: 'Strict', path: '/' });
    const uid = res.cookies.find((c) => c.name === 'user_id');
    expect(uid).toMatchObject({ value: String(userId), path: '/', maxAge: 30 * 86_400 });
    expect(uid?.httpOnly).toBeFalsy();

    const [session] = await t.sql('select ip, revoked_at from sessions where user_id = $1', [userId]);
    expect(session).toEqual({ ip: '127.0.0.1', revoked_at: null });
  });

  it('answers a wrong password and an unknown email identically with 401 INVALID_LOGIN_DATA', async () => {
    const { email, userId } = await signUp(t);
    const before = await countSessions(userId); // the sign-up's own session (the code signs in)
    const wrong = await login(t, { email, password: 'Wr0ng!Pass' });
    const unknown = await login(t, { email: uniqueEmail('nobody'), password: STRONG_PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(json(res).code).toBe('INVALID_LOGIN_DATA');
    }
    expect(json(wrong).message).toBe(json(unknown).message);
    expect(json(wrong).message).toBe('Invalid email or password');
    expect(await countSessions(userId)).toBe(before);
    const attempts = await t.sql('select success from login_attempts where email = $1', [email]);
    expect(attempts).toEqual([{ success: false }]);
  });

  it('refuses an unverified user with 403 EMAIL_NOT_VERIFIED (but a wrong password stays 401)', async () => {
    const body = registration();
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    const res = await login(t, { email: body.email, password: body.password });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('EMAIL_NOT_VERIFIED');
    expect(json(await login(t, { email: body.email, password: 'Wr0ng!Pass' })).code).toBe('INVALID_LOGIN_DATA');
  });

  it('refuses an inactive user with 403 USER_INACTIVE, and their open session too', async () => {
    const { email, userId } = await signUp(t);
    const { token } = await signIn(t, email);
    await t.sql("update users set status = 'INACTIVE' where id = $1", [userId]);
    const res = await login(t, { email, password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('USER_INACTIVE');
    const open = await profile(userId, { headers: bearer(token) });
    expect(open.statusCode).toBe(403);
    expect(json(open).code).toBe('USER_INACTIVE');
  });

  it('refuses a role without any permission with 403 NO_PERMISSIONS_TO_LOGIN', async () => {
    const { email, userId } = await signUp(t);
    const before = await countSessions(userId);
    await t.sql(`update roles set permissions = '{"sms_portal":[]}' where id = (select role_id from users where id = $1)`, [userId]);
    const res = await login(t, { email, password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('NO_PERMISSIONS_TO_LOGIN');
    expect(await countSessions(userId)).toBe(before);
  });

  it('validates the body: a missing password or a bad email is 400 VALIDATION_ERROR', async () => {
    const res = await login(t, { email: 'x@example.com' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'password', message: 'This field is required' }] });
    expect(json(await login(t, { email: 'x', password: 'a' })).errors).toContainEqual({
      field: 'email',
      message: 'Enter a valid email address',
    });
  });
});

describe('two-step sign-in', () => {
  it('requires the mailed code once turned on, then the code signs in', async () => {
    const { email, userId } = await signUp(t);
    const first = await signIn(t, email);
    const on = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/user/${userId}`,
      headers: bearer(first.token),
      payload: { two_factor_enabled: true },
    });
    expect(on.statusCode).toBe(200);
    expect(json(on).data.user.two_factor_enabled).toBe(true);
    const sessionsBefore = await countSessions(userId);

    const plain = await login(t, { email, password: STRONG_PASSWORD });
    expect(plain.statusCode).toBe(403);
    expect(json(plain).code).toBe('LOGIN_WITH_OTP_REQUIRED');
    expect(plain.cookies).toEqual([]);

    const badPassword = await t.app.inject({ method: 'POST', url: '/api/auth/login-with-otp', payload: { email, password: 'Wr0ng!Pass' } });
    expect(badPassword.statusCode).toBe(401);
    expect(json(badPassword).code).toBe('INVALID_LOGIN_DATA');
    expect((await t.sql("select count(*)::int as n from otp_codes where user_id = $1 and purpose = 'login'", [userId]))[0].n).toBe(0);

    const sent = await t.app.inject({ method: 'POST', url: '/api/auth/login-with-otp', payload: { email, password: STRONG_PASSWORD } });
    expect(sent.statusCode).toBe(200);
    expect(json(sent).data).toMatchObject({ otp_sent: true, provider: 'sandbox' });
    expect(json(sent).data.token).toBeUndefined();
    expect(await countSessions(userId)).toBe(sessionsBefore);

    const code = await latestOtp(t, email);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-login-otp',
      payload: { email, otp: code === '000000' ? '111111' : '000000' },
    });
    expect(json(wrong)).toMatchObject({ code: 'OTP_INVALID', data: { attempts_left: 4 } });

    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/verify-login-otp', payload: { email, otp: code } });
    expect(ok.statusCode).toBe(200);
    const { token, user } = json(ok).data;
    expect(user.id).toBe(userId);
    expect(ok.cookies.find((c) => c.name === 'token')?.value).toBe(token);
    const me = await profile(userId, { headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(json(me).data.user.two_factor_enabled).toBe(true);

    const replay = await t.app.inject({ method: 'POST', url: '/api/auth/verify-login-otp', payload: { email, otp: code } });
    expect(json(replay).code).toBe('OTP_INVALID');
  });
});

describe('tokens', () => {
  let userId: number;
  let token: string;
  beforeAll(async () => {
    const user = await signUp(t);
    userId = user.userId;
    token = (await signIn(t, user.email)).token;
  });

  it('accepts the token as Authorization Bearer and as the token cookie', async () => {
    const viaHeader = await profile(userId, { headers: bearer(token) });
    expect(viaHeader.statusCode).toBe(200);
    expect(json(viaHeader).data.user.id).toBe(userId);
    const viaCookie = await profile(userId, { cookies: { token } });
    expect(viaCookie.statusCode).toBe(200);
    expect(json(viaCookie).data.user.id).toBe(userId);
  });

  it('answers a missing token with 401 UNAUTHORIZED', async () => {
    const res = await profile(userId);
    expect(res.statusCode).toBe(401);
    expect(json(res)).toMatchObject({ code: 'UNAUTHORIZED', isError: true });
    expect(json(await profile(userId, { headers: { authorization: 'Bearer ' } })).code).toBe('UNAUTHORIZED');
  });

  it('answers a garbage token with 401 INVALID_TOKEN', async () => {
    for (const bad of ['garbage', 'a.b.c', `${token}x`]) {
      const res = await profile(userId, { headers: bearer(bad) });
      expect(res.statusCode).toBe(401);
      expect(json(res).code).toBe('INVALID_TOKEN');
    }
  });

  it('answers a token signed with another secret with 401 INVALID_TOKEN', async () => {
    const [session] = await t.sql('select id from sessions where user_id = $1', [userId]);
    const forged = await new SignJWT({ id: userId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(session.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-but-long-enough-0123456789'));
    const res = await profile(userId, { headers: bearer(forged) });
    expect(res.statusCode).toBe(401);
    expect(json(res).code).toBe('INVALID_TOKEN');
  });

  it('answers a correctly signed token without a session with 401 SESSION_EXPIRED', async () => {
    const orphan = await new SignJWT({ id: userId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti('00000000-0000-4000-8000-000000000000')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(t.ctx.config.jwtSecret));
    const res = await profile(userId, { headers: bearer(orphan) });
    expect(res.statusCode).toBe(401);
    expect(json(res).code).toBe('SESSION_EXPIRED');
  });

  it('logout revokes the session: the same token is then SESSION_EXPIRED', async () => {
    const { email, userId: id } = await signUp(t);
    const session = await signIn(t, email);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(session.token) });
    expect(out.statusCode).toBe(200);
    expect(json(out).data).toEqual({ logged_out: true });
    const cleared = out.cookies.find((c) => c.name === 'token');
    expect(cleared?.value).toBe('');
    const { jti } = JSON.parse(Buffer.from(session.token.split('.')[1] as string, 'base64url').toString());
    const [row] = await t.sql('select revoked_at from sessions where user_id = $1 and id = $2', [id, jti]);
    expect(row.revoked_at).toBeInstanceOf(Date);
    const after = await profile(id, { headers: bearer(session.token) });
    expect(after.statusCode).toBe(401);
    expect(json(after).code).toBe('SESSION_EXPIRED');
  });

  it('logout without a token (or with a bad one) still answers 200', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(none.statusCode).toBe(200);
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer('garbage') });
    expect(bad.statusCode).toBe(200);
    // the other user's session was not touched by either
    expect((await profile(userId, { headers: bearer(token) })).statusCode).toBe(200);
  });
});

describe('expired tokens', () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({ JWT_TTL_HOURS: '0.0001' });
  });
  afterAll(async () => {
    await short.close();
  });

  it('answers a token past its expiry with 401 SESSION_EXPIRED', async () => {
    const { email, userId } = await signUp(short);
    const { token } = await signIn(short, email);
    await new Promise((r) => setTimeout(r, 1100));
    const res = await short.app.inject({ method: 'GET', url: `/api/auth/user/${userId}`, headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(json(res).code).toBe('SESSION_EXPIRED');
  });
});

describe('login rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ LOGIN_MAX_FAILURES_PER_EMAIL: '3', LOGIN_MAX_FAILURES_PER_IP: '4' });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('after 3 failures for an address from one IP, that IP is 429 even with the right password; elsewhere the owner signs in', async () => {
    const { email, userId } = await signUp(limited);
    const before = await limited.sql('select count(*)::int as n from sessions where user_id = $1', [userId]);
    for (let i = 0; i < 3; i++) {
      expect(json(await login(limited, { email, password: 'Wr0ng!Pass' }, '10.0.1.1')).code).toBe('INVALID_LOGIN_DATA');
    }
    const res = await login(limited, { email, password: STRONG_PASSWORD }, '10.0.1.1');
    expect(res.statusCode).toBe(429);
    expect(json(res).code).toBe('RATE_LIMITED');
    expect(json(res).data.retry_after).toBeGreaterThan(15 * 60 - 10);
    expect(Number(res.headers['retry-after'])).toBe(json(res).data.retry_after);
    const sessions = await limited.sql('select count(*)::int as n from sessions where user_id = $1', [userId]);
    expect(sessions[0].n).toBe(before[0].n);
    // someone else's wrong passwords do not lock the owner out from their own computer
    expect((await login(limited, { email, password: STRONG_PASSWORD }, '10.0.1.4')).statusCode).toBe(200);
    // the window passes: failures older than 15 minutes no longer count
    await limited.sql("update login_attempts set created_at = now() - interval '16 minutes' where email = $1", [email]);
    expect((await login(limited, { email, password: STRONG_PASSWORD }, '10.0.1.1')).statusCode).toBe(200);
  });

  it('after 4 failures from one IP (different addresses) that IP is 429, another IP gets through', async () => {
    const { email } = await signUp(limited);
    const ip = '10.0.2.1';
    for (let i = 0; i < 4; i++) {
      expect((await login(limited, { email: uniqueEmail('spray'), password: 'Wr0ng!Pass' }, ip)).statusCode).toBe(401);
    }
    const blocked = await login(limited, { email, password: STRONG_PASSWORD }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked).code).toBe('RATE_LIMITED');
    const other = await login(limited, { email, password: STRONG_PASSWORD }, '10.0.2.2');
    expect(other.statusCode).toBe(200);
    expect(json(other).data.token).toBeTruthy();
  });
});
