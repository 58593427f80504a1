/**
 * A campaign's audience in SQL: customers of the account in any of the chosen groups or segments,
 * minus the exclusion groups, each assigned the FIRST channel of the campaign's fallback order
 * they can receive — consent for it, an address for it and (SMS, WhatsApp) a number on no ACTIVE
 * MT blacklist of the account — or none. With an A/B test every customer also falls in a stable
 * bucket: A, B (split_percent each) or REST. Counting, estimating and expanding share this SQL.
 */
import type { Channel } from '@risala/shared/schemas/messages';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { groupAudienceWhere } from '../groups/index.ts';

export interface AudienceInput {
  group_ids: number[];
  exclude_group_ids: number[];
}

export interface Audience {
  accountId: number;
  /** the account's customers in the audience (before the channel check) */
  where: SQL;
  /** the channel a customer gets, or NULL */
  channel: SQL;
  /** A | B | REST (with an A/B test), else NULL */
  variant: SQL;
}

/**
 * "On an ACTIVE MT blacklist of the account", shaped by what the account has (read once per
 * audience): nothing at all (the usual case: no per-customer check), numbers (one index probe on
 * the ACTIVE lists' entries) and prefixes (inlined: a handful, checked in memory).
 */
async function blacklistedSql(db: DbOrTx, accountId: number): Promise<SQL> {
  const { rows } = await db.execute<{ ids: number[] | null; prefixes: string[] | null; numbers: boolean }>(sql`
    select array_agg(distinct b.id) as ids,
           array_agg(distinct e.value) filter (where e.kind = 'prefix') as prefixes,
           bool_or(e.kind = 'number') as numbers
      from blacklists b join blacklist_entries e on e.blacklist_id = b.id and e.account_id = b.account_id
     where b.account_id = ${accountId} and b.status = 'ACTIVE' and b.blacklist_type = 'MT' and e.kind in ('number', 'prefix')`);
  const r = rows[0];
  const parts: SQL[] = [];
  if (r?.numbers) {
    parts.push(sql`exists (select 1 from blacklist_entries e where e.account_id = ${accountId} and e.kind = 'number'
      and e.value = ${customers.mobile_number} and e.blacklist_id = any(${sql.param(r.ids ?? [])}::int[]))`);
  }
  if (r?.prefixes?.length) {
    parts.push(sql`exists (select 1 from unnest(${sql.param(r.prefixes)}::text[]) p where starts_with(${customers.mobile_number}, p))`);
  }
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

function canReceive(channel: Channel, blacklisted: SQL): SQL {
  if (channel === 'email')
    return sql`(${customers.consent_email} and ${customers.email} ~ '^[^[:space:]@]+@[^[:space:]@]+\\.[^[:space:]@]+$')`;
  const consent = channel === 'sms' ? customers.consent_sms : customers.consent_whatsapp;
  return sql`(${consent} and ${customers.mobile_number} is not null and not ${blacklisted})`;
}

/** Builds the audience; another account's (or a missing) group → 404 NOT_FOUND. */
export async function buildAudience(
  db: DbOrTx,
  accountId: number,
  input: AudienceInput,
  channels: Channel[],
  splitPercent: number | null = null,
): Promise<Audience> {
  const ids = [...new Set([...input.group_ids, ...input.exclude_group_ids])];
  const { rows } = ids.length
    ? await db.execute<{ id: number; type: string; rules: unknown }>(sql`
        select id, type, rules from customer_groups where account_id = ${accountId} and id = any(${sql.param(ids)}::int[])`)
    : { rows: [] };
  if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
  const byId = new Map(rows.map((g) => [g.id, g]));
  const include = input.group_ids.map((id) => groupAudienceWhere(byId.get(id) as (typeof rows)[number]));
  const exclude = input.exclude_group_ids.map((id) => groupAudienceWhere(byId.get(id) as (typeof rows)[number]));
  const where = sql.join(
    [
      sql`${customers.account_id} = ${accountId}`,
      include.length ? sql`(${sql.join(include, sql` or `)})` : sql`false`,
      ...(exclude.length ? [sql`not (${sql.join(exclude, sql` or `)})`] : []),
    ],
    sql` and `,
  );
  const blacklisted = channels.some((c) => c !== 'email') ? await blacklistedSql(db, accountId) : sql`false`;
  const channel = channels.length
    ? sql`(case ${sql.join(
        channels.map((c) => sql`when ${canReceive(c, blacklisted)} then ${c}::text`),
        sql` `,
      )} end)`
    : sql`null::text`;
  const bucket = sql`mod(abs(hashtext(${customers.id}::text)), 100)`;
  const variant = splitPercent
    ? sql`(case when ${bucket} < ${splitPercent}::int then 'A' when ${bucket} < ${splitPercent * 2}::int then 'B' else 'REST' end)`
    : sql`null::text`;
  return { accountId, where, channel, variant };
}

export interface AudienceCount {
  /** customers in the groups and segments, minus exclusions */
  total: number;
  /** of those, who can receive on one of the channels */
  reachable: number;
  /** customers per channel after the fallback order */
  by_channel: Partial<Record<Channel, number>>;
  /** per variant (A/B test) and channel */
  by_variant: { variant: string | null; channel: Channel; count: number }[];
}

export async function countAudience(db: DbOrTx, a: Audience): Promise<AudienceCount> {
  const { rows } = await db.execute<{ channel: Channel | null; variant: string | null; n: string }>(sql`
    select channel, variant, count(*) as n
      from (select ${a.channel} as channel, ${a.variant} as variant from ${customers} where ${a.where}) s
     group by channel, variant`);
  const out: AudienceCount = { total: 0, reachable: 0, by_channel: {}, by_variant: [] };
  for (const r of rows) {
    const n = Number(r.n);
    out.total += n;
    if (!r.channel) continue;
    out.reachable += n;
    out.by_channel[r.channel] = (out.by_channel[r.channel] ?? 0) + n;
    out.by_variant.push({ variant: r.variant, channel: r.channel, count: n });
  }
  return out;
}

export interface AudienceMember {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  mobile_number: string | null;
  city: string | null;
  country: string | null;
  language: string;
  attributes: Record<string, unknown>;
  channel: Channel;
}

/**
 * The audience's customers with ids in (afterId, upTo] (upTo null: no upper bound; `limit` caps the
 * rows read) and, of those, the reachable members (in `variant` when given; not those `skipChannel`
 * would reach, which the caller inserts in SQL).
 */
export async function audienceChunk(
  db: DbOrTx,
  a: Audience,
  afterId: number,
  upTo: number | null,
  variant: string | null,
  { limit = 100_000, attributes = true, skipChannel = null }: { limit?: number; attributes?: boolean; skipChannel?: Channel | null } = {},
) {
  // attributes are jsonb: read (and parsed) only when the content uses them
  const { rows } = await db.execute<AudienceMember & { variant: string | null } & Record<string, unknown>>(sql`
    select id, first_name, last_name, email, mobile_number, city, country, language, ${attributes ? sql`attributes` : sql`null::jsonb as attributes`},
           ${a.channel} as channel, ${a.variant} as variant
      from ${customers} where ${a.where} and ${customers.id} > ${afterId} ${upTo === null ? sql`` : sql`and ${customers.id} <= ${upTo}`}
       ${skipChannel ? sql`and ${a.channel} is distinct from ${skipChannel}::text` : sql``}
     order by ${customers.id} limit ${limit}`);
  // ids arrive as numbers (int8 is parsed as a number: db/client.ts)
  return rows.filter((r) => r.channel && (variant === null || r.variant === variant));
}

/** Chunk boundaries: every `size`-th customer id of the audience (chunk i is (bounds[i-1], bounds[i]], the last one open). */
export async function chunkBounds(db: DbOrTx, a: Audience, size: number): Promise<number[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from (select ${customers.id} as id, row_number() over (order by ${customers.id}) as rn from ${customers} where ${a.where}) s
     where rn % ${size} = 0 order by id`);
  return rows.map((r) => Number(r.id));
}
