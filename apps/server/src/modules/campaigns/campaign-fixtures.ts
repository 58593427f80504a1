/** Test data for the campaign tests: a brand, customers with consents, a static group, a draft. */
import { bearer, json, type TestApp } from '../../test/helper.ts';

export interface Owner {
  accountId: number;
  userId: number;
  token: string;
}

export async function seedAudience(
  t: TestApp,
  accountId: number,
  n: number,
  opts: { sms?: boolean; email?: boolean; whatsapp?: boolean; base?: number; name?: string } = {},
) {
  const base = opts.base ?? 500_000_000 + accountId * 10_000;
  const rows = await t.sql<{ id: string }>(
    `insert into customers (account_id, first_name, mobile_number, email, consent_sms, consent_email, consent_whatsapp)
     select $1, 'Cust' || g, '+966' || ($2::bigint + g), 'cust' || ($2::bigint + g) || '@customer.example', $3, $4, $5
       from generate_series(1, $6::int) g returning id`,
    [accountId, base, opts.sms ?? true, opts.email ?? false, opts.whatsapp ?? false, n],
  );
  const [group] = await t.sql<{ id: number }>(
    `insert into customer_groups (account_id, group_name, type, status, contacts_count) values ($1, $2, 'static', 'ACTIVE', $3) returning id`,
    [accountId, opts.name ?? `Group ${base}`, n],
  );
  await t.sql('insert into group_members (account_id, group_id, customer_id) select $1, $2, unnest($3::bigint[])', [
    accountId,
    group.id,
    rows.map((r) => r.id),
  ]);
  return { groupId: group.id, customerIds: rows.map((r) => Number(r.id)) };
}

export async function seedBrand(t: TestApp, accountId: number, name = 'Acme') {
  const [b] = await t.sql<{ id: number }>('insert into brands (account_id, name) values ($1, $2) returning id', [accountId, name]);
  return b.id;
}

/** A complete SMS draft through the API; returns its id. */
export async function smsDraft(t: TestApp, owner: Owner, extra: Record<string, unknown> = {}) {
  const brandId = await seedBrand(t, owner.accountId, `Brand ${Math.random().toString(36).slice(2, 8)}`);
  const { groupId } = await seedAudience(t, owner.accountId, 3, { base: 500_000_000 + Math.floor(Math.random() * 1_000_000) * 10 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: bearer(owner.token),
    payload: {
      name: `Campaign ${Math.random().toString(36).slice(2, 8)}`,
      brand_id: brandId,
      channels: ['sms'],
      audience: { group_ids: [groupId] },
      content: { sms: { text: 'Hello {{first_name|friend}}' } },
      ...extra,
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return { id: json(res).data.id as number, brandId, groupId };
}
