/**
 * Messages, campaigns and credits as SQL. A message question goes through the history's own WHERE
 * (`messageWhere`: channel, status, view, campaign, failure code, dates) so a count in chat is the
 * history's total; rates use the campaign report's funnel steps.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type MessageFilter, messageWhere } from '../../messaging/index.ts';
import type { CheckedFilter, Scalar } from './check.ts';
import { columnCondition, type EntitySql, idCondition, resolveRefs, type SqlContext, timeGrouping } from './sql-common.ts';

// the campaign report's funnel (campaigns/report.service.ts FUNNEL_COUNTS), step by step
const SENT = sql`(m.sent_at is not null or m.status in ('SENT', 'ACCEPTED', 'DELIVERED', 'READ', 'PARTIALLY_SENT', 'PARTIALLY_DELIVERED'))`;
const STEP: Record<string, SQL> = {
  delivered: sql`(m.delivered_at is not null or m.status in ('DELIVERED', 'READ'))`,
  opened: sql`(m.read_at is not null)`,
  read: sql`(m.read_at is not null)`,
  clicked: sql`(m.clicked_at is not null)`,
  failed: sql`(m.status in ('FAILED', 'BLOCKED', 'NOT_ALLOWED'))`,
};
const messageRate = {
  hits: (of: string) => STEP[of] ?? sql`false`,
  // failures are over every message; the other steps over the messages that left
  base: (of: string) => (of === 'failed' ? sql`true` : SENT),
};

const one = (f: CheckedFilter) => f.values[0] as Scalar;

/** The filter as one of the history's own parameters, when it has it (a single value, `eq`). */
function historyFilter(f: CheckedFilter, into: MessageFilter, ids: Map<CheckedFilter, number[]>): boolean {
  if (f.op !== 'eq') return false;
  const v = String(one(f));
  const set = <K extends keyof MessageFilter>(key: K, value: MessageFilter[K], free = into[key] === undefined) => {
    if (!free || value === undefined) return false;
    into[key] = value;
    return true;
  };
  switch (f.field) {
    case 'channel':
      return set('channel', v as MessageFilter['channel']);
    case 'status':
      return set('status', v as MessageFilter['status']);
    case 'view':
      return set('view', v as MessageFilter['view'], into.view === 'all');
    case 'reason':
      return set('error_code', v);
    case 'campaign':
      return set('campaign_id', ids.get(f)?.[0]);
    default:
      return false;
  }
}

function messageCondition(c: SqlContext, f: CheckedFilter, ids: number[]): SQL {
  switch (f.field) {
    case 'channel':
      return columnCondition(sql`m.channel`, f, c.scope);
    case 'status':
      return columnCondition(sql`m.status`, f, c.scope);
    case 'view': {
      const inViews = sql.join(
        f.values.map((v) => messageWhere(c.scope.accountId, { view: v as MessageFilter['view'] })),
        sql` or `,
      );
      return f.op === 'neq' || f.op === 'not_in' ? sql`not (${inViews})` : sql`(${inViews})`;
    }
    case 'reason':
      return columnCondition(sql`m.error_code`, f, c.scope);
    case 'campaign':
      return idCondition(sql`m.campaign_id`, f.op, ids);
    case 'template':
      return idCondition(sql`m.template_id`, f.op, ids);
    case 'brand':
      return sql`exists (select 1 from campaigns bc where bc.id = m.campaign_id and bc.account_id = m.account_id
                         and ${idCondition(sql`bc.brand_id`, f.op, ids)})`;
    case 'sender':
      return columnCondition(sql`m.sender`, f, c.scope, f.op !== 'contains');
    case 'recipient':
      return columnCondition(sql`m.recipient`, f, c.scope);
    case 'credits':
      return columnCondition(sql`m.credits`, f, c.scope);
    case 'opened':
    case 'clicked': {
      const step = STEP[f.field] as SQL;
      return f.values[0] === true ? step : sql`not ${step}`;
    }
    default:
      return columnCondition(sql`m.created_at`, f, c.scope);
  }
}

const REF_TABLE = { campaign: 'campaigns', template: 'templates', brand: 'brands' } as const;

export const messagesSql: EntitySql = {
  from: sql`messages m`,
  scope: (c) => sql`m.account_id = ${c.scope.accountId}`,
  async where(c, filters) {
    const ids = new Map<CheckedFilter, number[]>();
    for (const f of filters) {
      const table = REF_TABLE[f.field as keyof typeof REF_TABLE];
      if (table && f.op !== 'exists' && f.op !== 'not_exists') ids.set(f, await resolveRefs(c, f, table));
    }
    const history: MessageFilter = { view: 'all' };
    // the history's date bounds are instants; a day range becomes its zone's instants
    const rest = filters.filter((f) => !historyFilter(f, history, ids));
    const parts: SQL[] = [messageWhere(c.scope.accountId, history)];
    for (const f of rest) parts.push(messageCondition(c, f, ids.get(f) ?? []));
    return parts;
  },
  date: sql`m.created_at`,
  group(g, c) {
    switch (g) {
      case 'channel':
        return { key: sql`m.channel` };
      case 'status':
        return { key: sql`m.status` };
      case 'reason':
        return { key: sql`m.error_code` };
      case 'sender':
        return { key: sql`m.sender` };
      case 'campaign':
        return {
          key: sql`m.campaign_id`,
          name: (k) => sql`(select name from campaigns ca where ca.id = ${k} and ca.account_id = ${c.scope.accountId})`,
        };
      default:
        return timeGrouping(this.date, g, c.scope) as NonNullable<ReturnType<typeof timeGrouping>>;
    }
  },
  number: (of) => (of === 'cost' ? sql`m.cost` : of === 'parts' ? sql`m.parts` : sql`m.credits`),
  rate: { from: sql``, ...messageRate },
  list: {
    key: sql`m.id`,
    label: sql`m.recipient || ' · ' || m.channel || ' · ' || m.status`,
    sort: (field) =>
      field === 'status'
        ? sql`m.status asc, m.created_at desc`
        : field === 'recipient'
          ? sql`m.recipient asc, m.created_at desc`
          : sql`m.created_at desc, m.id desc`,
  },
};

/** A campaign's rate for list ordering ("which campaign had the best click rate"). */
export const campaignRateExpr = (of: string, accountId: number) =>
  sql`(select case when count(*) filter (where ${messageRate.base(of)}) > 0
                then round(100.0 * count(*) filter (where ${messageRate.hits(of)}) / count(*) filter (where ${messageRate.base(of)}), 1) end
         from messages m where m.account_id = ${accountId} and m.campaign_id = t.id)`;

export const campaignsSql: EntitySql = {
  from: sql`campaigns t`,
  scope: (c) => sql`t.account_id = ${c.scope.accountId}`,
  async where(c, filters) {
    const parts: SQL[] = [];
    for (const f of filters) {
      switch (f.field) {
        case 'status':
          parts.push(columnCondition(sql`t.status`, f, c.scope));
          break;
        case 'channel': {
          // the list's channel filter: a campaign on that channel among others counts
          const any = sql`t.channels && ${sql.param(f.values.map(String))}::text[]`;
          parts.push(f.op === 'neq' || f.op === 'not_in' ? sql`not (${any})` : any);
          break;
        }
        case 'brand': {
          const ids = f.op === 'exists' || f.op === 'not_exists' ? [] : await resolveRefs(c, f, 'brands');
          parts.push(idCondition(sql`t.brand_id`, f.op, ids));
          break;
        }
        case 'name':
          parts.push(columnCondition(sql`t.name`, f, c.scope, f.op === 'eq'));
          break;
        case 'ab_test':
          parts.push(f.values[0] === true ? sql`t.ab_test is not null` : sql`t.ab_test is null`);
          break;
        case 'ai_plan':
          parts.push(f.values[0] === true ? sql`t.ai_plan_id is not null` : sql`t.ai_plan_id is null`);
          break;
        case 'launched':
          parts.push(columnCondition(sql`t.launched_at`, f, c.scope));
          break;
        default:
          parts.push(columnCondition(sql`t.created_at`, f, c.scope));
      }
    }
    return parts;
  },
  date: sql`t.created_at`,
  group(g, c) {
    switch (g) {
      case 'status':
        return { key: sql`t.status` };
      case 'channel':
        return { key: sql`ch`, join: sql`cross join lateral unnest(t.channels) as ch` };
      case 'brand':
        return {
          key: sql`t.brand_id`,
          name: (k) => sql`(select name from brands b where b.id = ${k} and b.account_id = ${c.scope.accountId})`,
        };
      case 'campaign':
        return {
          key: sql`t.id`,
          name: (k) => sql`(select name from campaigns ca where ca.id = ${k} and ca.account_id = ${c.scope.accountId})`,
        };
      default:
        return timeGrouping(this.date, g, c.scope) as NonNullable<ReturnType<typeof timeGrouping>>;
    }
  },
  number: (of) => (of === 'estimated_cost' ? sql`t.estimated_cost` : sql`t.targeted`),
  // a rate over the campaigns' messages (test sends carry no campaign id)
  rate: { from: sql`join messages m on m.account_id = t.account_id and m.campaign_id = t.id`, ...messageRate },
  list: {
    key: sql`t.id`,
    label: sql`t.name`,
    sort(field) {
      const rate = /^(\w+)_rate$/.exec(field)?.[1];
      if (rate) return sql`${sql.raw(`rate_${rate}`)} desc nulls last, t.id desc`;
      if (field === 'name') return sql`lower(t.name) asc`;
      if (field === 'status') return sql`t.status asc, t.created_at desc`;
      if (field === 'launched') return sql`t.launched_at desc nulls last, t.id desc`;
      return sql`t.created_at desc, t.id desc`;
    },
  },
};

export const creditsSql: EntitySql = {
  from: sql`credits t`,
  scope: (c) => sql`t.account_id = ${c.scope.accountId}`,
  async where(c, filters) {
    return filters.map((f) => columnCondition(sql`t.channel`, f, c.scope));
  },
  date: null,
  group: () => ({ key: sql`t.channel` }),
  number: (of) => (of === 'consumed' ? sql`t.consumed` : sql`t.balance`),
  list: { key: sql`t.channel`, label: sql`t.channel || ': ' || t.balance`, sort: () => sql`t.channel asc` },
  async value(c, of, filters) {
    const where = await this.where(c, filters);
    const col = of === 'consumed' ? sql`t.consumed` : sql`t.balance`;
    const { rows } = await c.db.execute<{ v: number | null }>(
      sql`select sum(${col})::float8 as v from credits t where ${sql.join([this.scope(c), ...where], sql` and `)}`,
    );
    return { value: rows[0]?.v ?? 0 };
  },
};
