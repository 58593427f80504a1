/**
 * The schema can be distributed by account (Citus, docs/architecture.md §8)
 * without a change. A tenant table is a table of the public schema with an account_id column (every
 * other table is listed below with the reason it is not one). For each tenant table: the primary key
 * includes account_id, so does every unique constraint and unique index, and every foreign key to
 * another tenant table pairs its reference with account_id on both sides — which also means a row
 * can never point into another account. A new table fails here until it follows the rule or is
 * listed with its reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';

/** Tables without account_id, and why: none holds an account's data in a way Citus would shard. */
const NOT_TENANT: Record<string, string> = {
  accounts: 'the tenant itself: distributed by its id, co-located with every account_id',
  instances: 'the processes running against the database (instances/registry.ts), not data',
  operator_otp_codes: 'platform operators’ sign-in codes: operators belong to the platform, not to an account',
  operator_sessions: 'platform operators’ sessions, separate from tenant sessions by design',
  payment_events:
    'the payment provider’s webhook events, kept by the provider’s event id to apply each once; the account is read from the event',
  plans: 'the platform’s plan catalogue (prices, rates, limits), the same for every account',
  platform_operators: 'the people who run the platform (admin:create), not users of any account',
  login_attempts: 'sign-in attempts by address and IP, before anyone is known to be of an account',
  rate_limit_hits: 'fixed-window counters by IP and address, shared by every process',
  sandbox_mails: 'the development mail peer’s inbox',
  sms_pending_receipts: 'receipts that matched no sent part yet: cross-account by design (which account is what the match finds)',
  sms_queue: 'the SMS connection queue, a work queue like graphile-worker’s jobs: it stays on the coordinator',
};

/** Unique keys without account_id: each must be unique across accounts, because a request that carries no account looks it up. */
const GLOBAL_KEYS: Record<string, string> = {
  users_email_uq: 'an address signs in to exactly one account',
  invitations_token_uq: 'the mailed invitation link carries only its token; accepting it finds the account from the token',
  api_keys_client_id_uq: 'an API call carries only the key’s client_id: the key names its account, not the other way round',
  short_links_code_uq: 'a public short link /s/:code resolves without an account',
  whatsapp_senders_bound_phone_id_uq:
    'Meta’s webhooks name the phone number id only, which routes to the one account whose token the Cloud API confirmed for it',
};

/** Tenant tables without a primary key, and why. */
const NO_PRIMARY_KEY: Record<string, string> = {
  analytics_deltas: 'the rollup triggers’ append-only inbox, taken whole by the fold: no key so pipeline writers never wait on one another',
  sms_part_keys: 'append-only receipt keys, found by (key, connection_id) and deleted when matched; no row is ever addressed',
};

interface TableRow {
  name: string;
  has_account: boolean;
}

let t: TestApp;
let tables: TableRow[];
const tenant = () => new Set(tables.filter((r) => r.has_account).map((r) => r.name));

beforeAll(async () => {
  t = await createTestApp();
  tables = await t.sql<TableRow>(`
    select c.relname as name,
           exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'account_id' and not a.attisdropped) as has_account
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
     order by 1`);
});
afterAll(async () => {
  await t?.close();
});

describe('tenant tables and their keys', () => {
  it('every table has account_id or is listed as not a tenant table (and the list is true)', () => {
    const unlisted = tables.filter((r) => !r.has_account && !NOT_TENANT[r.name]).map((r) => r.name);
    expect(unlisted).toEqual([]);
    for (const name of Object.keys(NOT_TENANT)) {
      expect(
        tables.find((r) => r.name === name),
        `${name} is listed but does not exist`,
      ).toBeDefined();
      expect(tenant().has(name), `${name} is listed but has account_id`).toBe(false);
    }
  });

  it('every tenant table’s primary key includes account_id', async () => {
    const rows = await t.sql<{ table: string; columns: string[] | null }>(`
      select c.relname as table,
             (select array_agg(a.attname::text order by a.attnum) from pg_constraint k join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
               where k.conrelid = c.oid and k.contype = 'p') as columns
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`);
    const wrong = rows
      .filter((r) => tenant().has(r.table))
      .filter((r) => (r.columns ? !r.columns.includes('account_id') : !NO_PRIMARY_KEY[r.table]))
      .map((r) => `${r.table} (${r.columns?.join(', ') ?? 'no primary key'})`);
    expect(wrong).toEqual([]);
  });

  it('every unique key of a tenant table includes account_id, but for the global ones listed', async () => {
    const rows = await t.sql<{ table: string; index: string; with_account: boolean }>(`
      select c.relname as table, ic.relname as index,
             exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'account_id' and a.attnum = any(i.indkey)) as with_account
        from pg_index i join pg_class c on c.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid
        join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and i.indisunique and not c.relispartition`);
    const tenantKeys = rows.filter((r) => tenant().has(r.table));
    expect(tenantKeys.filter((r) => !r.with_account && !GLOBAL_KEYS[r.index]).map((r) => `${r.table}.${r.index}`)).toEqual([]);
    for (const name of Object.keys(GLOBAL_KEYS)) {
      expect(
        tenantKeys.find((r) => r.index === name && !r.with_account),
        `${name} is listed but is not a global key of a tenant table`,
      ).toBeDefined();
    }
  });

  it('every foreign key between tenant tables pairs the reference with account_id on both sides', async () => {
    const rows = await t.sql<{ name: string; from: string; to: string; from_cols: string[]; to_cols: string[] }>(`
      select k.conname as name, c.relname as from, r.relname as to,
             (select array_agg(a.attname::text) from pg_attribute a where a.attrelid = k.conrelid and a.attnum = any(k.conkey)) as from_cols,
             (select array_agg(a.attname::text) from pg_attribute a where a.attrelid = k.confrelid and a.attnum = any(k.confkey)) as to_cols
        from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class r on r.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
       where k.contype = 'f' and n.nspname = 'public' and not c.relispartition`);
    const tenants = tenant();
    const crossing = rows.filter((r) => r.to !== 'accounts' && (tenants.has(r.to) || tenants.has(r.from)));
    expect(crossing.length).toBeGreaterThan(40); // the rule is exercised, not vacuous
    const wrong = crossing.filter((r) => !(tenants.has(r.from) && r.from_cols.includes('account_id') && r.to_cols.includes('account_id')));
    expect(wrong.map((r) => `${r.name}: ${r.from}(${r.from_cols}) → ${r.to}(${r.to_cols})`)).toEqual([]);
  });

  it('a row cannot point into another account', async () => {
    const [a, b] = await t.sql<{ id: number }>(`insert into accounts (name) values ('A'), ('B') returning id`);
    const [brand] = await t.sql<{ id: number }>(`insert into brands (account_id, name) values ($1, 'A brand') returning id`, [a?.id]);
    await expect(
      t.sql(`insert into customers (account_id, first_name, brand_id) values ($1, 'Sara', $2)`, [b?.id, brand?.id]),
    ).rejects.toThrow(/foreign key/);
    await t.sql(`insert into customers (account_id, first_name, brand_id) values ($1, 'Sara', $2)`, [a?.id, brand?.id]);
    // deleting the brand clears the customer's reference only (ON DELETE SET NULL (brand_id))
    await t.sql('delete from brands where id = $1', [brand?.id]);
    expect(await t.sql(`select account_id, brand_id from customers where account_id = $1`, [a?.id])).toEqual([
      { account_id: a?.id, brand_id: null },
    ]);
  });
});
