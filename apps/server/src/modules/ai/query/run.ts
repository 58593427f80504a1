/**
 * Runs a typed question: checks it against the catalogue and the caller's permissions, compiles it
 * to one parameterised statement through the entity's SQL (the screens' own WHERE builders where
 * they exist), and runs it in a read-only transaction with a statement timeout. Bounded: a list
 * returns at most 50 rows, a grouping at most 200.
 */
import { type QueryRow, type QueryRun, type Question, questionSchema } from '@risala/shared/schemas/ai-query';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { type CheckedQuestion, checkQuestion, QueryError } from './check.ts';
import { describeQuestion, keyLabel } from './describe.ts';
import { resolvePeriod } from './periods.ts';
import { accountSql, aiPlansSql, brandsSql, notificationsSql, sendersSql, templatesSql, whatsappTemplatesSql } from './sql-account.ts';
import { customersSql, groupsSql } from './sql-audience.ts';
import type { EntitySql, SqlContext } from './sql-common.ts';
import { campaignRateExpr, campaignsSql, creditsSql, messagesSql } from './sql-messaging.ts';
import type { QueryScope } from './types.ts';

export const LIST_DEFAULT = 20;
export const LIST_MAX = 50;
export const GROUP_MAX = 200;
/** Long enough for a year of a big account's messages on the indexes; a question that needs more is narrowed, not waited on. */
export const STATEMENT_TIMEOUT_MS = 5_000;

const SQLS: Record<Question['entity'], EntitySql> = {
  customers: customersSql,
  groups: groupsSql,
  messages: messagesSql,
  campaigns: campaignsSql,
  templates: templatesSql,
  whatsapp_templates: whatsappTemplatesSql,
  senders: sendersSql,
  brands: brandsSql,
  credits: creditsSql,
  ai_plans: aiPlansSql,
  notifications: notificationsSql,
  account: accountSql,
};

const TIME_GROUPS = new Set(['day', 'hour', 'weekday', 'month']);
const and = (parts: SQL[]) => sql.join(parts, sql` and `);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The measure as an aggregate over the filtered rows, and the size of the base it is judged on. */
async function aggregate(ch: CheckedQuestion, es: EntitySql, c: SqlContext): Promise<{ value: SQL; sample: SQL; join: SQL }> {
  const m = ch.q.measure;
  switch (m.kind) {
    case 'share': {
      const where = and(await es.where(c, ch.shareWhere));
      return {
        value: sql`round(100.0 * count(*) filter (where ${where}) / nullif(count(*), 0), 1)::float8`,
        sample: sql`count(*)::int`,
        join: sql``,
      };
    }
    case 'sum':
    case 'avg':
    case 'value': {
      const expr = es.number?.(m.of ?? '') ?? sql`null`;
      return {
        value: m.kind === 'avg' ? sql`round(avg(${expr})::numeric, 2)::float8` : sql`coalesce(sum(${expr}), 0)::float8`,
        sample: sql`count(*)::int`,
        join: sql``,
      };
    }
    case 'rate': {
      const rate = es.rate;
      if (!rate) throw new QueryError('QUERY_MEASURE_UNKNOWN', { entity: ch.q.entity, measure: `rate ${m.of}` });
      const base = rate.base(m.of ?? '');
      return {
        value: sql`round(100.0 * count(*) filter (where ${rate.hits(m.of ?? '')} and ${base}) / nullif(count(*) filter (where ${base}), 0), 1)::float8`,
        sample: sql`count(*) filter (where ${base})::int`,
        join: rate.from,
      };
    }
    default:
      return { value: sql`count(*)::float8`, sample: sql`count(*)::int`, join: sql`` };
  }
}

function unitOf(ch: CheckedQuestion): QueryRun['unit'] {
  const m = ch.q.measure;
  if (m.kind === 'share' || m.kind === 'rate') return 'percent';
  if (m.kind === 'sum' || m.kind === 'avg') return ch.def.numbers[m.of ?? '']?.unit ?? 'none';
  if (m.kind === 'value') return ch.def.values[m.of ?? '']?.unit ?? 'text';
  if (m.kind === 'list') return 'none';
  return 'count';
}

async function compileAndRun(tx: DbOrTx, ch: CheckedQuestion, scope: QueryScope): Promise<Omit<QueryRun, 'question' | 'words'>> {
  const { q } = ch;
  const es = SQLS[q.entity];
  const c: SqlContext = { db: tx, scope };
  const conds = [es.scope(c), ...(await es.where(c, ch.filters))];
  const period = q.period ? resolvePeriod(q.period, scope.timezone, scope.now) : undefined;
  if (period && es.date) {
    conds.push(sql`${es.date} >= ${period.from.toISOString()}::timestamptz and ${es.date} < ${period.to.toISOString()}::timestamptz`);
  }
  const url = ch.def.screen(q, period ? { from: period.firstDay, to: period.lastDay } : undefined);
  const unit = unitOf(ch);

  // a single-row entity's field (the account's zone; credits per channel grouped below)
  if (q.measure.kind === 'value' && es.value && !q.group_by) {
    const { value } = await es.value(c, q.measure.of ?? '', ch.filters);
    return { value, unit, rows: [], url, total: null };
  }

  if (q.measure.kind === 'list') {
    const n = Math.min(q.rank?.n ?? LIST_DEFAULT, LIST_MAX);
    const sortField = q.sort ?? ch.def.sortable[0] ?? 'created';
    const rateOf = q.entity === 'campaigns' ? /^(\w+)_rate$/.exec(sortField)?.[1] : undefined;
    const rateCol = rateOf ? sql`, ${campaignRateExpr(rateOf, scope.accountId)} as ${sql.raw(`rate_${rateOf}`)}` : sql``;
    const order = es.list.sort(sortField);
    // the bottom N ("the campaign with the lowest delivery rate", "the smallest group"): the last N
    // rows of the sort's own order, read from the end; rows without the figure are not "lowest"
    const bottom = q.rank?.order === 'asc';
    let offset = 0;
    if (bottom) {
      if (rateOf) conds.push(sql`${campaignRateExpr(rateOf, scope.accountId)} is not null`);
      const { rows: counted } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${es.from} where ${and(conds)}`);
      offset = Math.max(0, (counted[0]?.n ?? 0) - n);
    }
    const { rows: page } = await tx.execute<{ key: string | number; label: string | null; total: number } & Record<string, unknown>>(
      sql`select ${es.list.key} as key, ${es.list.label} as label, count(*) over()::int as total ${rateCol}
            from ${es.from} where ${and(conds)} order by ${order} limit ${n} offset ${offset}`,
    );
    const rows = bottom ? [...page].reverse() : page;
    const list: QueryRow[] = rows.map((r) => ({
      key: typeof r.key === 'number' || typeof r.key === 'string' ? r.key : String(r.key),
      label: r.label ?? String(r.key),
      value: rateOf ? num(r[`rate_${rateOf}`]) : null,
    }));
    return { value: null, unit: rateOf ? 'percent' : unit, rows: list, url, total: rows[0]?.total ?? 0 };
  }

  const agg = await aggregate(ch, es, c);
  if (!q.group_by) {
    const { rows } = await tx.execute<{ value: number | null; sample: number }>(
      sql`select ${agg.value} as value, ${agg.sample} as sample from ${es.from} ${agg.join} where ${and(conds)}`,
    );
    const value = num(rows[0]?.value);
    return { value, unit, rows: [], url, total: null, sample: num(rows[0]?.sample) };
  }

  const g = es.group(q.group_by, c);
  const n = Math.min(q.rank?.n ?? GROUP_MAX, GROUP_MAX);
  const order = q.rank
    ? sql.raw(`g.value ${q.rank.order === 'asc' ? 'asc' : 'desc'} nulls last, g.key asc`)
    : TIME_GROUPS.has(q.group_by)
      ? sql.raw('g.key asc')
      : sql.raw('g.value desc nulls last, g.key asc');
  const name = g.name ? g.name(sql`g.key`) : sql`null`;
  const { rows } = await tx.execute<{
    key: string | number | null;
    value: number | null;
    sample: number;
    name: string | null;
    total: number;
  }>(
    sql`select g.key, g.value, g.sample, ${name} as name, count(*) over()::int as total from (
          select ${g.key} as key, ${agg.value} as value, ${agg.sample} as sample
            from ${es.from} ${agg.join} ${g.join ?? sql``} where ${and(conds)} group by 1
        ) g order by ${order} limit ${n}`,
  );
  const grouped: QueryRow[] = rows.map((r) => {
    const key = r.key === null ? null : typeof r.key === 'number' ? r.key : String(r.key);
    return {
      key,
      label: r.name ?? keyLabel(q.entity, q.group_by as NonNullable<Question['group_by']>, key, scope.lang),
      value: num(r.value),
      sample: num(r.sample),
    };
  });
  return { value: null, unit, rows: grouped, url, total: rows[0]?.total ?? 0 };
}

const pgCode = (err: unknown): string | undefined => {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
};

/** Runs a question for the scope; a question the catalogue does not allow throws a QueryError, never a broader answer. */
export async function runQuestion(db: Db, scope: QueryScope, question: Question): Promise<QueryRun> {
  const q = questionSchema.parse(question);
  const ch = checkQuestion(q, scope);
  // credits per channel: a "value" grouped is the sum of that field per channel
  const asked = ch.q;
  if (q.entity === 'credits' && q.group_by && q.measure.kind === 'value') ch.q = { ...asked, measure: { kind: 'sum', of: q.measure.of } };
  try {
    const out = await db.transaction(
      async (tx) => {
        await tx.execute(sql.raw(`set local statement_timeout = ${STATEMENT_TIMEOUT_MS}`));
        return compileAndRun(tx, ch, scope);
      },
      { accessMode: 'read only' },
    );
    return { question: asked, words: describeQuestion(asked, scope.lang), ...out };
  } catch (err) {
    if (pgCode(err) === '57014') throw new QueryError('QUERY_TIMEOUT', {});
    throw err;
  }
}
