/**
 * Limits that hold under concurrency and cover every public or mail-sending
 * endpoint, each answering 429 RATE_LIMITED with retry_after (and Retry-After).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, registration, STRONG_PASSWORD, signIn, type TestApp, uniqueEmail } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_STEP_UP_FAILURES_PER_EMAIL: '8',
    RATE_LIMIT_REGISTER_PER_IP_PER_HOUR: '3',
    RATE_LIMIT_OTP_PER_IP_PER_HOUR: '6',
    RATE_LIMIT_OTP_PER_ADDRESS_PER_HOUR: '3',
    RATE_LIMIT_SUPPORT_PER_USER_PER_HOUR: '2',
    RATE_LIMIT_SUPPORT_PER_ACCOUNT_PER_DAY: '3',
  });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress, headers });

let nextIp = 0;
/** A verified owner, registered from an address of its own (this suite's per-IP limits are low). */
async function owner() {
  const body = registration();
  const ip = `10.99.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;
  expect((await post('/api/auth/register', body, ip)).statusCode).toBe(201);
  const [mail] = await t.sql<{ otp_code: string }>(
    'select otp_code from sandbox_mails where $1 = any(to_addresses) order by id desc limit 1',
    [body.email.toLowerCase()],
  );
  expect((await post('/api/auth/verify-otp', { email: body.email, otp: mail?.otp_code }, ip)).statusCode).toBe(200);
  return { email: body.email };
}

function expectLimited(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode, res.body).toBe(429);
  expect(json(res).code).toBe('RATE_LIMITED');
  expect(json(res).data.retry_after).toBeGreaterThan(0);
  expect(res.headers['retry-after']).toBe(String(json(res).data.retry_after));
}

describe('sign-in', () => {
  it('12 wrong passwords at once: exactly 5 are checked, 7 are refused before hashing', async () => {
    const { email } = await owner();
    const ip = '10.20.0.1';
    const all = await Promise.all(Array.from({ length: 12 }, () => post('/api/auth/login', { email, password: 'Wr0ng!Pass1' }, ip)));
    const codes = all.map((r) => json(r).code).sort();
    expect(codes.filter((c) => c === 'INVALID_LOGIN_DATA')).toHaveLength(5);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(7);
    expectLimited(all.find((r) => r.statusCode === 429) as Awaited<ReturnType<typeof post>>);
    // the owner, from their own computer, is not locked out by them
    expect((await post('/api/auth/login', { email, password: STRONG_PASSWORD }, '10.20.0.2')).statusCode).toBe(200);
  });

  it('an address guessed at from many places needs a mailed code on top of the right password', async () => {
    const { email } = await owner();
    for (let i = 0; i < 9; i++) await post('/api/auth/login', { email, password: 'Wr0ng!Pass1' }, `10.30.0.${i + 1}`);
    const res = await post('/api/auth/login', { email, password: STRONG_PASSWORD }, '10.30.1.1');
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('LOGIN_WITH_OTP_REQUIRED');
    // a wrong password still says only that
    expect(json(await post('/api/auth/login', { email, password: 'Wr0ng!Pass1' }, '10.30.1.2')).code).toBe('INVALID_LOGIN_DATA');
    // the two-step path lets the owner in
    expect((await post('/api/auth/login-with-otp', { email, password: STRONG_PASSWORD }, '10.30.1.1')).statusCode).toBe(200);
    const [mail] = await t.sql<{ otp_code: string }>(
      `select otp_code from sandbox_mails where $1 = any(to_addresses) and headers->>'x-risala-mail' = 'otp-login' order by id desc limit 1`,
      [email.toLowerCase()],
    );
    const done = await post('/api/auth/verify-login-otp', { email, otp: mail?.otp_code }, '10.30.1.1');
    expect(done.statusCode).toBe(200);
    expect(json(done).data.token).toBeTruthy();
  });
});

describe('registration, codes and mails', () => {
  it('registration is limited per IP', async () => {
    const ip = '10.40.0.1';
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/register', registration(), ip)).statusCode).toBe(201);
    expectLimited(await post('/api/auth/register', registration(), ip));
    expect((await post('/api/auth/register', registration(), '10.40.0.2')).statusCode).toBe(201);
  });

  it('one-time codes are limited per address (counted before the address is looked up) and per IP', async () => {
    const address = uniqueEmail('ghost');
    // one purpose each: a second request for the same purpose within a minute is the resend cooldown
    for (const [i, purpose] of ['reset', 'login', 'register'].entries()) {
      expect((await post('/api/auth/send-otp', { email: address, purpose }, `10.50.${i}.1`)).statusCode).toBe(200);
    }
    expectLimited(await post('/api/auth/resend-otp', { email: address, purpose: 'reset' }, '10.50.9.1'));
    const ip = '10.51.0.1';
    for (let i = 0; i < 6; i++) expect((await post('/api/auth/forgot-password', { email: uniqueEmail('spray') }, ip)).statusCode).toBe(200);
    expectLimited(await post('/api/auth/send-otp', { email: uniqueEmail('spray') }, ip));
  });

  it('support and platform requests are limited per user and per account', async () => {
    const me = await owner();
    const { token, user } = await signIn(t, me.email);
    const support = { subject: 'Help', category: 'technical', message: 'Our campaign is stuck' };
    for (let i = 0; i < 2; i++) {
      expect((await post('/api/auth/send-support-email', support, '127.0.0.1', bearer(token))).statusCode).toBe(200);
    }
    const third = await post('/api/sender-management/sms/request-support', { message: 'An SMSC in Oman' }, '127.0.0.1', bearer(token));
    expectLimited(third);
    // another user of the account has their own hourly limit, within the account's daily one
    const [role] = await t.sql<{ id: number }>(`select id from roles where account_id = $1 and key = 'admin'`, [user.account_id]);
    const { hashPassword } = await import('./auth.service.ts');
    const colleague = uniqueEmail('admin');
    await t.sql(
      `insert into users (account_id, role_id, email, password_hash, first_name, last_name, email_verified_at) values ($1, $2, $3, $4, 'Omar', 'Colleague', now())`,
      [user.account_id, role?.id, colleague, await hashPassword(STRONG_PASSWORD)],
    );
    const other = await signIn(t, colleague);
    expect((await post('/api/auth/send-support-email', support, '127.0.0.1', bearer(other.token))).statusCode).toBe(200);
    expectLimited(await post('/api/sender-management/email/request-sendgrid', { message: 'Volume' }, '127.0.0.1', bearer(other.token)));
  });
});
