import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  json,
  latestOtp,
  mailsTo,
  registration,
  signUp,
  type TestApp,
  uniqueEmail,
  userIdOf,
  waitForMails,
} from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Register (unverified) and return the email, user id and the mailed code. */
async function registered(overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  expect(res.statusCode).toBe(201);
  const email = body.email as string;
  return { email, userId: await userIdOf(t, email), code: await latestOtp(t, email) };
}

const verify = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload });

/** A six-digit code guaranteed to differ from `code`. */
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

async function verifiedAt(userId: number) {
  const [row] = await t.sql('select email_verified_at from users where id = $1', [userId]);
  return row.email_verified_at as Date | null;
}

/**
 * Move every code of an address back in time (past the 60 s cooldown, still within the hour), and
 * let the same time pass for the per-address request limits (fixed windows: their rows go).
 */
async function age(email: string, interval = '2 minutes') {
  await t.sql(`update otp_codes set created_at = created_at - interval '${interval}' where email = $1`, [email]);
  const buckets = interval === '2 minutes' ? ['otp-send:cooldown'] : ['otp-send:cooldown', 'otp-send:hour', 'otp:address'];
  await t.sql(`delete from rate_limit_hits where bucket = any($1) and key like '%' || $2`, [buckets, email.toLowerCase()]);
}

describe('POST /api/auth/verify-otp', () => {
  it('answers a wrong code with OTP_INVALID and a decreasing attempts_left', async () => {
    const { email, userId, code } = await registered();
    const first = await verify({ email, otp: wrongFor(code) });
    expect(first.statusCode).toBe(400);
    expect(json(first)).toMatchObject({ code: 'OTP_INVALID', data: { attempts_left: 4 } });
    const second = await verify({ email, otp: wrongFor(code) });
    expect(json(second)).toMatchObject({ code: 'OTP_INVALID', data: { attempts_left: 3 } });
    const [row] = await t.sql('select attempts, consumed_at from otp_codes where user_id = $1', [userId]);
    expect(row).toEqual({ attempts: 2, consumed_at: null });
    expect(await verifiedAt(userId)).toBeNull();
  });

  it('burns the code on the fifth wrong try; then even the right code is refused', async () => {
    const { email, userId, code } = await registered();
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push(json(await verify({ email, otp: wrongFor(code) })).code);
    expect(answers).toEqual(['OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_ATTEMPTS_EXCEEDED']);
    const right = await verify({ email, otp: code });
    expect(right.statusCode).toBe(400);
    expect(json(right).code).toBe('OTP_ATTEMPTS_EXCEEDED');
    const [row] = await t.sql('select attempts, consumed_at from otp_codes where user_id = $1', [userId]);
    expect(row.attempts).toBe(5);
    expect(row.consumed_at).not.toBeNull();
    expect(await verifiedAt(userId)).toBeNull();
  });

  it('refuses an expired code with OTP_EXPIRED', async () => {
    const { email, userId, code } = await registered();
    await t.sql("update otp_codes set expires_at = now() - interval '1 minute' where user_id = $1", [userId]);
    const res = await verify({ email, otp: code });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('OTP_EXPIRED');
    expect(await verifiedAt(userId)).toBeNull();
  });

  for (const otp of ['12345', '1234567', 'abcdef', '12 456', '']) {
    it(`rejects the malformed code ${JSON.stringify(otp)} with VALIDATION_ERROR, counting no attempt`, async () => {
      const { email, userId } = await registered();
      const res = await verify({ email, otp });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'otp', message: 'Enter the 6-digit code' }] });
      const [row] = await t.sql('select attempts from otp_codes where user_id = $1', [userId]);
      expect(row.attempts).toBe(0);
    });
  }

  it('answers OTP_INVALID (without attempts) for an address that has no code', async () => {
    const res = await verify({ email: uniqueEmail('nobody'), otp: '123456' });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('OTP_INVALID');
    expect(json(res).data).toBeUndefined();
  });

  it('binds a code to its purpose: a registration code does not pass as a reset code', async () => {
    const { email, userId, code } = await registered();
    const res = await verify({ email, otp: code, purpose: 'reset' });
    expect(json(res).code).toBe('OTP_INVALID');
    expect((await t.sql('select count(*)::int as n from password_resets where user_id = $1', [userId]))[0].n).toBe(0);
    // the registration code itself is untouched and still verifies (address in any case)
    const ok = await verify({ email: email.toUpperCase(), otp: code });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data).toMatchObject({ verified: true, user: { id: userId } });
    expect(await verifiedAt(userId)).not.toBeNull();
    // a used code cannot be replayed
    expect(json(await verify({ email, otp: code })).code).toBe('OTP_INVALID');
  });

  it('the registration code signs the new owner in: the session of a sign-in, no password asked again', async () => {
    const { email, userId, code } = await registered();
    const res = await verify({ email, otp: code, purpose: 'register' });
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data).toMatchObject({ verified: true, user: { id: userId, email_verified: true }, landing: '/dashboard' });
    expect(data.permissions.sms_portal.length).toBeGreaterThan(0);
    const cookie = res.cookies.find((c) => c.name === 'token');
    expect(cookie).toMatchObject({ value: data.token, httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(res.cookies.find((c) => c.name === 'user_id')?.value).toBe(String(userId));
    // the cookie is a live session: the profile answers with it
    const profile = await t.app.inject({ method: 'GET', url: `/api/auth/user/${userId}`, cookies: { token: data.token } });
    expect(profile.statusCode).toBe(200);
    expect(json(profile).data.user.id).toBe(userId);
    expect((await t.sql('select count(*)::int as n from sessions where user_id = $1', [userId]))[0].n).toBe(1);
  });

  it('no session for a wrong code, a used code, or a code entered for another address', async () => {
    const mine = await registered();
    const theirs = await registered();
    const wrong = await verify({ email: mine.email, otp: wrongFor(mine.code) });
    // another sign-up's code does not open this one (codes are bound to their address and user)
    const crossed = await verify({ email: theirs.email, otp: mine.code === theirs.code ? wrongFor(mine.code) : mine.code });
    expect(json(crossed).code).toBe('OTP_INVALID');
    expect((await verify({ email: mine.email, otp: mine.code })).statusCode).toBe(200);
    const used = await verify({ email: mine.email, otp: mine.code, purpose: 'register' });
    expect(used.statusCode).toBe(409); // EMAIL_ALREADY_VERIFIED: sign in with the password
    for (const res of [wrong, crossed, used]) {
      expect(res.cookies.find((c) => c.name === 'token')).toBeUndefined();
      expect(json(res).data?.token).toBeUndefined();
    }
    expect((await t.sql('select count(*)::int as n from sessions where user_id = $1', [mine.userId]))[0].n).toBe(1);
    expect((await t.sql('select count(*)::int as n from sessions where user_id = $1', [theirs.userId]))[0].n).toBe(0);
    expect(await verifiedAt(theirs.userId)).toBeNull();
  });

  it('a registration code entered again after verifying says the address is verified (sign in), not "wrong code"', async () => {
    const { email, code } = await registered();
    expect((await verify({ email, otp: code, purpose: 'register' })).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      headers: { 'accept-language': 'ar' },
      payload: { email, otp: code, purpose: 'register' },
    });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 'EMAIL_ALREADY_VERIFIED', message: 'تم التحقق من هذا البريد مسبقًا. يمكنك تسجيل الدخول.' });
    // any other code answers as for an unknown address: a verified address is not told apart
    const other = await verify({ email, otp: wrongFor(code), purpose: 'register' });
    const nobody = await verify({ email: uniqueEmail('nobody'), otp: code, purpose: 'register' });
    expect(json(other).code).toBe('OTP_INVALID');
    expect(other.body).toBe(nobody.body);
  });
});

describe('POST /api/auth/send-otp and /resend-otp', () => {
  it('refuses a resend within 60 s with OTP_RESEND_COOLDOWN and retry_after, issuing nothing', async () => {
    const { email, userId } = await registered();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/resend-otp', payload: { email } });
    expect(res.statusCode).toBe(429);
    const body = json(res);
    expect(body.code).toBe('OTP_RESEND_COOLDOWN');
    expect(body.data.retry_after).toBeGreaterThanOrEqual(1);
    expect(body.data.retry_after).toBeLessThanOrEqual(60);
    expect(body.message).toContain(String(body.data.retry_after));
    expect((await t.sql('select count(*)::int as n from otp_codes where user_id = $1', [userId]))[0].n).toBe(1);
    expect(await mailsTo(t, email)).toHaveLength(1);
  });

  it('resends after the cooldown: the old code dies, the new one verifies', async () => {
    const { email, userId, code: oldCode } = await registered();
    await age(email);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/resend-otp', payload: { email } });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ provider: 'sandbox', delivery_status: 'sent', cooldown_seconds: 60 });
    const mails = await waitForMails(t, email, 2);
    const newCode = mails[0].otp_code as string;
    expect(newCode).toMatch(/^\d{6}$/);
    if (newCode !== oldCode) {
      const stale = await verify({ email, otp: oldCode });
      expect(stale.statusCode).toBe(400);
      expect(json(stale).code).toBe('OTP_INVALID');
      expect(await verifiedAt(userId)).toBeNull();
    }
    const fresh = await verify({ email, otp: newCode });
    expect(fresh.statusCode).toBe(200);
    expect(await verifiedAt(userId)).not.toBeNull();
    const rows = await t.sql('select consumed_at from otp_codes where user_id = $1 order by id', [userId]);
    expect(rows.every((r) => r.consumed_at !== null)).toBe(true);
  });

  it('caps codes at five an hour per address: the sixth is HIGH_FREQUENCY_OTP with suggestions', async () => {
    const { email, userId } = await registered();
    for (let i = 0; i < 4; i++) {
      await age(email);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { email, purpose: 'register' } });
      expect(res.statusCode).toBe(200);
    }
    await age(email);
    const sixth = await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { email, purpose: 'register' } });
    expect(sixth.statusCode).toBe(429);
    const body = json(sixth);
    expect(body.code).toBe('HIGH_FREQUENCY_OTP');
    expect(body.data.error_type).toBe('HIGH_FREQUENCY_OTP');
    expect(body.data.suggestions).toEqual(expect.arrayContaining(['wait_one_hour']));
    expect((await t.sql('select count(*)::int as n from otp_codes where user_id = $1', [userId]))[0].n).toBe(5);
    expect(await waitForMails(t, email, 5)).toHaveLength(5);
    // an hour later the address may ask again
    await age(email, '61 minutes');
    const later = await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { email } });
    expect(later.statusCode).toBe(200);
  });

  it('answers 200 for an unknown address and mails nothing (no enumeration)', async () => {
    const email = uniqueEmail('ghost');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { email } });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ provider: 'sandbox', delivery_status: 'sent', cooldown_seconds: 60 });
    await new Promise((r) => setTimeout(r, 200));
    expect(await mailsTo(t, email)).toEqual([]);
    expect((await t.sql('select count(*)::int as n from otp_codes where email = $1', [email]))[0].n).toBe(0);
  });

  it('a registration code asked for a verified address answers as for any address, and mails its owner to sign in', async () => {
    const { email, userId } = await signUp(t);
    await age(email);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { email, purpose: 'register' } });
    const ghost = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      payload: { email: uniqueEmail('ghost'), purpose: 'register' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(ghost.body);
    expect((await t.sql('select count(*)::int as n from otp_codes where user_id = $1', [userId]))[0].n).toBe(1);
    const [notice] = await waitForMails(t, email, 2);
    expect(notice).toMatchObject({ subject: 'You already have a Risala account', otp_code: null });
  });

  it('answers the same sequence for an unknown, a pending and a verified address, limits included', async () => {
    const pending = (await registered()).email;
    const verified = (await signUp(t)).email;
    const unknown = uniqueEmail('ghost');
    const answers = async (email: string) => {
      const out: string[] = [];
      for (const payload of [
        { email },
        { email },
        { email, purpose: 'register' },
        { email, purpose: 'reset' },
        { email, purpose: 'reset' },
        { email, purpose: 'login' },
      ]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/resend-otp', payload });
        out.push(`${res.statusCode} ${json(res).code ?? ''} ${JSON.stringify(json(res).data ?? {}).replace(/"retry_after":\d+/, '')}`);
      }
      return out;
    };
    for (const email of [pending, verified]) await age(email); // the sign-up's own send is a minute old
    const expected = await answers(unknown);
    expect(await answers(pending)).toEqual(expected);
    expect(await answers(verified)).toEqual(expected);
    expect(expected.map((a) => a.split(' ')[0])).toEqual(['200', '429', '200', '200', '429', '200']);
  });

  it('without a purpose, mails a verified user a reset code that verifies to a reset token', async () => {
    const { email, userId } = await signUp(t);
    await age(email);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { email } });
    expect(res.statusCode).toBe(200);
    const [row] = await t.sql('select purpose from otp_codes where user_id = $1 order by id desc limit 1', [userId]);
    expect(row.purpose).toBe('reset');
    const ok = await verify({ email, otp: await latestOtp(t, email) });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data.reset_token).toEqual(expect.any(String));
  });

  it('does not send a login code before the password was proven', async () => {
    const { email, userId } = await signUp(t);
    await age(email);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { email, purpose: 'login' } });
    expect(res.statusCode).toBe(200);
    const rows = await t.sql("select count(*)::int as n from otp_codes where user_id = $1 and purpose = 'login'", [userId]);
    expect(rows[0].n).toBe(0);
  });

  it('rejects an unknown purpose and a bad address with VALIDATION_ERROR', async () => {
    const purpose = await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { email: uniqueEmail(), purpose: 'admin' } });
    expect(purpose.statusCode).toBe(400);
    expect(json(purpose).errors[0].field).toBe('purpose');
    const email = await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { email: 'nope' } });
    expect(json(email)).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'email', message: 'Enter a valid email address' }] });
  });
});

describe('one-time code storage and mails', () => {
  it('stores only a keyed hash of the code', async () => {
    const { userId, code } = await registered();
    const [row] = await t.sql('select code_hash from otp_codes where user_id = $1', [userId]);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toBe(code);
    expect(row.code_hash).not.toContain(code);
    const leaked = await t.sql('select count(*)::int as n from otp_codes where code_hash like $1', [`%${code}%`]);
    expect(leaked[0].n).toBe(0);
  });

  it("mails the code in the user's language (Arabic, right-to-left)", async () => {
    const { email, code } = await registered({ language: 'ar' });
    const [mail] = await mailsTo(t, email);
    expect(mail.subject).toBe(`رمز التحقق الخاص بك في رسالة: ${code}`);
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain('مرحبًا Sara');
  });

  it('takes the language from Accept-Language when the body names none', async () => {
    const body = registration();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'ar-SA,ar;q=0.9' },
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    const [user] = await t.sql('select language from users where id = $1', [await userIdOf(t, body.email as string)]);
    expect(user.language).toBe('ar');
    const [mail] = await waitForMails(t, body.email as string, 1);
    expect(mail.subject).toMatch(/^رمز التحقق الخاص بك في رسالة: \d{6}$/);
  });

  it('mails English by default', async () => {
    const { email, code } = await registered();
    const [mail] = await mailsTo(t, email);
    expect(mail.subject).toBe(`Your Risala verification code: ${code}`);
    expect(mail.html).toContain('dir="ltr"');
  });
});
