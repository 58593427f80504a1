/**
 * A plan's audience and its segments. The audience is the groups and segments the marketer chose
 * (or, when none, the one with the most reachable customers), minus the exclusions. It is split by
 * the customers' language, so each part gets its messages in its own language: Arabic-speaking
 * customers, and everyone else. Counting uses the launcher's audience SQL (consent, an address and
 * no MT blacklist per channel), so the counts are the ones the launcher will show.
 */
import type { PlanSegment } from '@risala/shared/schemas/ai-plans';
import type { SegmentRules } from '@risala/shared/schemas/groups';
import type { Channel } from '@risala/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type Audience, buildAudience, countAudience } from '../campaigns/index.ts';
import { segmentWhere } from '../groups/index.ts';

export type SegmentKey = PlanSegment['key'];

/** The rules of a language segment (also saved as a dynamic segment when a plan is applied). */
export const LANGUAGE_RULES: Record<'ar' | 'en', SegmentRules> = {
  ar: { match: 'all', conditions: [{ type: 'field', field: 'language', op: 'eq', value: 'ar' }] },
  en: { match: 'all', conditions: [{ type: 'field', field: 'language', op: 'neq', value: 'ar' }] },
};

export interface GroupRef {
  id: number;
  name: string;
  type: string;
}

export interface PlanAudience {
  group_ids: number[];
  exclude_group_ids: number[];
  groups: GroupRef[];
  exclude_groups: GroupRef[];
  chosen_by: 'user' | 'largest' | 'draft';
}

async function groupRefs(db: DbOrTx, accountId: number, ids: number[]): Promise<GroupRef[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<{ id: number; group_name: string; type: string }>(sql`
    select id, group_name, type from customer_groups where account_id = ${accountId} and id = any(${sql.param(ids)}::int[])`);
  if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND', { errors: [{ field: 'group_ids', message: 'errors.NOT_FOUND' }] });
  const byId = new Map(rows.map((r) => [r.id, { id: r.id, name: r.group_name, type: r.type }]));
  return ids.map((id) => byId.get(id) as GroupRef);
}

/** The chosen groups, or the account's group with the most customers reachable on the allowed channels. */
export async function resolveAudience(
  db: DbOrTx,
  accountId: number,
  input: { group_ids: number[]; exclude_group_ids: number[]; channels: Channel[] },
  chosenBy: 'user' | 'draft' = 'user',
): Promise<PlanAudience> {
  const exclude_groups = await groupRefs(db, accountId, input.exclude_group_ids);
  if (input.group_ids.length) {
    return {
      group_ids: input.group_ids,
      exclude_group_ids: input.exclude_group_ids,
      groups: await groupRefs(db, accountId, input.group_ids),
      exclude_groups,
      chosen_by: chosenBy,
    };
  }
  const { rows } = await db.execute<{ id: number }>(sql`
    select id from customer_groups where account_id = ${accountId} and status = 'ACTIVE' order by id limit 50`);
  let best: { id: number; reachable: number } | null = null;
  for (const g of rows) {
    if (input.exclude_group_ids.includes(g.id)) continue;
    const c = await countAudience(
      db,
      await buildAudience(db, accountId, { group_ids: [g.id], exclude_group_ids: input.exclude_group_ids }, input.channels),
    );
    if (c.reachable > (best?.reachable ?? 0)) best = { id: g.id, reachable: c.reachable };
  }
  if (!best) throw new AppError('AI_NO_AUDIENCE');
  return {
    group_ids: [best.id],
    exclude_group_ids: input.exclude_group_ids,
    groups: await groupRefs(db, accountId, [best.id]),
    exclude_groups,
    chosen_by: 'largest',
  };
}

/** The audience of one segment with channels in the given fallback order (the launcher's SQL, narrowed by language). */
export async function segmentAudience(
  db: DbOrTx,
  accountId: number,
  a: PlanAudience,
  key: SegmentKey,
  channels: Channel[],
  splitPercent: number | null = null,
): Promise<Audience> {
  const base = await buildAudience(
    db,
    accountId,
    { group_ids: a.group_ids, exclude_group_ids: a.exclude_group_ids },
    channels,
    splitPercent,
  );
  return key === 'all' ? base : { ...base, where: sql`${base.where} and ${segmentWhere(LANGUAGE_RULES[key])}` };
}

export interface SegmentCounts {
  key: SegmentKey;
  language: 'en' | 'ar';
  total: number;
  /** customers each channel alone can reach */
  reach: Record<Channel, number>;
}

/** The language segments that have customers: two when both languages do, else one ('all') in the one language there is. */
export async function languageSegments(db: DbOrTx, accountId: number, a: PlanAudience, channels: Channel[]): Promise<SegmentCounts[]> {
  const reachOf = async (key: SegmentKey) => {
    const reach = { sms: 0, email: 0, whatsapp: 0 } as Record<Channel, number>;
    let total = 0;
    for (const c of channels) {
      const count = await countAudience(db, await segmentAudience(db, accountId, a, key, [c]));
      reach[c] = count.by_channel[c] ?? 0;
      total = count.total;
    }
    return { total, reach };
  };
  const ar = await reachOf('ar');
  const en = await reachOf('en');
  if (ar.total > 0 && en.total > 0) {
    return [
      { key: 'ar', language: 'ar', ...ar },
      { key: 'en', language: 'en', ...en },
    ];
  }
  if (ar.total + en.total === 0) throw new AppError('AI_NO_AUDIENCE');
  const only = ar.total > 0 ? ar : en;
  return [{ key: 'all', language: ar.total > 0 ? 'ar' : 'en', ...only }];
}
