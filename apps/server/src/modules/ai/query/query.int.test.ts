/**
 * The typed question against the screens: for the same filters, runQuestion's count equals the
 * total of the list API the screen shows (customers, message history, templates, campaigns), in
 * the account's zone, scoped to the account and the caller's permissions; a question the
 * catalogue does not allow is refused with a code, never answered more broadly.
 */
import type { Question } from '@risala/shared/schemas/ai-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, type TestApp, createTestApp } from '../../../test/helper.ts';
import { demoCast } from '../ai-fixtures.ts';
import { permissionTreeFor } from '@risala/shared';
import { accountVocabulary, describeQuestion, QueryError, runQuestion, scopeFor, VOCABULARY_LIMIT } from './index.ts';
import type { QueryScope } from './types.ts';

let t: TestApp;
let cast: Awaited<ReturnType<typeof demoCast>>;
let scope: QueryScope;
const TZ = 'Asia/Riyadh';

const ask = (q: Partial<Question> & Pick<Question, 'entity' | 'measure'>, s: Partial<QueryScope> = {}) =>
  runQuestion(t.ctx.db, { ...scope, ...s }, { filters: [], ...q } as Question);

async function listTotal(url: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(cast.owner.token) });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.total;
}

/** The start of today in Riyadh (UTC+3 all year), as an instant. */
function riyadhDayStart(daysFromToday: number): Date {
  const shifted = new Date(Date.now() + 3 * 3_600_000);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate() + daysFromToday) - 3 * 3_600_000);
}

async function insertMessages(
  rows: { channel: string; status: string; at: Date; campaign?: number | null; clicked?: boolean; error?: string }[],
) {
  for (const [i, r] of rows.entries()) {
    await t.sql(
      `insert into messages (account_id, channel, status, stage, bulk_id, campaign_id, recipient, body, parts, credits, created_at, sent_at,
                             delivered_at, clicked_at, error_code)
       values ($1, $2, $3, 'done', 'q-' || $4::text, $5, '+9665' || lpad($4::text, 8, '0'), 'x', 1, 1, $6,
               case when $3 <> 'FAILED' then $6::timestamptz end,
               case when $3 in ('DELIVERED', 'READ') then $6::timestamptz + interval '1 minute' end,
               case when $7 then $6::timestamptz + interval '5 minutes' end, $8)`,
      [cast.owner.accountId, r.channel, r.status, i, r.campaign ?? null, r.at.toISOString(), r.clicked ?? false, r.error ?? null],
    );
  }
}

beforeAll(async () => {
  t = await createTestApp();
  cast = await demoCast(t);
  await t.sql('update accounts set timezone = $1 where id = $2', [TZ, cast.owner.accountId]);
  scope = { accountId: cast.owner.accountId, timezone: TZ, lang: 'en', can: () => true, userId: cast.owner.userId };
});
afterAll(async () => {
  await t?.close();
});

describe('customers: the chat count is the list total', () => {
  const cases: [string, Question['filters']][] = [
    ['language=ar', [{ field: 'language', op: 'eq', value: 'ar' }]],
    ['city=Jeddah', [{ field: 'city', op: 'eq', value: 'Jeddah' }]],
    ['city=jeddah', [{ field: 'city', op: 'eq', value: 'jeddah' }]],
    ['country=AE', [{ field: 'country', op: 'eq', value: 'AE' }]],
    ['tag=vip', [{ field: 'tag', op: 'eq', value: 'vip' }]],
    ['consent_email=true', [{ field: 'consent_email', op: 'eq', value: true }]],
    ['consent_sms=false', [{ field: 'consent_sms', op: 'eq', value: false }]],
    ['search=Layla', [{ field: 'name', op: 'contains', value: 'Layla' }]],
    [
      'language=en&city=Riyadh&consent_whatsapp=true&tag=newsletter',
      [
        { field: 'language', op: 'eq', value: 'en' },
        { field: 'city', op: 'eq', value: 'Riyadh' },
        { field: 'consent_whatsapp', op: 'eq', value: true },
        { field: 'tag', op: 'eq', value: 'newsletter' },
      ],
    ],
  ];
  it.each(cases)('GET /api/customers?%s', async (query, filters) => {
    const total = await listTotal(`/api/customers?${query}`);
    const run = await ask({ entity: 'customers', measure: { kind: 'count' }, filters });
    expect(run.value).toBe(total);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(500);
  });

  it('counts a dynamic segment as the list does, by name or id', async () => {
    const segment = cast.groups.find((g) => g.name === 'Riyadh SMS subscribers');
    const total = await listTotal(`/api/customers?group=${segment?.id}`);
    const byName = await ask({
      entity: 'customers',
      measure: { kind: 'count' },
      filters: [{ field: 'group', op: 'eq', value: 'riyadh sms subscribers' }],
    });
    const byId = await ask({
      entity: 'customers',
      measure: { kind: 'count' },
      filters: [{ field: 'group', op: 'eq', value: segment?.id as number }],
    });
    expect(byName.value).toBe(total);
    expect(byId.value).toBe(total);
  });

  it('says the question back in words and links to the list filtered the same way', async () => {
    const run = await ask({ entity: 'customers', measure: { kind: 'count' }, filters: [{ field: 'language', op: 'eq', value: 'ar' }] });
    expect(run.words).toBe('customers · language = Arabic · count');
    expect(run.url).toBe('/customer?language=ar');
    expect(run.unit).toBe('count');
    const ar = describeQuestion(run.question, 'ar');
    expect(ar).toBe('العملاء · اللغة = العربية · العدد');
  });

  it('gives a share in percent, equal to the two list totals', async () => {
    const all = await listTotal('/api/customers');
    const consented = await listTotal('/api/customers?consent_email=true');
    const run = await ask({ entity: 'customers', measure: { kind: 'share', where: [{ field: 'consent_email', op: 'eq', value: true }] } });
    expect(run.unit).toBe('percent');
    expect(run.value).toBe(Math.round((1000 * consented) / all) / 10);
    expect(run.sample).toBe(all);
  });

  it('groups by language and city, each row the list total of its value', async () => {
    const byLanguage = await ask({ entity: 'customers', measure: { kind: 'count' }, group_by: 'language' });
    expect(byLanguage.rows.map((r) => r.key).sort()).toEqual(['ar', 'en']);
    for (const row of byLanguage.rows) expect(row.value).toBe(await listTotal(`/api/customers?language=${row.key}`));
    expect(byLanguage.rows.find((r) => r.key === 'ar')?.label).toBe('Arabic');
    const byCity = await ask(
      { entity: 'customers', measure: { kind: 'count' }, group_by: 'city', rank: { n: 1, order: 'desc' } },
      { lang: 'ar' },
    );
    expect(byCity.rows).toHaveLength(1);
    expect(byCity.rows[0]?.value).toBe(await listTotal(`/api/customers?city=${byCity.rows[0]?.key}`));
  });

  it('takes in / not-in / exists on the segment compiler, equal to SQL', async () => {
    const inCities = await ask({
      entity: 'customers',
      measure: { kind: 'count' },
      filters: [{ field: 'city', op: 'in', value: ['Jeddah', 'Dammam'] }],
    });
    const notAr = await ask({ entity: 'customers', measure: { kind: 'count' }, filters: [{ field: 'language', op: 'neq', value: 'ar' }] });
    const noTags = await ask({ entity: 'customers', measure: { kind: 'count' }, filters: [{ field: 'tag', op: 'not_exists' }] });
    const [sql] = await t.sql<{ cities: number; not_ar: number; no_tags: number }>(
      `select count(*) filter (where lower(city) in ('jeddah', 'dammam'))::int as cities,
              count(*) filter (where language <> 'ar')::int as not_ar,
              count(*) filter (where cardinality(tags) = 0)::int as no_tags
         from customers where account_id = $1`,
      [cast.owner.accountId],
    );
    expect([inCities.value, notAr.value, noTags.value]).toEqual([sql?.cities, sql?.not_ar, sql?.no_tags]);
  });

  it('lists at most 50 rows and says how many matched', async () => {
    const run = await ask({ entity: 'customers', measure: { kind: 'list' }, rank: { n: 50, order: 'desc' } });
    expect(run.rows).toHaveLength(50);
    expect(run.total).toBe(500);
  });
});

describe('messages: periods in the account zone, the history total', () => {
  beforeAll(async () => {
    const yesterday = riyadhDayStart(-1);
    const today = riyadhDayStart(0);
    await insertMessages([
      // yesterday 00:30 and 23:30 Riyadh; today 00:30 Riyadh is still "yesterday" in UTC
      { channel: 'sms', status: 'DELIVERED', at: new Date(yesterday.getTime() + 30 * 60_000) },
      { channel: 'sms', status: 'FAILED', at: new Date(today.getTime() - 30 * 60_000), error: 'ESME_RINVDSTADR' },
      { channel: 'sms', status: 'DELIVERED', at: new Date(today.getTime() + 30 * 60_000) },
      { channel: 'email', status: 'READ', at: new Date(today.getTime() - 60 * 60_000) },
      { channel: 'whatsapp', status: 'FAILED', at: new Date(yesterday.getTime() - 60 * 60_000) },
    ]);
  });

  it('counts SMS sent yesterday as the history does for the same instants', async () => {
    const from = riyadhDayStart(-1).toISOString();
    const to = riyadhDayStart(0).toISOString();
    const total = await listTotal(`/api/messages?channel=sms&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    const run = await ask({
      entity: 'messages',
      measure: { kind: 'count' },
      filters: [{ field: 'channel', op: 'eq', value: 'sms' }],
      period: { preset: 'yesterday' },
    });
    expect(total).toBe(2);
    expect(run.value).toBe(total);
    expect(run.words).toBe('messages · channel = SMS · yesterday · count');
  });

  it('counts by view and failure reason as the history filters do', async () => {
    const failed = await listTotal('/api/messages?view=failed');
    const reason = await listTotal('/api/messages?error_code=ESME_RINVDSTADR');
    expect(failed).toBe(2);
    expect(
      (await ask({ entity: 'messages', measure: { kind: 'count' }, filters: [{ field: 'view', op: 'eq', value: 'failed' }] })).value,
    ).toBe(failed);
    expect(
      (await ask({ entity: 'messages', measure: { kind: 'count' }, filters: [{ field: 'reason', op: 'eq', value: 'ESME_RINVDSTADR' }] }))
        .value,
    ).toBe(reason);
  });

  it('groups by channel and by hour of the account zone', async () => {
    const byChannel = await ask({ entity: 'messages', measure: { kind: 'count' }, group_by: 'channel' });
    expect(Object.fromEntries(byChannel.rows.map((r) => [r.key, r.value]))).toEqual({ sms: 3, email: 1, whatsapp: 1 });
    expect(byChannel.rows[0]).toMatchObject({ key: 'sms', label: 'SMS' });
    const byHour = await ask({
      entity: 'messages',
      measure: { kind: 'count' },
      group_by: 'hour',
      filters: [{ field: 'channel', op: 'eq', value: 'sms' }],
    });
    expect(byHour.rows.map((r) => [r.key, r.value])).toEqual([
      [0, 2],
      [23, 1],
    ]);
  });

  it('gives a delivery rate over the messages that left', async () => {
    const run = await ask({
      entity: 'messages',
      measure: { kind: 'rate', of: 'delivered' },
      filters: [{ field: 'channel', op: 'eq', value: 'sms' }],
    });
    // 3 SMS: 2 delivered, 1 failed (which never left)
    expect(run).toMatchObject({ value: 100, unit: 'percent', sample: 2 });
  });
});

describe('campaigns, templates, credits and the account', () => {
  it('ranks campaigns by click rate', async () => {
    const ids: number[] = [];
    for (const name of ['Spring sale', 'Eid offer']) {
      const [c] = await t.sql<{ id: number }>(
        `insert into campaigns (account_id, name, channels, status) values ($1, $2, '{sms}', 'COMPLETED') returning id`,
        [cast.owner.accountId, name],
      );
      ids.push(c?.id as number);
    }
    const at = new Date(Date.now() - 86_400_000 * 3);
    await insertMessages([
      { channel: 'sms', status: 'DELIVERED', at, campaign: ids[0], clicked: true },
      { channel: 'sms', status: 'DELIVERED', at, campaign: ids[0] },
      { channel: 'sms', status: 'DELIVERED', at, campaign: ids[1], clicked: true },
      { channel: 'sms', status: 'DELIVERED', at, campaign: ids[1], clicked: true },
    ]);
    const best = await ask({
      entity: 'campaigns',
      measure: { kind: 'rate', of: 'clicked' },
      group_by: 'campaign',
      rank: { n: 1, order: 'desc' },
    });
    expect(best.rows).toEqual([{ key: ids[1], label: 'Eid offer', value: 100, sample: 2 }]);
    // the clicked step as a filter counts what the rate counts: 3 clicked of these campaigns' 4 messages
    const clicked = (value: boolean) =>
      ask({
        entity: 'messages',
        measure: { kind: 'count' },
        filters: [
          { field: 'campaign', op: 'in', value: ids.map(String) },
          { field: 'clicked', op: 'eq', value },
        ],
      });
    expect((await clicked(true)).value).toBe(3);
    expect((await clicked(false)).value).toBe(1);
    const listed = await ask({ entity: 'campaigns', measure: { kind: 'list' }, sort: 'clicked_rate' });
    expect(listed.rows.map((r) => [r.label, r.value])).toEqual([
      ['Eid offer', 100],
      ['Spring sale', 50],
    ]);
    const total = await listTotal('/api/campaigns?status=COMPLETED');
    expect(
      (await ask({ entity: 'campaigns', measure: { kind: 'count' }, filters: [{ field: 'status', op: 'eq', value: 'completed' }] })).value,
    ).toBe(total);
  });

  it('counts approved templates as the templates list does', async () => {
    const total = await listTotal(`/api/templates/${cast.owner.userId}?status=APPROVED`);
    const run = await ask({ entity: 'templates', measure: { kind: 'count' }, filters: [{ field: 'status', op: 'eq', value: 'approved' }] });
    expect(run.value).toBe(total);
    expect(run.url).toBe('/template?status=APPROVED');
  });

  it("reads the account's time zone and the credit balances", async () => {
    const zone = await ask({ entity: 'account', measure: { kind: 'value', of: 'timezone' } });
    expect(zone).toMatchObject({ value: TZ, unit: 'text' });
    const [sms] = await t.sql<{ balance: string }>(`select balance from credits where account_id = $1 and channel = 'sms'`, [
      cast.owner.accountId,
    ]);
    const credits = await ask({
      entity: 'credits',
      measure: { kind: 'value', of: 'balance' },
      filters: [{ field: 'channel', op: 'eq', value: 'sms' }],
    });
    expect(credits).toMatchObject({ value: Number(sms?.balance), unit: 'credits' });
  });
});

describe("the account's own names for the lexicon", () => {
  it('gives cities, countries, languages, tags, groups, brands and templates, each bounded, only from this account', async () => {
    const v = await accountVocabulary(t.ctx.db, cast.owner.accountId);
    expect(v.cities).toEqual(expect.arrayContaining(['Riyadh', 'Jeddah', 'Dammam', 'Dubai']));
    expect(v.countries).toEqual(expect.arrayContaining(['SA', 'AE']));
    expect(v.languages).toEqual(expect.arrayContaining(['ar', 'en']));
    expect(v.tags).toEqual(expect.arrayContaining(['vip', 'newsletter']));
    expect(v.groups).toEqual(expect.arrayContaining(['Demo customers', 'Riyadh SMS subscribers']));
    expect(v.brands).toEqual(['Risala Demo Store']);
    expect(v.templates).toEqual(expect.arrayContaining(['Weekend offer (SMS)']));
    for (const list of Object.values(v)) expect(list.length).toBeLessThanOrEqual(VOCABULARY_LIMIT);
    const other = await accountVocabulary(t.ctx.db, cast.stranger.accountId);
    expect(other.cities).toEqual([]);
  });
});

describe('scope and refusals', () => {
  const refusal = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(QueryError);
    return (err as QueryError).code;
  };

  it("never reads another account's rows", async () => {
    const other = await ask({ entity: 'customers', measure: { kind: 'count' } }, { accountId: cast.stranger.accountId });
    expect(other.value).toBe(0);
  });

  it("scopes a signed-in user by their role's screens: a viewer counts customers but not senders", async () => {
    const viewer = await scopeFor(
      t.ctx.db,
      { accountId: cast.owner.accountId, userId: cast.viewer.userId, permissions: permissionTreeFor('viewer') },
      'en',
    );
    expect(viewer.timezone).toBe(TZ);
    expect((await runQuestion(t.ctx.db, viewer, { entity: 'customers', measure: { kind: 'count' }, filters: [] })).value).toBe(500);
    expect(await refusal(runQuestion(t.ctx.db, viewer, { entity: 'senders', measure: { kind: 'count' }, filters: [] }))).toBe(
      'QUERY_NOT_ALLOWED',
    );
  });

  it('refuses an entity the caller may not see', async () => {
    expect(await refusal(ask({ entity: 'customers', measure: { kind: 'count' } }, { can: (e) => e !== 'customers' }))).toBe(
      'QUERY_NOT_ALLOWED',
    );
  });

  it('refuses a field, an op, a value, a measure or a grouping the catalogue does not declare', async () => {
    const count = { kind: 'count' } as const;
    expect(await refusal(ask({ entity: 'customers', measure: count, filters: [{ field: 'tier', op: 'eq', value: 'gold' }] }))).toBe(
      'QUERY_FIELD_UNKNOWN',
    );
    expect(await refusal(ask({ entity: 'customers', measure: count, filters: [{ field: 'consent_sms', op: 'gte', value: true }] }))).toBe(
      'QUERY_OP_NOT_ALLOWED',
    );
    expect(
      await refusal(ask({ entity: 'customers', measure: count, filters: [{ field: 'brand', op: 'eq', value: 'No such brand' }] })),
    ).toBe('QUERY_VALUE_UNKNOWN');
    expect(await refusal(ask({ entity: 'templates', measure: count, filters: [{ field: 'status', op: 'eq', value: 'sleeping' }] }))).toBe(
      'QUERY_VALUE_UNKNOWN',
    );
    expect(await refusal(ask({ entity: 'customers', measure: { kind: 'rate', of: 'clicked' } }))).toBe('QUERY_MEASURE_UNKNOWN');
    expect(await refusal(ask({ entity: 'templates', measure: count, group_by: 'hour' }))).toBe('QUERY_GROUPING_UNKNOWN');
    // a rank or a sort that the measure would not use is refused, not dropped
    expect(await refusal(ask({ entity: 'customers', measure: count, rank: { n: 5, order: 'desc' } }))).toBe('QUERY_MEASURE_UNKNOWN');
    expect(await refusal(ask({ entity: 'customers', measure: count, sort: 'name' }))).toBe('QUERY_SORT_UNKNOWN');
  });
});
