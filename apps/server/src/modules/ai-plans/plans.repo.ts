/** AI plan rows, always scoped by account. */
import {
  AI_PLAN_STATES,
  type AiPlan,
  type AiPlanState,
  type AiPlanSummary,
  type PlanBody,
  PLAN_OBJECTIVES,
} from '@risala/shared/schemas/ai-plans';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { aiPlans } from '../../db/schema/index.ts';

export type PlanRow = typeof aiPlans.$inferSelect;
export type PlanValues = Partial<Omit<typeof aiPlans.$inferInsert, 'id' | 'account_id' | 'created_at'>>;

export async function insertPlan(db: DbOrTx, values: typeof aiPlans.$inferInsert) {
  const [row] = await db.insert(aiPlans).values(values).returning();
  return row as PlanRow;
}

export async function findPlan(db: DbOrTx, accountId: number, id: number, lock = false): Promise<PlanRow | null> {
  const query = db
    .select()
    .from(aiPlans)
    .where(and(eq(aiPlans.account_id, accountId), eq(aiPlans.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updatePlan(db: DbOrTx, accountId: number, id: number, values: PlanValues) {
  const [row] = await db
    .update(aiPlans)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(aiPlans.account_id, accountId), eq(aiPlans.id, id)))
    .returning();
  return row as PlanRow;
}

export async function deletePlan(db: DbOrTx, accountId: number, id: number) {
  await db.delete(aiPlans).where(and(eq(aiPlans.account_id, accountId), eq(aiPlans.id, id)));
}

/** Names of the account's users, for "created by" and "decided by". */
async function userNames(db: DbOrTx, accountId: number, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((v): v is number => v !== null))];
  if (wanted.length === 0) return new Map<number, string>();
  const { rows } = await db.execute<{ id: number; name: string }>(sql`
    select id, trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) as name from users
     where account_id = ${accountId} and id = any(${sql.param(wanted)}::int[])`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function toDto(db: DbOrTx, row: PlanRow): Promise<AiPlan> {
  const names = await userNames(db, row.account_id, [row.created_by, row.decided_by]);
  return {
    id: row.id,
    name: row.name,
    status: row.status as AiPlanState,
    objective: row.objective as AiPlan['objective'],
    brand_id: row.brand_id,
    campaign_id: row.campaign_id,
    input: row.input as Record<string, unknown>,
    plan: row.plan as PlanBody,
    narrative: row.narrative,
    narrative_language: row.narrative_language as 'en' | 'ar',
    engine: row.engine as AiPlan['engine'],
    model: row.model,
    created_by: row.created_by,
    created_by_name: row.created_by ? (names.get(row.created_by) ?? null) : null,
    decided_by_name: row.decided_by ? (names.get(row.decided_by) ?? null) : null,
    decided_at: iso(row.decided_at),
    rejection_reason: row.rejection_reason,
    applied_campaign_ids: row.applied_campaign_ids,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listPlans(
  db: DbOrTx,
  accountId: number,
  q: { page: number; limit: number; status?: AiPlanState; campaign_id?: number },
) {
  const rows = await db
    .select({ plan: aiPlans, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(aiPlans)
    .where(
      and(
        eq(aiPlans.account_id, accountId),
        q.status ? eq(aiPlans.status, q.status) : undefined,
        q.campaign_id ? eq(aiPlans.campaign_id, q.campaign_id) : undefined,
      ),
    )
    .orderBy(sql`${aiPlans.created_at} desc, ${aiPlans.id} desc`)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const items: AiPlanSummary[] = [];
  for (const r of rows) {
    const { plan: _p, narrative: _n, input: _i, ...dto } = await toDto(db, r.plan);
    const body = r.plan.plan as PlanBody;
    items.push({
      ...dto,
      reachable: body.totals.reachable,
      credits: body.totals.credits,
      segments: body.segments.length,
      start_date: body.window.start_date,
      end_date: body.window.end_date,
    });
  }
  return { items, page: q.page, limit: q.limit, total: rows[0]?.total ?? 0 };
}

export async function planStats(db: DbOrTx, accountId: number) {
  const { rows } = await db.execute<{ status: string; objective: string; n: number; applied: number; recent: number }>(sql`
    select status, objective, count(*)::int as n, coalesce(sum(cardinality(applied_campaign_ids)), 0)::int as applied,
           count(*) filter (where created_at >= now() - interval '30 days')::int as recent
      from ai_plans where account_id = ${accountId} group by status, objective`);
  const by_status = Object.fromEntries(AI_PLAN_STATES.map((s) => [s, 0])) as Record<AiPlanState, number>;
  const by_objective = Object.fromEntries(PLAN_OBJECTIVES.map((o) => [o, 0])) as Record<(typeof PLAN_OBJECTIVES)[number], number>;
  let total = 0;
  let applied = 0;
  let recent = 0;
  for (const r of rows) {
    by_status[r.status as AiPlanState] += Number(r.n);
    by_objective[r.objective as (typeof PLAN_OBJECTIVES)[number]] += Number(r.n);
    total += Number(r.n);
    applied += Number(r.applied);
    recent += Number(r.recent);
  }
  return { total, by_status, by_objective, applied_campaigns: applied, last_30_days: recent };
}

/** Active users of the account whose role may approve campaigns (who is told a plan waits). */
export async function approverIds(db: DbOrTx, accountId: number): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select u.id from users u join roles r on r.id = u.role_id and r.account_id = u.account_id
     where u.account_id = ${accountId} and u.status = 'ACTIVE'
       and exists (select 1 from jsonb_array_elements(r.permissions -> 'sms_portal') e
                    where e ->> 'entity' = 'campaign' and (e -> 'actions') ? 'approve')
     order by u.id`);
  return rows.map((r) => Number(r.id));
}
