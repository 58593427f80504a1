import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, latestOtp, registration, signIn, signUp, type TestApp, userIdOf, waitForMails } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/auth/register', () => {
  it('creates an account with the user as owner, unverified, and mails a code', async () => {
    const body = registration();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).toBe(201);
    const data = json(res).data;
    expect(data).toMatchObject({ email: body.email, otp_sent: true, provider: 'sandbox', delivery_status: 'sent' });
    expect(data).not.toHaveProperty('user_id'); // a taken address must get the very same answer
    const [user] = await t.sql('select u.*, r.key as role_key from users u join roles r on r.id = u.role_id where u.id = $1', [
      await userIdOf(t, body.email),
    ]);
    expect(user.role_key).toBe('owner');
    expect(user.email_verified_at).toBeNull();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const roles = await t.sql('select key from roles where account_id = $1 order by id', [user.account_id]);
    expect(roles.map((r) => r.key)).toEqual(['owner', 'admin', 'marketer', 'reviewer', 'viewer']);
    const [otp] = await t.sql('select code_hash from otp_codes where user_id = $1', [user.id]);
    const code = await latestOtp(t, body.email);
    expect(code).toMatch(/^\d{6}$/);
    expect(otp.code_hash).not.toContain(code);
  });

  it('answers a taken address exactly as a new one, mailing its owner instead of telling the caller', async () => {
    const owner = await signUp(t);
    const fresh = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration() });
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration({
        email: owner.email.toUpperCase(),
        password: 'Other1!pass',
        confirm_password: 'Other1!pass',
        first_name: 'Mallory',
      }),
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    const shape = (res: typeof fresh) => ({ ...json(res), data: { ...json(res).data, email: '…' } });
    expect(shape(taken)).toEqual(shape(fresh));
    // the owner is told, with where to sign in or reset; no code, nothing changed
    const [notice] = await waitForMails(t, owner.email, 2);
    expect(notice).toMatchObject({ subject: 'You already have a Risala account', otp_code: null });
    expect(notice.text).toContain(`${t.ctx.config.publicUrl}/login`);
    expect(notice.text).toContain(`${t.ctx.config.publicUrl}/forget-password`);
    const rows = await t.sql('select count(*)::int as n, min(first_name) as name from users where lower(email) = $1', [owner.email]);
    expect(rows[0]).toEqual({ n: 1, name: 'Sara' });
    expect((await signIn(t, owner.email)).token).toBeTruthy();
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: 'Other1!pass' } });
    expect(other.statusCode).toBe(401);
  });

  it('a sign-up never verified is replaced by the next one: the mailbox owner’s latest sign-up wins', async () => {
    const planted = registration({
      first_name: 'Mallory',
      password: 'Plant3d!pw',
      confirm_password: 'Plant3d!pw',
      company_name: 'Mallory Ltd',
    });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: planted })).statusCode).toBe(201);
    const userId = await userIdOf(t, planted.email);
    await t.sql(`update otp_codes set created_at = created_at - interval '2 minutes' where email = $1`, [planted.email]);
    const own = { ...registration({ email: planted.email }), first_name: 'Huda' };
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: own });
    expect(again.statusCode).toBe(201);
    const [mail] = await waitForMails(t, planted.email, 2);
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: own.email, otp: mail.otp_code } });
    expect(verified.statusCode).toBe(200);
    const [user] = await t.sql(
      'select u.id, u.first_name, a.name from users u join accounts a on a.id = u.account_id where lower(u.email) = $1',
      [own.email],
    );
    expect(user).toEqual({ id: userId, first_name: 'Huda', name: 'Acme Trading' });
    expect((await signIn(t, own.email)).token).toBeTruthy(); // the owner's password
    const planter = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: own.email, password: 'Plant3d!pw' } });
    expect(planter.statusCode).toBe(401);
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['short password', { password: 'Ab1!', confirm_password: 'Ab1!' }, 'password', 'Password must be 8 to 16 characters'],
    [
      'long password',
      { password: 'Abcdefgh1!abcdefg', confirm_password: 'Abcdefgh1!abcdefg' },
      'password',
      'Password must be 8 to 16 characters',
    ],
    ['no uppercase', { password: 'abcdefg1!', confirm_password: 'abcdefg1!' }, 'password', 'Password must contain an uppercase letter'],
    ['no lowercase', { password: 'ABCDEFG1!', confirm_password: 'ABCDEFG1!' }, 'password', 'Password must contain a lowercase letter'],
    ['no digit', { password: 'Abcdefgh!', confirm_password: 'Abcdefgh!' }, 'password', 'Password must contain a number'],
    ['no special', { password: 'Abcdefgh1', confirm_password: 'Abcdefgh1' }, 'password', 'Password must contain a special character'],
    ['mismatch', { confirm_password: 'Other1!xx' }, 'confirm_password', 'Passwords do not match'],
    ['bad email', { email: 'not-an-email' }, 'email', 'Enter a valid email address'],
    [
      'phone without country code',
      { phone_number: '0501234567' },
      'phone_number',
      'Enter the number with its country code, e.g. +966 5X XXX XXXX',
    ],
    ['phone too short', { phone_number: '+96650' }, 'phone_number', 'Phone number is too short'],
    ['phone too long', { phone_number: '+9665012345678901' }, 'phone_number', 'Phone number is too long'],
    ['missing first name', { first_name: '' }, 'first_name', 'This field is required'],
  ];
  for (const [label, override, field, message] of invalid) {
    it(`answers 400 with a field error for ${label}, creating nothing`, async () => {
      const body = registration(override);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
      expect(res.statusCode).toBe(400);
      const err = json(res);
      expect(err).toMatchObject({ code: 'VALIDATION_ERROR', isError: true, statusCode: 400 });
      expect(err.errors).toContainEqual({ field, message });
      const rows = await t.sql('select count(*)::int as n from users where lower(email) = lower($1)', [String(body.email)]);
      expect(rows[0].n).toBe(0);
    });
  }

  it('answers in Arabic when asked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'ar' },
      payload: registration({ password: 'short', confirm_password: 'short' }),
    });
    expect(json(res).errors).toContainEqual({ field: 'password', message: 'يجب أن تتكون كلمة المرور من 8 إلى 16 حرفًا' });
  });

  it('answers malformed JSON and wrong content types with 4xx envelopes, never 500', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).code).toBe('BAD_REQUEST');
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
    expect(json(poisoned).code).toBe('BAD_REQUEST');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).code).toBe('VALIDATION_ERROR');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(text.statusCode).toBe(415);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(2_000_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(json(huge).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('reads Arabic-Indic digits (an Arabic number pad) in the phone number and the code as the digits they are', async () => {
    const body = registration({ phone_number: '+٩٦٦ ٥٠١ ٢٣٤ ٥٦٧' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).toBe(201);
    const userId = await userIdOf(t, body.email as string);
    const [user] = await t.sql('select phone_number from users where id = $1', [userId]);
    expect(user.phone_number).toBe('+966501234567');
    const arabic = (await latestOtp(t, body.email as string)).replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: body.email, otp: arabic } });
    expect(verified.statusCode).toBe(200);
    const [row] = await t.sql('select email_verified_at from users where id = $1', [userId]);
    expect(row.email_verified_at).not.toBeNull();
  });

  it('verifies with the mailed code, raises a welcome notification, then signs in', async () => {
    const { email } = await signUp(t);
    const session = await signIn(t, email);
    expect(session.permissions.sms_portal[0].entity_url).toBe('/dashboard');
    const notes = await t.sql('select type, title_key from notifications n join users u on u.id = n.user_id where u.email = $1', [email]);
    expect(notes).toEqual([{ type: 'system', title_key: 'notifications.welcome.title' }]);
  });
});
