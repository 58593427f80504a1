import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserToAccount, bearer, createTestApp, json, signIn, signUp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
let owner: { accountId: number; token: string; userId: number };
let admin: string;
let marketer: string;
let otherAccount: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t);
  const session = await signIn(t, a.email);
  owner = { accountId: session.user.account_id, token: session.token, userId: a.userId };
  admin = (await signIn(t, (await addUserToAccount(t, owner.accountId, 'admin')).email)).token;
  marketer = (await signIn(t, (await addUserToAccount(t, owner.accountId, 'marketer')).email)).token;
  const b = await signUp(t, { company_name: 'Other Co' });
  otherAccount = (await signIn(t, b.email)).user.account_id;
});
afterAll(async () => {
  await t.close();
});

const putAccount = (token: string, payload: Record<string, unknown>, lang = 'en') =>
  t.app.inject({ method: 'PUT', url: '/api/account', headers: { ...bearer(token), 'accept-language': lang }, payload });
const accountRow = async (id: number) => (await t.sql('select name, timezone from accounts where id = $1', [id]))[0];

describe('PUT /api/account', () => {
  it('the owner sets the time zone, and the profile (what the launcher reads) follows', async () => {
    const res = await putAccount(owner.token, { timezone: 'Asia/Dubai' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.account).toMatchObject({ id: owner.accountId, timezone: 'Asia/Dubai' });
    const profile = await t.app.inject({ method: 'GET', url: `/api/auth/user/${owner.userId}`, headers: bearer(owner.token) });
    expect(json(profile).data.account.timezone).toBe('Asia/Dubai');
    expect(await accountRow(otherAccount)).toMatchObject({ timezone: 'Asia/Riyadh' });
  });

  it('an admin renames the company (an Arabic name is kept as typed, trimmed)', async () => {
    const res = await putAccount(admin, { name: '  شركة الواحة للتجارة ' });
    expect(res.statusCode).toBe(200);
    expect(await accountRow(owner.accountId)).toMatchObject({ name: 'شركة الواحة للتجارة', timezone: 'Asia/Dubai' });
  });

  it('a marketer gets 403 FORBIDDEN and changes nothing', async () => {
    const res = await putAccount(marketer, { timezone: 'UTC' });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('FORBIDDEN');
    expect(await accountRow(owner.accountId)).toMatchObject({ timezone: 'Asia/Dubai' });
  });

  for (const bad of ['Mars/Olympus', '+03:00', 'Asia/Riyadh; drop table accounts', '']) {
    it(`refuses the time zone ${JSON.stringify(bad)} with a translated field error`, async () => {
      const res = await putAccount(owner.token, { timezone: bad }, 'ar');
      expect(res.statusCode).toBe(400);
      expect(json(res).errors[0].field).toBe('timezone');
      expect(json(res).errors[0].message).toMatch(/[\u0600-\u06FF]/);
      expect(await accountRow(owner.accountId)).toMatchObject({ timezone: 'Asia/Dubai' });
    });
  }

  it('refuses an empty company name and needs a session', async () => {
    expect((await putAccount(owner.token, { name: '   ' })).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/account', payload: { timezone: 'UTC' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('time zones', () => {
  it('every zone the picker offers (Intl) is one PostgreSQL can schedule in', async () => {
    const known = new Set((await t.sql('select name from pg_timezone_names')).map((r) => r.name as string));
    const missing = Intl.supportedValuesOf('timeZone').filter((zone) => !known.has(zone));
    expect(missing).toEqual([]);
  });
});
