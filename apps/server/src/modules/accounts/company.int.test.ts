/**
 * The company profile: read and saved by owners and admins only (the `company`
 * entity), a Saudi VAT number checked when the country is SA (message in the caller's language),
 * at most three contact persons, Arabic-Indic digits read as ASCII, and an audit entry with the
 * fields that changed, written in the same transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserToAccount, bearer, createTestApp, json, type TestApp, signIn, signUp } from '../../test/helper.ts';

let t: TestApp;
let owner: { accountId: number; userId: number; token: string };

const put = (token: string, payload: object, lang = 'en') =>
  t.app.inject({ method: 'PUT', url: '/api/account/company', headers: { ...bearer(token), 'accept-language': lang }, payload });

const valid = {
  customer_name: 'Acme Trading Co',
  customer_short_name: 'Acme',
  country: 'SA',
  city: 'Riyadh',
  street: 'King Fahd Road 12',
  cr_number: '1010123456',
  vat_number: '300000000000003',
  support_email: 'Help@Acme.example',
  contact_persons: [{ name: 'Sara Ali', email: 'sara@acme.example', phone: '+966501234567' }],
};

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t, { company_name: 'Acme' });
  const s = await signIn(t, a.email);
  owner = { accountId: s.user.account_id, userId: a.userId, token: s.token };
});
afterAll(async () => {
  await t.close();
});

describe('/api/account/company', () => {
  it('reads the profile of a new account: its name, nothing else yet', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/company', headers: bearer(owner.token) });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ customer_name: 'Acme', vat_number: null, contact_persons: [] });
  });

  it('saves every field and audits what changed', async () => {
    const res = await put(owner.token, valid);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({ ...valid, support_email: 'help@acme.example' });
    const [row] = await t.sql('select name, vat_number, contact_persons from accounts where id = $1', [owner.accountId]);
    expect(row).toMatchObject({ name: 'Acme Trading Co', vat_number: '300000000000003' });
    const entries = await t.sql("select * from audit_log where account_id = $1 and action = 'company.updated'", [owner.accountId]);
    expect(entries).toHaveLength(1);
    expect(entries[0].data.fields).toContain('vat_number');
    expect(entries[0].data.before.customer_name).toBe('Acme');
    // saving the same again changes nothing and writes no entry
    expect((await put(owner.token, valid)).statusCode).toBe(200);
    expect(await t.sql("select id from audit_log where account_id = $1 and action = 'company.updated'", [owner.accountId])).toHaveLength(1);
  });

  it('refuses a Saudi VAT number that is not 15 digits starting and ending with 3, in English and Arabic', async () => {
    for (const vat_number of ['300000000000004', '200000000000003', '30000000000003', '3000000000000003']) {
      const res = await put(owner.token, { ...valid, vat_number });
      expect(res.statusCode, vat_number).toBe(400);
      expect(json(res).errors).toContainEqual({
        field: 'vat_number',
        message: 'A Saudi VAT number has 15 digits and starts and ends with 3',
      });
    }
    const ar = await put(owner.token, { ...valid, vat_number: '123' }, 'ar');
    expect(json(ar).errors).toContainEqual({ field: 'vat_number', message: 'الرقم الضريبي السعودي مكوّن من 15 رقمًا ويبدأ وينتهي بالرقم 3' });
    // outside Saudi Arabia the Saudi rule does not apply; Arabic-Indic digits are read as ASCII
    const uae = await put(owner.token, { ...valid, country: 'AE', vat_number: '100123456700003' });
    expect(uae.statusCode).toBe(200);
    const arabicDigits = await put(owner.token, { ...valid, vat_number: '٣٠٠٠٠٠٠٠٠٠٠٠٠٠٣' });
    expect(json(arabicDigits).data.vat_number).toBe('300000000000003');
  });

  it('takes at most three contact persons, each with a name and valid email and phone', async () => {
    const person = { name: 'Omar', email: null, phone: null };
    expect((await put(owner.token, { ...valid, contact_persons: [person, person, person] })).statusCode).toBe(200);
    const four = await put(owner.token, { ...valid, contact_persons: [person, person, person, person] });
    expect(four.statusCode).toBe(400);
    const bad = await put(owner.token, { ...valid, contact_persons: [{ name: 'Omar', email: 'nope', phone: '12' }] });
    expect(bad.statusCode).toBe(400);
  });

  it('is for owners and admins only', async () => {
    const admin = await addUserToAccount(t, owner.accountId, 'admin');
    expect((await put((await signIn(t, admin.email)).token, valid)).statusCode).toBe(200);
    for (const role of ['marketer', 'viewer']) {
      const u = await addUserToAccount(t, owner.accountId, role);
      const token = (await signIn(t, u.email)).token;
      expect((await put(token, valid)).statusCode, role).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/account/company', headers: bearer(token) })).statusCode, role).toBe(403);
    }
  });
});
