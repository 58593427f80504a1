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

const NEW_PASSWORD = 'N3w!Secret';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

const reset = (token: string, password = NEW_PASSWORD, confirm = password, url = '/api/auth/reset-password') =>
  t.app.inject({ method: 'POST', url, payload: { token, password, confirm_password: confirm } });

const loginStatus = async (email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).statusCode;

/** Ask for a reset and read the link token and the code from the mail. */
async function resetMail(email: string, mailsBefore = 0) {
  const res = await forgot(email);
  expect(res.statusCode).toBe(200);
  await t.ctx.background.drain(); // the mail follows the answer, and its code and link are committed
  const [mail] = await waitForMails(t, email, mailsBefore + 1);
  const link = /(https?:\/\/\S+\/reset-password\?token=([^\s"&<]+))/.exec(mail.text ?? '');
  const code = /verification page: (\d{6}|—)/.exec(mail.text ?? '');
  if (!link || !code) throw new Error(`unexpected reset mail: ${mail.text}`);
  return { mail, link: link[1], token: decodeURIComponent(link[2]), code: code[1] === '—' ? null : code[1] };
}

async function notificationKeys(userId: number) {
  const rows = await t.sql('select title_key from notifications where user_id = $1 order by id', [userId]);
  return rows.map((r) => r.title_key as string);
}

describe('POST /api/auth/forgot-password', () => {
  it('mails a known address a single-use link and a 6-digit code, storing only hashes', async () => {
    const { email, userId } = await signUp(t);
    const { mail, link, token, code } = await resetMail(email, 1);
    expect(mail.subject).toBe('Reset your Risala password');
    expect(link).toContain('/reset-password?token=');
    expect(mail.html).toContain(`href="${link}"`);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('60 minutes');
    const [row] = await t.sql(
      'select token_hash, used_at, extract(epoch from expires_at - now())::int as ttl from password_resets where user_id = $1',
      [userId],
    );
    expect(row.token_hash).not.toContain(token);
    expect(row.used_at).toBeNull();
    expect(row.ttl).toBeGreaterThan(58 * 60);
    expect(row.ttl).toBeLessThanOrEqual(60 * 60);
    const [otp] = await t.sql("select code_hash from otp_codes where user_id = $1 and purpose = 'reset'", [userId]);
    expect(otp.code_hash).not.toContain(code);
  });

  it('answers an unknown address exactly the same, mailing and storing nothing', async () => {
    const { email } = await signUp(t);
    const known = await forgot(email);
    const ghost = uniqueEmail('ghost');
    const unknown = await forgot(ghost);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(json(unknown)).toEqual(json(known));
    await t.ctx.background.drain();
    await new Promise((r) => setTimeout(r, 200));
    expect(await mailsTo(t, ghost)).toEqual([]);
    expect((await t.sql('select count(*)::int as n from otp_codes where email = $1', [ghost]))[0].n).toBe(0);
  });

  it('answers a known address without waiting for its reset mail, as fast as an unknown one', async () => {
    const { email } = await signUp(t);
    await waitForMails(t, email, 1); // the sign-up code
    // hold the address's lock: the work for a known address (code, link, mail) cannot move
    const blocker = await t.ctx.db.$client.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select pg_advisory_xact_lock(hashtext($1))', [`otp:${email}`]);
      const answered = await Promise.race([forgot(email), new Promise<null>((r) => setTimeout(() => r(null), 3000))]);
      expect(answered?.statusCode, 'the answer waited for the reset work').toBe(200);
      expect(answered && json(answered)).toEqual(json(await forgot(uniqueEmail('ghost'))));
    } finally {
      await blocker.query('rollback');
      blocker.release();
    }
    // the mail follows the answer
    const [mail] = await waitForMails(t, email, 2);
    expect(mail.subject).toBe('Reset your Risala password');
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, revokes sessions, raises a notification and uses the link up', async () => {
    const { email, userId } = await signUp(t);
    const old = await signIn(t, email);
    const { token } = await resetMail(email, 1);
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({ reset: true });

    expect(await loginStatus(email, STRONG_PASSWORD)).toBe(401);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
    const stale = await t.app.inject({ method: 'GET', url: `/api/auth/user/${userId}`, headers: bearer(old.token) });
    expect(stale.statusCode).toBe(401);
    expect(json(stale).code).toBe('SESSION_EXPIRED');
    expect(await notificationKeys(userId)).toContain('notifications.passwordReset.title');
    const [row] = await t.sql('select used_at from password_resets where user_id = $1', [userId]);
    expect(row.used_at).not.toBeNull();

    const again = await reset(token, 'An0ther!Pass');
    expect(again.statusCode).toBe(400);
    expect(json(again).code).toBe('RESET_TOKEN_INVALID');
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
  });

  it('refuses an expired link with RESET_TOKEN_INVALID and keeps the old password', async () => {
    const { email, userId } = await signUp(t);
    const { token } = await resetMail(email, 1);
    await t.sql("update password_resets set expires_at = now() - interval '1 minute' where user_id = $1", [userId]);
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('RESET_TOKEN_INVALID');
    expect(await loginStatus(email, STRONG_PASSWORD)).toBe(200);
  });

  it('refuses a made-up token with RESET_TOKEN_INVALID', async () => {
    const res = await reset('this-token-was-never-issued');
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('RESET_TOKEN_INVALID');
  });

  it('works the same at /api/password/reset-password', async () => {
    const { email } = await signUp(t);
    const { token } = await resetMail(email, 1);
    const res = await reset(token, NEW_PASSWORD, NEW_PASSWORD, '/api/password/reset-password');
    expect(res.statusCode).toBe(200);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
    const reused = await reset(token, NEW_PASSWORD, NEW_PASSWORD, '/api/password/reset-password');
    expect(json(reused).code).toBe('RESET_TOKEN_INVALID');
  });

  it('kills every outstanding link once one is used', async () => {
    const { email, userId } = await signUp(t);
    const first = await resetMail(email, 1);
    // past the 60 s cooldown a second reset mail goes out, with its own link and code
    await t.sql("update otp_codes set created_at = created_at - interval '2 minutes' where user_id = $1", [userId]);
    const second = await resetMail(email, 2);
    expect(second.token).not.toBe(first.token);
    expect(first.code).toMatch(/^\d{6}$/);
    expect(second.code).toMatch(/^\d{6}$/);
    expect((await reset(second.token)).statusCode).toBe(200);
    expect(json(await reset(first.token, 'An0ther!Pass')).code).toBe('RESET_TOKEN_INVALID');
    const open = await t.sql('select count(*)::int as n from password_resets where user_id = $1 and used_at is null', [userId]);
    expect(open[0].n).toBe(0);
  });

  it('sends no second reset mail within the 60 s cooldown', async () => {
    const { email } = await signUp(t);
    await resetMail(email, 1);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(again.statusCode).toBe(200);
    await t.ctx.background.drain();
    await new Promise((r) => setTimeout(r, 300));
    const mails = await t.app.inject({ method: 'GET', url: `/api/sandbox/mails?to=${encodeURIComponent(email)}` });
    expect(json(mails).data.items.filter((m: { subject: string }) => /reset/i.test(m.subject))).toHaveLength(1);
  });

  const invalid: Array<[string, string, string, string, string]> = [
    ['too short', 'Ab1!', 'Ab1!', 'password', 'Password must be 8 to 16 characters'],
    ['no special character', 'Abcdefgh1', 'Abcdefgh1', 'password', 'Password must contain a special character'],
    ['mismatch', NEW_PASSWORD, 'Other1!xx', 'confirm_password', 'Passwords do not match'],
  ];
  for (const [label, password, confirm, field, message] of invalid) {
    it(`answers 400 with a field error for a ${label} new password and keeps the link usable`, async () => {
      const { email } = await signUp(t);
      const { token } = await resetMail(email, 1);
      const res = await reset(token, password, confirm);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(json(res).errors).toContainEqual({ field, message });
      expect(await loginStatus(email, STRONG_PASSWORD)).toBe(200);
      expect((await reset(token)).statusCode).toBe(200);
    });
  }

  it('requires a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toContainEqual({ field: 'token', message: 'This field is required' });
  });
});

describe('reset with the code from the mail', () => {
  it('verify-otp {purpose:"reset"} trades the code for a reset token that resets the password', async () => {
    const { email, userId } = await signUp(t);
    const { code } = await resetMail(email, 1);
    if (!code) throw new Error('the first reset mail carries a code');
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp: code, purpose: 'reset' } });
    expect(verified.statusCode).toBe(200);
    const resetToken = json(verified).data.reset_token;
    expect(typeof resetToken).toBe('string');
    expect(resetToken.length).toBeGreaterThan(20);
    // the code is single-use
    const replay = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp: code, purpose: 'reset' } });
    expect(json(replay).code).toBe('OTP_INVALID');

    expect((await reset(resetToken)).statusCode).toBe(200);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
    expect(await notificationKeys(userId)).toContain('notifications.passwordReset.title');
  });

  it('a wrong reset code counts attempts and gives no token', async () => {
    const { email, userId } = await signUp(t);
    const { code } = await resetMail(email, 1);
    if (!code) throw new Error('the first reset mail carries a code');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email, otp: code === '000000' ? '111111' : '000000', purpose: 'reset' },
    });
    expect(json(res)).toMatchObject({ code: 'OTP_INVALID', data: { attempts_left: 4 } });
    expect((await t.sql('select count(*)::int as n from password_resets where user_id = $1', [userId]))[0].n).toBe(1);
  });
});

describe('POST /api/auth/change-password', () => {
  const change = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: bearer(token), payload });

  it('refuses a wrong old password with 400 OLD_PASSWORD_INCORRECT and changes nothing', async () => {
    const { email, userId } = await signUp(t);
    const { token } = await signIn(t, email);
    const res = await change(token, { old_password: 'Wr0ng!Pass', password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('OLD_PASSWORD_INCORRECT');
    expect(json(res).errors.map((e: { field: string }) => e.field)).toEqual(['old_password']);
    expect(await loginStatus(email, STRONG_PASSWORD)).toBe(200);
    expect(await notificationKeys(userId)).not.toContain('notifications.passwordChanged.title');
  });

  it('changes the password, keeps the current session, revokes the others, notifies', async () => {
    const { email, userId } = await signUp(t);
    const current = await signIn(t, email);
    const other = await signIn(t, email);
    const res = await change(current.token, { old_password: STRONG_PASSWORD, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({ changed: true });

    const me = (token: string) => t.app.inject({ method: 'GET', url: `/api/auth/user/${userId}`, headers: bearer(token) });
    expect((await me(current.token)).statusCode).toBe(200);
    const revoked = await me(other.token);
    expect(revoked.statusCode).toBe(401);
    expect(json(revoked).code).toBe('SESSION_EXPIRED');
    const live = await t.sql('select count(*)::int as n from sessions where user_id = $1 and revoked_at is null', [userId]);
    expect(live[0].n).toBe(1);

    expect(await notificationKeys(userId)).toContain('notifications.passwordChanged.title');
    expect(await loginStatus(email, STRONG_PASSWORD)).toBe(401);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
    const [user] = await t.sql('select password_changed_at from users where id = $1', [userId]);
    expect(user.password_changed_at).not.toBeNull();
  });

  it('validates the new password like registration does', async () => {
    const { email } = await signUp(t);
    const { token } = await signIn(t, email);
    const res = await change(token, { old_password: STRONG_PASSWORD, password: 'alllowercase1!', confirm_password: 'alllowercase1!' });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toContainEqual({ field: 'password', message: 'Password must contain an uppercase letter' });
    expect(await loginStatus(email, STRONG_PASSWORD)).toBe(200);
  });

  it('refuses the current password as the new one, at the new-password field, in both languages', async () => {
    const { email, userId } = await signUp(t);
    const { token } = await signIn(t, email);
    const same = { old_password: STRONG_PASSWORD, password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD };
    const res = await change(token, same);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [{ field: 'password', message: 'Choose a new password: this is your current one' }],
    });
    const ar = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { ...bearer(token), 'accept-language': 'ar' },
      payload: same,
    });
    expect(json(ar).errors).toEqual([{ field: 'password', message: 'اختر كلمة مرور جديدة: هذه كلمة مرورك الحالية' }]);
    expect(await notificationKeys(userId)).not.toContain('notifications.passwordChanged.title');
  });

  it('answers 401 UNAUTHORIZED without a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { old_password: STRONG_PASSWORD, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
    expect(json(res).code).toBe('UNAUTHORIZED');
  });
});
