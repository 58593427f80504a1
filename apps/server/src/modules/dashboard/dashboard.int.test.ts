import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Cast, createTestApp, json, signUpCast, type TestApp } from '../../test/helper.ts';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await signUpCast(t);
});
afterAll(async () => {
  await t?.close();
});

const steps = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/getting-started', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};

describe('GET /api/dashboard/getting-started', () => {
  it('starts with nothing done, follows the account’s own first steps, and ignores other accounts', async () => {
    // the sandbox's sender and sample WhatsApp templates are given, not set up: nothing is done
    const [samples] = await t.sql(`select count(*)::int as n from whatsapp_templates where account_id = $1 and status = 'APPROVED'`, [
      cast.owner.accountId,
    ]);
    expect(samples.n).toBeGreaterThan(0);
    expect(await steps(cast.owner.token)).toEqual({
      sender: false,
      brand: false,
      customers: false,
      approved_template: false,
      sent_message: false,
      launched_campaign: false,
    });
    // another account's brand and customer change nothing here
    await t.sql(`insert into brands (account_id, name) values ($1, 'Theirs')`, [cast.stranger.accountId]);
    await t.sql(`insert into customers (account_id, email) values ($1, 'x@example.com')`, [cast.stranger.accountId]);
    expect(await steps(cast.owner.token)).toMatchObject({ brand: false, customers: false });

    await t.sql(`insert into brands (account_id, name) values ($1, 'Ours')`, [cast.owner.accountId]);
    await t.sql(`insert into customers (account_id, email) values ($1, 'y@example.com')`, [cast.owner.accountId]);
    await t.sql(`insert into campaigns (account_id, name, status) values ($1, 'Draft only', 'DRAFT')`, [cast.owner.accountId]);
    // a viewer of the same account sees the same checklist; a draft is not a launched campaign
    expect(await steps(cast.viewer.token)).toEqual({
      sender: false,
      brand: true,
      customers: true,
      approved_template: false,
      sent_message: false,
      launched_campaign: false,
    });

    // an approved WhatsApp template counts as an approved template; a message sent and a campaign
    // out of its draft finish the list
    await t.sql(
      `insert into whatsapp_templates (account_id, name, language, category, status, components) values ($1, 'hello', 'en', 'UTILITY', 'APPROVED', '[]')`,
      [cast.owner.accountId],
    );
    await t.sql(
      `insert into messages (account_id, channel, status, stage, bulk_id, recipient, body) values ($1, 'sms', 'DELIVERED', 'done', 'b-1', '+966500000001', 'Hi')`,
      [cast.owner.accountId],
    );
    await t.sql(`update campaigns set status = 'COMPLETED' where account_id = $1`, [cast.owner.accountId]);
    // a sender id of the account's own
    await t.sql(`insert into sms_senders (account_id, sender_id, sender_type, status) values ($1, 'TamrShop', 'alphanumeric', 'PENDING')`, [
      cast.owner.accountId,
    ]);
    expect(await steps(cast.owner.token)).toEqual({
      sender: true,
      brand: true,
      customers: true,
      approved_template: true,
      sent_message: true,
      launched_campaign: true,
    });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/getting-started' })).statusCode).toBe(401);
  });
});
