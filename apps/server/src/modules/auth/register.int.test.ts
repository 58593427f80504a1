import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, latestOtp, registration, signIn, signUp, type TestApp } from '../../test/helper.ts';

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
    const [user] = await t.sql('select u.*, r.key as role_key from users u join roles r on r.id = u.role_id where u.id = $1', [data.user_id]);
    expect(user.role_key).toBe('owner');
    expect(user.email_verified_at).toBeNull();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const roles = await t.sql('select key from roles where account_id = $1 order by id', [user.account_id]);
    expect(roles.map((r) => r.key)).toEqual(['owner', 'admin', 'marketer', 'reviewer', 'viewer']);
    const [otp] = await t.sql('select code_hash from otp_codes where user_id = $1', [data.user_id]);
    const code = await latestOtp(t, body.email);
    expect(code).toMatch(/^\d{6}$/);
    expect(otp.code_hash).not.toContain(code);
  });

  it('refuses a duplicate email with EMAIL_EXISTS and keeps one account', async () => {
    const body = registration();
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...body, email: body.email.toUpperCase() } });
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe('EMAIL_EXISTS');
    // said at the email field, where the address was typed, with what to do instead
    expect(json(again).errors).toEqual([{ field: 'email', message: 'An account with this email already exists. Sign in, or reset the password if you forgot it.' }]);
    const rows = await t.sql('select count(*)::int as n from users where lower(email) = $1', [body.email]);
    expect(rows[0].n).toBe(1);
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['short password', { password: 'Ab1!', confirm_password: 'Ab1!' }, 'password', 'Password must be 8 to 16 characters'],
    ['long password', { password: 'Abcdefgh1!abcdefg', confirm_password: 'Abcdefgh1!abcdefg' }, 'password', 'Password must be 8 to 16 characters'],
    ['no uppercase', { password: 'abcdefg1!', confirm_password: 'abcdefg1!' }, 'password', 'Password must contain an uppercase letter'],
    ['no lowercase', { password: 'ABCDEFG1!', confirm_password: 'ABCDEFG1!' }, 'password', 'Password must contain a lowercase letter'],
    ['no digit', { password: 'Abcdefgh!', confirm_password: 'Abcdefgh!' }, 'password', 'Password must contain a number'],
    ['no special', { password: 'Abcdefgh1', confirm_password: 'Abcdefgh1' }, 'password', 'Password must contain a special character'],
    ['mismatch', { confirm_password: 'Other1!xx' }, 'confirm_password', 'Passwords do not match'],
    ['bad email', { email: 'not-an-email' }, 'email', 'Enter a valid email address'],
    ['phone without country code', { phone_number: '0501234567' }, 'phone_number', 'Enter the number with its country code, e.g. +966 5X XXX XXXX'],
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
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).code).toBe('BAD_REQUEST');
    const poisoned = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"admin":true}}' });
    expect(poisoned.statusCode).toBe(400);
    expect(json(poisoned).code).toBe('BAD_REQUEST');
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).code).toBe('VALIDATION_ERROR');
    const text = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(text.statusCode).toBe(415);
    const huge = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'x'.repeat(2_000_000) }) });
    expect(huge.statusCode).toBe(413);
    expect(json(huge).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('reads Arabic-Indic digits (an Arabic number pad) in the phone number and the code as the digits they are', async () => {
    const body = registration({ phone_number: '+٩٦٦ ٥٠١ ٢٣٤ ٥٦٧' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).toBe(201);
    const [user] = await t.sql('select phone_number from users where id = $1', [json(res).data.user_id]);
    expect(user.phone_number).toBe('+966501234567');
    const arabic = (await latestOtp(t, body.email as string)).replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: body.email, otp: arabic } });
    expect(verified.statusCode).toBe(200);
    const [row] = await t.sql('select email_verified_at from users where id = $1', [json(res).data.user_id]);
    expect(row.email_verified_at).not.toBeNull();
  });

  it('verifies with the mailed code, raises a welcome notification, then signs in', async () => {
    const { email } = await signUp(t);
    const session = await signIn(t, email);
    expect(session.permissions.sms_portal[0].entity_url).toBe('/dashboard');
    const notes = await t.sql("select type, title_key from notifications n join users u on u.id = n.user_id where u.email = $1", [email]);
    expect(notes).toEqual([{ type: 'system', title_key: 'notifications.welcome.title' }]);
  });
});
