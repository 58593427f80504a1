import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserToAccount, bearer, createTestApp, json, multipartFile, signIn, signUp, type TestApp } from '../../test/helper.ts';

/** A real 1×1 RGB PNG: signature, IHDR, IDAT, IEND with correct CRCs. */
function tinyPng(rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, ...rgb]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a JFIF file is all the server looks at. */
const tinyJpeg = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.alloc(64, 1),
    Buffer.from([0xff, 0xd9]),
  ]);

let t: TestApp;
let owner: { userId: number; accountId: number; token: string };
let viewer: { userId: number; token: string };
let stranger: { userId: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t);
  const aSession = await signIn(t, a.email);
  owner = { userId: a.userId, accountId: aSession.user.account_id, token: aSession.token };
  const v = await addUserToAccount(t, owner.accountId, 'viewer');
  viewer = { userId: v.userId, token: (await signIn(t, v.email)).token };
  const b = await signUp(t, { company_name: 'Other Co' });
  stranger = { userId: b.userId, token: (await signIn(t, b.email)).token };
});
afterAll(async () => {
  await t.close();
});

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const put = (token: string, id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/auth/user/${id}`, headers: bearer(token), payload });
const upload = (token: string, id: number, file: Parameters<typeof multipartFile>[0], path = 'upload-profile-picture-s3') => {
  const { payload, headers } = multipartFile(file);
  return t.app.inject({ method: 'POST', url: `/api/auth/user/${id}/${path}`, headers: { ...headers, ...bearer(token) }, payload });
};
const userRow = async (id: number) => (await t.sql('select * from users where id = $1', [id]))[0];

describe('GET /api/auth/user/{id}', () => {
  it('returns the user without the password hash, the permission tree and the account', async () => {
    const res = await get(owner.token, `/api/auth/user/${owner.userId}`);
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data.user).toMatchObject({ id: owner.userId, account_id: owner.accountId, role: 'owner', full_name: 'Sara Haddad' });
    expect(res.body).not.toContain('password_hash');
    expect(res.body).not.toContain('$argon2id');
    expect(data.permissions.sms_portal.map((e: { entity: string }) => e.entity)).toContain('user_management');
    expect(data.account).toEqual({
      id: owner.accountId,
      name: 'Acme Trading',
      plan: 'free_trial',
      needs_approval: false,
      timezone: 'Asia/Riyadh',
      // the company's country reads typed local numbers (none set at sign-up)
      country: null,
    });
  });

  it('rejects a non-numeric id with 400 VALIDATION_ERROR', async () => {
    const res = await get(owner.token, '/api/auth/user/abc');
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('VALIDATION_ERROR');
  });
});

describe('PUT /api/auth/user/{id}', () => {
  it('updates the allowed fields (phone normalised) and reports them back', async () => {
    const { userId, email } = await signUp(t);
    const { token } = await signIn(t, email);
    const res = await put(token, userId, {
      first_name: ' Lina ',
      last_name: 'Nasser',
      username: 'lina',
      phone_number: '+966 50 765 4321',
      industry: 'Retail',
      language: 'ar',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.user).toMatchObject({
      first_name: 'Lina',
      full_name: 'Lina Nasser',
      username: 'lina',
      phone_number: '+966507654321',
      language: 'ar',
    });
    const row = await userRow(userId);
    expect(row).toMatchObject({
      first_name: 'Lina',
      last_name: 'Nasser',
      username: 'lina',
      phone_number: '+966507654321',
      industry: 'Retail',
      language: 'ar',
    });
  });

  it('ignores fields outside the profile (email, status, role, password hash)', async () => {
    const { userId, email } = await signUp(t);
    const { token } = await signIn(t, email);
    const before = await userRow(userId);
    const res = await put(token, userId, {
      first_name: 'Maha',
      email: 'taken@example.com',
      status: 'INACTIVE',
      role_id: 1,
      password_hash: 'x',
      account_id: 999,
    });
    expect(res.statusCode).toBe(200);
    const after = await userRow(userId);
    expect(after.first_name).toBe('Maha');
    expect({
      email: after.email,
      status: after.status,
      role_id: after.role_id,
      password_hash: after.password_hash,
      account_id: after.account_id,
    }).toEqual({
      email: before.email,
      status: before.status,
      role_id: before.role_id,
      password_hash: before.password_hash,
      account_id: before.account_id,
    });
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    [
      'phone without country code',
      { phone_number: '0501234567' },
      'phone_number',
      'Enter the number with its country code, e.g. +966 5X XXX XXXX',
    ],
    ['phone too short', { phone_number: '+96650' }, 'phone_number', 'Phone number is too short'],
    ['empty first name', { first_name: '  ' }, 'first_name', 'This field is required'],
    ['unknown language', { language: 'fr' }, 'language', 'Choose English or Arabic'],
    ['non-boolean two-step flag', { two_factor_enabled: 'yes' }, 'two_factor_enabled', 'Invalid value'],
  ];
  for (const [label, payload, field, message] of invalid) {
    it(`answers 400 for a ${label} and changes nothing`, async () => {
      const before = await userRow(owner.userId);
      const res = await put(owner.token, owner.userId, { last_name: 'Changed', ...payload });
      expect(res.statusCode).toBe(400);
      expect(json(res).code).toBe('VALIDATION_ERROR');
      expect(json(res).errors).toContainEqual({ field, message });
      expect((await userRow(owner.userId)).last_name).toBe(before.last_name);
    });
  }
});

describe('who may see whom', () => {
  it("answers 404 for another account's user on every route, changing nothing", async () => {
    const id = stranger.userId;
    const before = await userRow(id);
    for (const url of [`/api/auth/user/${id}`, `/api/auth/user/${id}/logo`, `/api/auth/user/${id}/feature-access`]) {
      const res = await get(owner.token, url);
      expect(res.statusCode, url).toBe(404);
      expect(json(res).code).toBe('NOT_FOUND');
    }
    const edit = await put(owner.token, id, { first_name: 'Hijacked', two_factor_enabled: true });
    expect(edit.statusCode).toBe(404);
    expect(json(edit).code).toBe('NOT_FOUND');
    for (const path of ['upload-profile-picture-s3', 'upload-profile-picture']) {
      const pic = await upload(owner.token, id, { filename: 'x.png', contentType: 'image/png', data: tinyPng() }, path);
      expect(pic.statusCode).toBe(404);
      expect(json(pic).code).toBe('NOT_FOUND');
    }
    const after = await userRow(id);
    expect({ first_name: after.first_name, two_factor_enabled: after.two_factor_enabled, logo: after.logo }).toEqual({
      first_name: before.first_name,
      two_factor_enabled: before.two_factor_enabled,
      logo: before.logo,
    });
    expect((await t.sql('select count(*)::int as n from files where user_id = $1', [id]))[0].n).toBe(0);
    expect((await get(owner.token, `/uploads/profile_pictures/user_${id}.png`)).statusCode).toBe(404);
  });

  it("a viewer (no user management) gets 404 for the owner's profile and cannot edit it", async () => {
    const read = await get(viewer.token, `/api/auth/user/${owner.userId}`);
    expect(read.statusCode).toBe(404);
    expect(json(read).code).toBe('NOT_FOUND');
    const before = await userRow(owner.userId);
    const edit = await put(viewer.token, owner.userId, { first_name: 'Viewer' });
    expect(edit.statusCode).toBe(404);
    expect((await userRow(owner.userId)).first_name).toBe(before.first_name);
    const own = await get(viewer.token, `/api/auth/user/${viewer.userId}`);
    expect(own.statusCode).toBe(200);
    expect(json(own).data.user.role).toBe('viewer');
    expect(json(own).data.permissions.sms_portal.map((e: { entity: string }) => e.entity)).not.toContain('user_management');
  });

  it("the owner (user management) can read and edit the viewer's profile", async () => {
    const read = await get(owner.token, `/api/auth/user/${viewer.userId}`);
    expect(read.statusCode).toBe(200);
    expect(json(read).data.user).toMatchObject({ id: viewer.userId, role: 'viewer', account_id: owner.accountId });
    const edit = await put(owner.token, viewer.userId, { industry: 'Logistics' });
    expect(edit.statusCode).toBe(200);
    expect((await userRow(viewer.userId)).industry).toBe('Logistics');
  });
});

describe('only the owner changes the owner', () => {
  it("an admin can read the owner's profile but not switch off two-step sign-in, edit it or replace the picture", async () => {
    const a = await addUserToAccount(t, owner.accountId, 'admin');
    const admin = (await signIn(t, a.email)).token;
    await t.sql('update users set two_factor_enabled = true where id = $1', [owner.userId]);
    const before = await userRow(owner.userId);
    expect((await get(admin, `/api/auth/user/${owner.userId}`)).statusCode).toBe(200);
    for (const res of [
      await put(admin, owner.userId, { two_factor_enabled: false }),
      await put(admin, owner.userId, { first_name: 'Admin' }),
      await upload(admin, owner.userId, { filename: 'me.png', contentType: 'image/png', data: tinyPng([0, 0, 0]) }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(json(res)).toMatchObject({ code: 'FORBIDDEN', message: "You don't have permission to do this" });
    }
    const after = await userRow(owner.userId);
    expect({ two_factor_enabled: after.two_factor_enabled, first_name: after.first_name, logo: after.logo }).toEqual({
      two_factor_enabled: true,
      first_name: before.first_name,
      logo: before.logo,
    });
    // the owner changes themselves; the admin still manages the other users and themselves
    expect((await put(owner.token, owner.userId, { two_factor_enabled: false })).statusCode).toBe(200);
    expect((await put(admin, viewer.userId, { industry: 'Retail' })).statusCode).toBe(200);
    expect((await put(admin, a.userId, { industry: 'Retail' })).statusCode).toBe(200);
  });
});

describe('GET /api/auth/user/{id}/feature-access', () => {
  const access = async (ageDays: number | null, plan?: string) => {
    const { userId, email } = await signUp(t);
    const { token, user } = await signIn(t, email);
    if (ageDays !== null) await t.sql(`update users set created_at = now() - interval '${ageDays} days' where id = $1`, [userId]);
    if (plan) await t.sql('update accounts set plan = $1 where id = $2', [plan, user.account_id]);
    const res = await get(token, `/api/auth/user/${userId}/feature-access`);
    expect(res.statusCode).toBe(200);
    return { data: json(res).data, row: await userRow(userId) };
  };

  it('a new user is on an active two-month free trial', async () => {
    const { data, row } = await access(null);
    expect(data.currentPlan).toBe('free_trial');
    expect(data.trial_state).toBe('active');
    expect(data.days_remaining).toBeGreaterThanOrEqual(59);
    expect(data.days_remaining).toBeLessThanOrEqual(62);
    const end = new Date(row.created_at);
    end.setUTCMonth(end.getUTCMonth() + 2);
    expect(data.trial_ends_at).toBe(end.toISOString());
  });

  it('55 days in: warning with 1 to 7 days left', async () => {
    const { data } = await access(55);
    expect(data.trial_state).toBe('warning');
    expect(data.days_remaining).toBeGreaterThanOrEqual(1);
    expect(data.days_remaining).toBeLessThanOrEqual(7);
  });

  it('95 days in: blocked', async () => {
    const { data } = await access(95);
    expect(data.trial_state).toBe('blocked');
    expect(data.days_remaining).toBeLessThanOrEqual(-30);
  });

  it('a paid plan has no trial state, however old the user', async () => {
    const { data } = await access(95, 'growth');
    expect(data).toMatchObject({ currentPlan: 'growth', trial_state: 'none' });
  });
});

describe('profile pictures', () => {
  const picUrl = (id: number) => `/uploads/profile_pictures/user_${id}.png`;

  it('stores a PNG, points the logo at it and serves the same bytes as image/png', async () => {
    const png = tinyPng();
    const res = await upload(owner.token, owner.userId, { filename: 'me.png', contentType: 'image/png', data: png });
    expect(res.statusCode).toBe(200);
    const logo = json(res).data.logo as string;
    expect(logo).toMatch(new RegExp(`^/uploads/profile_pictures/user_${owner.userId}\\.png\\?v=\\d+$`));
    expect((await userRow(owner.userId)).logo).toBe(logo);
    const served = await get(owner.token, picUrl(owner.userId));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(json(await get(owner.token, `/api/auth/user/${owner.userId}/logo`)).data).toEqual({ logo });
  });

  it('stores a JPEG and serves it as image/jpeg', async () => {
    const jpeg = tinyJpeg();
    const res = await upload(viewer.token, viewer.userId, { filename: 'me.jpg', contentType: 'image/jpeg', data: jpeg });
    expect(res.statusCode).toBe(200);
    const served = await get(viewer.token, picUrl(viewer.userId));
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(jpeg)).toBe(true);
    const [file] = await t.sql('select content_type, size, original_name from files where user_id = $1', [viewer.userId]);
    expect(file).toEqual({ content_type: 'image/jpeg', size: jpeg.length, original_name: 'me.jpg' });
  });

  it('refuses a text file named .png with 400 INVALID_FILE_TYPE, keeping the previous picture', async () => {
    const png = tinyPng([1, 2, 3]);
    expect((await upload(owner.token, owner.userId, { filename: 'a.png', contentType: 'image/png', data: png })).statusCode).toBe(200);
    const logo = (await userRow(owner.userId)).logo;
    const res = await upload(owner.token, owner.userId, {
      filename: 'evil.png',
      contentType: 'image/png',
      data: Buffer.from('just some text\n'),
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('INVALID_FILE_TYPE');
    expect((await userRow(owner.userId)).logo).toBe(logo);
    const served = await get(owner.token, picUrl(owner.userId));
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a file over 10 MB with 413 INVALID_FILE_SIZE, keeping the previous picture', async () => {
    const before = await get(owner.token, picUrl(owner.userId));
    const big = Buffer.concat([tinyPng(), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const res = await upload(owner.token, owner.userId, { filename: 'big.png', contentType: 'image/png', data: big });
    expect(res.statusCode).toBe(413);
    expect(json(res).code).toBe('INVALID_FILE_SIZE');
    const after = await get(owner.token, picUrl(owner.userId));
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
  });

  it('accepts the deprecated /upload-profile-picture path', async () => {
    const { userId, email } = await signUp(t);
    const { token } = await signIn(t, email);
    const png = tinyPng([9, 9, 9]);
    const res = await upload(token, userId, { filename: 'old.png', contentType: 'image/png', data: png }, 'upload-profile-picture');
    expect(res.statusCode).toBe(200);
    expect(json(res).data.logo).toMatch(new RegExp(`^/uploads/profile_pictures/user_${userId}\\.png\\?v=`));
    expect((await get(token, picUrl(userId))).rawPayload.equals(png)).toBe(true);
  });

  it('answers 400 FILE_REQUIRED without a file (JSON body, fields only, or an empty file)', async () => {
    const url = `/api/auth/user/${owner.userId}/upload-profile-picture-s3`;
    const asJson = await t.app.inject({ method: 'POST', url, headers: bearer(owner.token), payload: {} });
    expect(asJson.statusCode).toBe(400);
    expect(json(asJson).code).toBe('FILE_REQUIRED');
    const fieldsOnly = multipartFile(null, { note: 'no file here' });
    const noFile = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...fieldsOnly.headers, ...bearer(owner.token) },
      payload: fieldsOnly.payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(json(noFile).code).toBe('FILE_REQUIRED');
    const empty = await upload(owner.token, owner.userId, { filename: 'empty.png', contentType: 'image/png', data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).code).toBe('FILE_REQUIRED');
  });

  it('answers 404 for a picture that was never uploaded, and 401 for an upload without a token', async () => {
    const { userId, email } = await signUp(t);
    const { token } = await signIn(t, email);
    expect((await get(token, picUrl(userId))).statusCode).toBe(404);
    const { payload, headers } = multipartFile({ filename: 'x.png', contentType: 'image/png', data: tinyPng() });
    const res = await t.app.inject({ method: 'POST', url: `/api/auth/user/${userId}/upload-profile-picture-s3`, headers, payload });
    expect(res.statusCode).toBe(401);
    expect((await get(token, picUrl(userId))).statusCode).toBe(404);
  });

  it('serves a picture only to signed-in people of the same account', async () => {
    const png = tinyPng([4, 4, 4]);
    expect((await upload(owner.token, owner.userId, { filename: 'p.png', contentType: 'image/png', data: png })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: picUrl(owner.userId) })).statusCode).toBe(401);
    expect((await get(viewer.token, picUrl(owner.userId))).rawPayload.equals(png)).toBe(true);
    const { email } = await signUp(t);
    const stranger = await signIn(t, email);
    const res = await get(stranger.token, picUrl(owner.userId));
    expect(res.statusCode).toBe(404);
    expect(res.rawPayload.equals(png)).toBe(false);
  });
});
