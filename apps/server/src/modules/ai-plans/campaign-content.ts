/**
 * POST /api/campaigns/ai/generate: content for a campaign draft — the launcher's content step. What
 * the request leaves out comes from the draft: its brand, its audience (whose majority language is
 * the default), its objective as the topic.
 */
import type { campaignContentGenerateSchema, ContentResult } from '@risala/shared/schemas/ai-content';
import { contentGenerateSchema } from '@risala/shared/schemas/ai-content';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Lang } from '../ai/index.ts';
import { generateContent } from '../ai-content/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { buildAudience, requireCampaign } from '../campaigns/index.ts';
import { customers } from '../../db/schema/index.ts';

export async function campaignContent(
  ctx: AppContext,
  auth: AuthContext,
  body: z.infer<typeof campaignContentGenerateSchema>,
  requestLang: Lang,
): Promise<ContentResult> {
  const c = await requireCampaign(ctx.db, auth.accountId, body.campaign_id);
  const audience = (c.audience ?? {}) as { group_ids?: number[]; exclude_group_ids?: number[] };
  const groupIds = body.group_ids?.length ? body.group_ids : (audience.group_ids ?? []);
  let language = body.language;
  if (!language && groupIds.length) {
    const a = await buildAudience(ctx.db, auth.accountId, { group_ids: groupIds, exclude_group_ids: audience.exclude_group_ids ?? [] }, []);
    const { rows } = await ctx.db.execute<{ ar: number; n: number }>(sql`
      select count(*) filter (where ${customers.language} = 'ar')::int as ar, count(*)::int as n from ${customers} where ${a.where}`);
    const r = rows[0];
    if (r && r.n > 0) language = r.ar * 2 > r.n ? 'ar' : 'en';
  }
  const input = contentGenerateSchema.parse({
    ...body,
    brand_id: body.brand_id ?? c.brand_id ?? undefined,
    topic: body.topic ?? c.objective ?? c.name,
    language: language ?? requestLang,
    group_ids: groupIds,
  });
  return generateContent(ctx, auth, input);
}
