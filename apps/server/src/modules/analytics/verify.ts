/**
 * Compares an account's rollups (plus its unfolded deltas) with a count over `messages` itself,
 * projection by projection: what the exactness tests and `npm run analytics:rebuild -- --check`
 * use. Answers the keys whose figures differ (empty when exact).
 */
import type pg from 'pg';

const M2 = [
  'n',
  'sent',
  'delivered',
  'opened',
  'clicked',
  'engaged',
  'failed',
  'pending',
  'cancelled',
  'unsubscribed',
  'credits',
  'cost',
] as const;
/** a measure of a delta-shaped row (analytics_deltas, or messages as deltas): two are read off its state */
const measureOf = (m: string) =>
  m === 'pending'
    ? `case when status in ('PENDING', 'SCHEDULED', 'QUEUED') then n else 0 end`
    : m === 'cancelled'
      ? `case when status = 'CANCELLED' then n else 0 end`
      : m;
const sums = (ms: readonly string[]) => ms.map((m) => `sum(${m})::numeric as ${m}`).join(', ');

/** One row per message (with +1 measures) and one per unsubscribe event, shaped like analytics_deltas. */
const TRUTH = `
  select account_id, date_trunc('hour', created_at, 'UTC') as hour, coalesce(campaign_id, 0) as campaign_id, channel, coalesce(sender, '') as sender, status,
         case when status in ('FAILED', 'BLOCKED', 'NOT_ALLOWED') then coalesce(error_code, '') else '' end as error_code,
         analytics_dest(channel, recipient) as dest, 1 as n,
         (sent_at is not null or status in ('SENT', 'ACCEPTED', 'DELIVERED', 'READ', 'PARTIALLY_SENT', 'PARTIALLY_DELIVERED'))::int as sent,
         (delivered_at is not null or status in ('DELIVERED', 'READ'))::int as delivered,
         (read_at is not null)::int as opened, (clicked_at is not null)::int as clicked,
         (read_at is not null or clicked_at is not null)::int as engaged,
         (status in ('FAILED', 'BLOCKED', 'NOT_ALLOWED'))::int as failed, 0 as unsubscribed, credits, cost, coalesce(batch_id, 0) as batch_id
    from messages where account_id = $1
  union all
  select m.account_id, date_trunc('hour', m.created_at, 'UTC'), coalesce(m.campaign_id, 0), m.channel, coalesce(m.sender, ''), '', '', '',
         0, 0, 0, 0, 0, 0, 0, 1, 0, 0, coalesce(m.batch_id, 0)
    from message_events e join messages m on m.id = e.message_id where e.account_id = $1 and e.event = 'UNSUBSCRIBED'`;

const ZONE = `(select coalesce((select timezone from analytics_zones where account_id = $1), (select timezone from accounts where id = $1)))`;
const DAY = `(hour at time zone ${ZONE})::date as day`;

/** Every rollup as a projection of delta-shaped rows: its keys, its measures, which rows it keeps. */
const PROJECTIONS: { name: string; keys: string[]; rollup: string; measures: readonly string[]; where?: string }[] = [
  { name: 'hourly', keys: ['hour', 'campaign_id', 'channel'], rollup: 'analytics_hourly', measures: M2 },
  { name: 'daily', keys: [DAY, 'campaign_id', 'channel'], rollup: 'analytics_daily', measures: M2 },
  {
    name: 'campaigns',
    keys: ['campaign_id', 'channel', 'status', 'batch_id'],
    rollup: 'analytics_campaigns',
    measures: M2,
    where: 'campaign_id <> 0',
  },
  // a campaign's minutes: when each change happened is the fold's (or the rebuild's) to say; their sums are checked
  {
    name: 'minutes',
    keys: ['campaign_id', 'channel'],
    rollup: 'analytics_campaign_minutes',
    measures: ['sent', 'delivered', 'opened', 'clicked', 'failed'],
    where: 'campaign_id <> 0',
  },
  {
    name: 'failures',
    keys: [DAY, 'campaign_id', 'channel', 'status', 'error_code'],
    rollup: 'analytics_failures_daily',
    measures: ['n'],
    where: `status in ('FAILED', 'BLOCKED', 'NOT_ALLOWED')`,
  },
  { name: 'senders', keys: [DAY, 'campaign_id', 'channel', 'sender'], rollup: 'analytics_senders_daily', measures: M2 },
  {
    name: 'destinations',
    keys: [DAY, 'campaign_id', 'channel', 'dest'],
    rollup: 'analytics_dest_daily',
    measures: ['n', 'sent', 'delivered', 'failed'],
    where: `dest <> ''`,
  },
];

export interface Mismatch {
  projection: string;
  side: 'rollup' | 'messages';
  row: Record<string, unknown>;
}

export async function verifyRollups(pool: pg.Pool | pg.PoolClient, accountId: number): Promise<Mismatch[]> {
  const out: Mismatch[] = [];
  for (const p of PROJECTIONS) {
    const names = p.keys.map((k) => k.split(' as ').at(-1) as string);
    const where = p.where ? `where ${p.where}` : '';
    // the rollup side: its rows plus the unfolded deltas, projected the same way
    const deltaKeys = p.keys.join(', ');
    const derived = p.measures.map((m) => `${measureOf(m)} as ${m}`).join(', ');
    const rollupSide = `
      select ${names.join(', ')}, ${sums(p.measures)} from (
        select ${names.join(', ')}, ${p.measures.join(', ')} from ${p.rollup} where account_id = $1
        union all
        select ${deltaKeys}, ${derived} from analytics_deltas where account_id = $1 ${p.where ? `and ${p.where}` : ''}
      ) x group by ${names.join(', ')}`;
    const truthSide = `select ${names.join(', ')}, ${sums(p.measures)} from (select ${deltaKeys}, ${derived} from (${TRUTH}) t ${where}) d group by ${names.join(', ')}`;
    // zero rows are no rows (a rollup drops keys that net to nothing)
    const nonZero = p.measures.map((m) => `${m} <> 0`).join(' or ');
    const q = `
      with a as (select * from (${rollupSide}) r where ${nonZero}), b as (select * from (${truthSide}) t where ${nonZero})
      select 'rollup' as side, * from (select * from a except select * from b) d
      union all
      select 'messages', * from (select * from b except select * from a) e
      limit 20`;
    const { rows } = await pool.query(q, [accountId]);
    for (const r of rows) {
      const { side, ...row } = r as { side: 'rollup' | 'messages' } & Record<string, unknown>;
      out.push({ projection: p.name, side, row });
    }
  }
  return out;
}
