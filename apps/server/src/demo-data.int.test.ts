/**
 * The demo account printed on start comes with data to try (demo-data.ts): valid, distinct
 * customers, a static group holding all of them, a segment, approved SMS and email templates —
 * enough to deploy a campaign through the API at once. Seeding again adds nothing.
 */
import { normalizeMobile } from '@risala/shared/schemas/customers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMERS } from './demo-data.ts';
import { seedDemo } from './seed.ts';
import { bearer, createTestApp, json, signIn, type TestApp } from './test/helper.ts';

let t: TestApp;
let token: string;
let accountId: number;
const email = `demo.${Date.now().toString(36)}@risala.local`;

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(t.ctx.config.demo, { email, password: 'Demo@2026' });
  expect(await seedDemo(t.ctx)).toMatchObject({ email, created: true });
  const s = await signIn(t, email, 'Demo@2026');
  token = s.token;
  accountId = s.user.account_id;
});
afterAll(async () => {
  await t?.close();
});

const req = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('the demo account', () => {
  it('has valid, distinct customers with mixed consents in a static group and a segment', async () => {
    const customers = await t.sql<{ mobile_number: string; consent_sms: boolean; consent_email: boolean }>(
      'select mobile_number, consent_sms, consent_email from customers where account_id = $1',
      [accountId],
    );
    expect(customers).toHaveLength(DEMO_CUSTOMERS);
    expect(customers.every((c) => normalizeMobile(c.mobile_number) === c.mobile_number)).toBe(true);
    expect(new Set(customers.map((c) => c.mobile_number)).size).toBe(DEMO_CUSTOMERS);
    const sms = customers.filter((c) => c.consent_sms).length;
    expect(sms).toBeGreaterThan(0);
    expect(sms).toBeLessThan(DEMO_CUSTOMERS);

    const groups = json(await req('GET', '/api/groups?limit=10')).data.items as {
      group_name: string;
      type: string;
      contacts_count: number;
      rules: unknown;
    }[];
    expect(groups.find((g) => g.type === 'static')).toMatchObject({ group_name: 'Demo customers', contacts_count: DEMO_CUSTOMERS });
    const segment = groups.find((g) => g.type === 'dynamic');
    const count = json(await req('POST', '/api/groups/preview-count', { rules: segment?.rules })).data.count as number;
    const [{ n }] = await t.sql<{ n: number }>(
      `select count(*)::int as n from customers where account_id = $1 and city = 'Riyadh' and consent_sms`,
      [accountId],
    );
    expect(n).toBeGreaterThan(0);
    expect(count).toBe(n);
    expect(segment?.contacts_count).toBe(n);
  });

  it('can deploy an SMS + email campaign with its approved templates to its group', async () => {
    const [brand] = await t.sql<{ id: number }>('select id from brands where account_id = $1', [accountId]);
    const tpl = await t.sql<{ id: number; message_type: string; status: string }>(
      'select id, message_type, status from templates where account_id = $1',
      [accountId],
    );
    expect(tpl.map((x) => x.status)).toEqual(['APPROVED', 'APPROVED']);
    const [group] = await t.sql<{ id: number }>(`select id from customer_groups where account_id = $1 and type = 'static'`, [accountId]);
    const draft = await req('POST', '/api/campaigns', {
      name: 'Demo weekend offer',
      brand_id: brand?.id,
      channels: ['sms', 'email'],
      audience: { group_ids: [group?.id] },
      content: {
        sms: { template_id: tpl.find((x) => x.message_type === 'sms')?.id },
        email: { template_id: tpl.find((x) => x.message_type === 'email')?.id },
      },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const dep = await req('POST', `/api/campaigns/${json(draft).data.id}/deploy`);
    expect(dep.statusCode, dep.body).toBe(201);
    // everyone with SMS consent, then email consent for the rest
    const [{ reachable }] = await t.sql<{ reachable: number }>(
      'select count(*)::int as reachable from customers where account_id = $1 and (consent_sms or consent_email)',
      [accountId],
    );
    expect(json(dep).data.targeted).toBe(reachable);
  });

  it('is seeded once', async () => {
    expect(await seedDemo(t.ctx)).toMatchObject({ created: false });
    const [{ n }] = await t.sql<{ n: number }>('select count(*)::int as n from customers where account_id = $1', [accountId]);
    expect(n).toBe(DEMO_CUSTOMERS);
  });
});
