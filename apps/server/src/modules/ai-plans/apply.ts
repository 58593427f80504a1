/**
 * Apply: an APPROVED plan becomes launcher drafts — one per segment, with everything filled: name,
 * brand, objective, channels in fallback order, the audience (the plan's groups; a language segment
 * excludes the other language's customers through a dynamic segment kept for the purpose), the
 * messages (variant A, and B for the A/B test) and the send time. Drafts only: the user reviews and
 * launches each one as any other. All of it in one transaction, with the plan APPLIED and its
 * author told.
 */
import type { AiPlanRequest, PlanBody, PlanSegment } from '@risala/shared/schemas/ai-plans';
import { campaignDraftSchema } from '@risala/shared/schemas/campaigns';
import { translate } from '@risala/shared/i18n/index.ts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, mapDbError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { createCampaign, findCampaign, updateCampaign } from '../campaigns/index.ts';
import { countSegment, dbError, insertGroup } from '../groups/index.ts';
import { notify } from '../notifications/index.ts';
import { segmentRow } from './builder.ts';
import * as repo from './plans.repo.ts';
import { requirePlan, stateError } from './plans.service.ts';
import { LANGUAGE_RULES } from './segments.ts';

/** The account's dynamic segment with exactly these rules, or a new one (named in the applier's language). */
async function languageGroup(tx: DbOrTx, auth: AuthContext, key: 'ar' | 'en'): Promise<number> {
  const rules = LANGUAGE_RULES[key];
  const { rows } = await tx.execute<{ id: number }>(sql`
    select id from customer_groups where account_id = ${auth.accountId} and type = 'dynamic' and rules = ${JSON.stringify(rules)}::jsonb order by id limit 1`);
  if (rows[0]) return Number(rows[0].id);
  const base = translate(auth.language, `aiPlans.segmentGroups.${key}`);
  for (let n = 1; n <= 5; n++) {
    try {
      const g = await tx.transaction(async (sp) =>
        insertGroup(sp, {
          account_id: auth.accountId,
          group_name: n === 1 ? base : `${base} ${n}`,
          group_description: null,
          type: 'dynamic',
          rules,
          contacts_count: await countSegment(sp, auth.accountId, rules),
          created_by: auth.userId,
        }),
      );
      return g.id;
    } catch (err) {
      if ((dbError(err) as AppError).code !== 'GROUP_NAME_EXISTS') throw err;
    }
  }
  throw new AppError('GROUP_NAME_EXISTS');
}

/** A new draft, its name made unique with a number when taken (each try in its own savepoint). */
async function newDraft(ctx: AppContext, tx: DbOrTx, auth: AuthContext, name: string, draft: Record<string, unknown>) {
  for (let n = 1; n <= 5; n++) {
    const candidate = (n === 1 ? name : `${name} (${n})`).slice(0, 150);
    const parsed = campaignDraftSchema.parse({ ...draft, name: candidate });
    try {
      return await tx.transaction((sp) => createCampaign(ctx, auth, parsed, sp));
    } catch (err) {
      if (mapDbError(err)?.code !== 'NAME_EXISTS' && (err as AppError).code !== 'NAME_EXISTS') throw err;
    }
  }
  throw new AppError('NAME_EXISTS');
}

export async function applyPlan(ctx: AppContext, auth: AuthContext, id: number) {
  const result = await ctx.db.transaction(async (tx) => {
    const row = await requirePlan(ctx, auth.accountId, id, true, tx);
    if (row.status !== 'APPROVED') throw stateError(row.status);
    const input = row.input as AiPlanRequest;
    const plan = structuredClone(row.plan as PlanBody);
    const audience = {
      accountId: auth.accountId,
      input,
      audience: {
        group_ids: plan.audience.groups.map((g) => g.id),
        exclude_group_ids: plan.audience.exclude_groups.map((g) => g.id),
        groups: plan.audience.groups,
        exclude_groups: plan.audience.exclude_groups,
        chosen_by: plan.audience.chosen_by,
      },
    };
    const split = plan.segments.length > 1;
    const drafts: { campaign_id: number; name: string; segment: PlanSegment['key']; url: string }[] = [];
    for (const [i, seg] of plan.segments.entries()) {
      const row0 = segmentRow(audience, seg);
      const exclude = [...audience.audience.exclude_group_ids];
      if (split && seg.key !== 'all') exclude.push(await languageGroup(tx, auth, seg.key === 'ar' ? 'en' : 'ar'));
      const scheduleOk = new Date(seg.send_time.at).getTime() > Date.now() + 5 * 60_000;
      const draft = {
        brand_id: input.brand_id,
        objective: input.notes,
        channels: seg.fallback,
        audience: { group_ids: audience.audience.group_ids, exclude_group_ids: exclude },
        content: row0.content,
        ab_test: row0.ab_test,
        schedule_at: scheduleOk ? seg.send_time.at : null,
      };
      const name = split ? `${row.name} · ${translate(auth.language, `aiPlans.segments.${seg.key}`)}` : row.name;
      let campaignId: number;
      if (i === 0 && row.campaign_id) {
        // a plan made for a draft fills that draft (if it is still one)
        const c = await findCampaign(tx, auth.accountId, row.campaign_id, true);
        if (c?.status !== 'DRAFT') throw new AppError('CAMPAIGN_STATE_INVALID', { data: { status: c?.status ?? null } });
        const parsed = campaignDraftSchema.parse(draft);
        await updateCampaign(tx, auth.accountId, c.id, {
          brand_id: parsed.brand_id ?? null,
          objective: parsed.objective ?? null,
          channels: parsed.channels,
          audience: parsed.audience,
          content: parsed.content,
          ab_test: parsed.ab_test ?? null,
          schedule_at: parsed.schedule_at ? new Date(parsed.schedule_at) : null,
          ai_plan_id: row.id,
        });
        campaignId = c.id;
        drafts.push({ campaign_id: c.id, name: c.name, segment: seg.key, url: `/campaign/${c.id}` });
      } else {
        const c = await newDraft(ctx, tx, auth, name, draft);
        await updateCampaign(tx, auth.accountId, c.id, { ai_plan_id: row.id });
        campaignId = c.id;
        drafts.push({ campaign_id: c.id, name: c.name, segment: seg.key, url: `/campaign/${c.id}` });
      }
      seg.campaign_id = campaignId;
    }
    const ids = drafts.map((d) => d.campaign_id);
    const updated = await repo.updatePlan(tx, auth.accountId, id, {
      status: 'APPLIED',
      plan,
      applied_by: auth.userId,
      applied_at: new Date(),
      applied_campaign_ids: ids,
    });
    const tell = [...new Set([row.created_by, auth.userId].filter((v): v is number => v !== null))];
    for (const userId of tell)
      await notify(tx, { accountId: auth.accountId, userId }, 'ai_plan_status', 'aiPlanApplied', { name: row.name, count: ids.length });
    return { updated, drafts };
  });
  return { plan: await repo.toDto(ctx.db, result.updated), drafts: result.drafts };
}
