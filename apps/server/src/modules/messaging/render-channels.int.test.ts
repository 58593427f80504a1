/**
 * One recipient resolver and one renderer for every channel. The same customer,
 * sent the same personalised text by SMS, email and WhatsApp through the API and by a campaign
 * (whose plain SMS are rendered by PostgreSQL), reads the same everywhere — fallbacks, numbers and
 * an object attribute (left out, so its fallback shows) included — and a customer whose number is
 * stored as 00966… is one recipient with the same number typed +966….
 */
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../../jobs/worker.ts';
import { bearer, createTestApp, json, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { until } from '../../test/reliability/harness.ts';

let t: TestApp;
let worker: Runner;
let owner: { accountId: number; token: string };
let customerId: number;

const TEXT =
  'Hi {{first_name|Friend}} ({{attributes.tier}}), visits {{attributes.visits}}, prefs {{attributes.prefs|none}}, from {{city|Riyadh}}';
const EXPECTED = 'Hi Layla (gold), visits 3, prefs none, from Riyadh';

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(owner.token), payload });
const bodyOf = async (bulkId: string) =>
  (await t.sql<{ body: string; subject: string | null }>('select body, subject from messages where bulk_id = $1', [bulkId]))[0];

beforeAll(async () => {
  t = await createTestApp();
  worker = await startWorker(t.ctx, t.ctx.config.databaseUrl as string);
  const u = await signUp(t);
  const s = await signIn(t, u.email);
  owner = { accountId: s.user.account_id, token: s.token };
  const [c] = await t.sql<{ id: string }>(
    `insert into customers (account_id, first_name, mobile_number, email, attributes, consent_sms, consent_email, consent_whatsapp)
     values ($1, 'Layla', '+966500000201', 'layla@customer.example', '{"tier": "gold", "visits": 3, "prefs": {"lang": "ar"}}', true, true, true)
     returning id`,
    [owner.accountId],
  );
  customerId = Number(c?.id);
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

describe('one renderer for every channel', () => {
  it('renders the same customer the same through SMS, email and WhatsApp', async () => {
    const recipients = { customer_ids: [customerId] };
    const sms = await post('/api/messages/sms', { recipients, text: TEXT });
    expect(sms.statusCode, sms.body).toBe(201);
    const email = await post('/api/messages/email', { recipients, subject: TEXT, text: TEXT });
    expect(email.statusCode, email.body).toBe(201);
    // free text outside the 24-hour window is NOT_ALLOWED, but rendered and kept all the same
    const wa = await post('/api/messages/whatsapp', { recipients, text: TEXT });
    expect(wa.statusCode, wa.body).toBe(201);

    expect((await bodyOf(json(sms).data.bulk_id))?.body).toBe(EXPECTED);
    expect(await bodyOf(json(email).data.bulk_id)).toEqual({ body: EXPECTED, subject: EXPECTED });
    expect((await bodyOf(json(wa).data.bulk_id))?.body).toBe(EXPECTED);
  });

  it('renders a campaign SMS in SQL exactly as the API renders it', async () => {
    const plain = 'Hello {{first_name|friend}} from {{city|Riyadh}}, {{last_name|dear customer}}';
    const [brand] = await t.sql<{ id: number }>(`insert into brands (account_id, name) values ($1, 'Acme') returning id`, [
      owner.accountId,
    ]);
    const [group] = await t.sql<{ id: number }>(
      `insert into customer_groups (account_id, group_name, type, status, contacts_count) values ($1, 'Layla only', 'static', 'ACTIVE', 1) returning id`,
      [owner.accountId],
    );
    await t.sql('insert into group_members (account_id, group_id, customer_id) values ($1, $2, $3)', [
      owner.accountId,
      group?.id,
      customerId,
    ]);
    const draft = await post('/api/campaigns', {
      name: 'Render check',
      brand_id: brand?.id,
      channels: ['sms'],
      audience: { group_ids: [group?.id] },
      content: { sms: { text: plain } },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const deployed = await post(`/api/campaigns/${json(draft).data.id}/deploy`, {});
    expect(deployed.statusCode, deployed.body).toBe(201);
    const [fromCampaign] = await until(
      () =>
        t
          .sql<{ body: string }>('select body from messages where campaign_id = $1', [json(draft).data.id])
          .then((r) => (r.length ? r : null)),
      () => 'the campaign was never expanded',
      20_000,
    );
    const api = await post('/api/messages/sms', { recipients: { customer_ids: [customerId] }, text: plain });
    expect(fromCampaign?.body).toBe((await bodyOf(json(api).data.bulk_id))?.body);
    expect(fromCampaign?.body).toBe('Hello Layla from Riyadh, dear customer');
  });

  it('resolves a stored 00966… number and the same number typed +966… as one recipient', async () => {
    await t.sql(`insert into customers (account_id, first_name, mobile_number, consent_sms) values ($1, 'Omar', '00966500000202', true)`, [
      owner.accountId,
    ]);
    const [omar] = await t.sql<{ id: string }>(`select id from customers where account_id = $1 and first_name = 'Omar'`, [owner.accountId]);
    const res = await post('/api/messages/sms/estimate', {
      recipients: { customer_ids: [Number(omar?.id)], numbers: ['+966500000202'] },
      text: 'Hi',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ accepted: 1, skipped: { duplicate: 1 } });
  });
});
