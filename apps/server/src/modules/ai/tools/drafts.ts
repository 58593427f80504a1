/**
 * The assistant's only writes: drafts. A template draft (status DRAFT, not submitted for review) and
 * a campaign draft (status DRAFT, nothing deployed) made through the same services as the screens,
 * with the same permissions and plan gate. The user opens the card, checks it and confirms there.
 */
import { trialDaysRemaining, trialState } from '@risala/shared';
import { campaignDraftSchema } from '@risala/shared/schemas/campaigns';
import { CHANNELS, type Channel } from '@risala/shared/schemas/messages';
import { createTemplateSchema } from '@risala/shared/schemas/templates';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../../lib/errors.ts';
import type { AuthContext } from '../../auth/index.ts';
import { createCampaign } from '../../campaigns/index.ts';
import { createTemplate } from '../../templates/index.ts';
import { zonedInstant } from '../builtin/zoned.ts';
import { countFor } from './audience.ts';
import { defineTool } from './registry.ts';

/** The plan gate of the draft screens (a trial past its end writes nothing). */
function checkPlan(auth: AuthContext) {
  const state = trialState(auth.plan, trialDaysRemaining(auth.userCreatedAt));
  if (state === 'expired' || state === 'blocked') throw new AppError('SUBSCRIPTION_REQUIRED');
}

export const draftTemplateTool = defineTool({
  name: 'draft_template',
  description:
    "Save a message template as a DRAFT (not submitted for review) for the user to open, edit and submit in the template editor. Variables look like {{first_name|there}}. Use the brand's voice and tone.",
  input: z.object({
    channel: z.enum(['sms', 'email', 'whatsapp']),
    name: z.string().trim().min(1).max(100),
    text: z.string().trim().min(1).max(2000),
    subject: z.string().trim().max(255).optional().describe('email only'),
    brand_id: z.number().int().positive().optional(),
  }),
  permission: ['template', 'create'],
  async run({ ctx, auth }, input) {
    checkPlan(auth);
    const body = createTemplateSchema.parse({
      template_name: input.name,
      message_type: input.channel,
      category: 'marketing',
      template_text: input.text,
      subject: input.channel === 'email' ? (input.subject ?? input.name) : null,
      brand_id: input.brand_id ?? null,
    });
    const t = await createTemplate(ctx, auth, body);
    return {
      data: {
        template_id: t.id,
        name: t.template_name,
        status: t.status,
        channel: t.message_type,
        text: t.template_text,
        url: `/template/edit/${t.id}`,
      },
      card: {
        kind: 'template_draft',
        id: t.id,
        title: t.template_name,
        url: `/template/edit/${t.id}`,
        channels: [t.message_type],
        audience: null,
        schedule_at: null,
      },
    };
  },
});

export const draftCampaignTool = defineTool({
  name: 'draft_campaign',
  description:
    'Save a campaign as a DRAFT with its audience (group ids), channels in fallback order, content (an approved template id or text) and an optional schedule, for the user to open in the Campaign Launcher, review and launch. Nothing is sent.',
  input: z.object({
    name: z.string().trim().min(1).max(150).optional(),
    objective: z.string().trim().max(500).optional(),
    brand_id: z.number().int().positive().optional(),
    channels: z.array(z.enum(CHANNELS)).min(1).max(3),
    group_ids: z.array(z.number().int().positive()).min(1).max(20),
    exclude_group_ids: z.array(z.number().int().positive()).max(20).default([]),
    sms_template_id: z.number().int().positive().optional(),
    sms_text: z.string().max(1600).optional(),
    email_template_id: z.number().int().positive().optional(),
    schedule_at: z.string().optional().describe('ISO 8601 with offset, more than 5 minutes ahead'),
    schedule_local: z
      .object({ days_from_today: z.number().int().min(0).max(365), time: z.string().regex(/^([01]?\d|2[0-3]):[0-5]\d$/) })
      .optional()
      .describe("instead of schedule_at: a day and a wall time (HH:MM) in the account's time zone"),
  }),
  permission: ['campaign', 'create'],
  async run({ ctx, auth }, input) {
    checkPlan(auth);
    const content: Record<string, unknown> = {};
    if (input.sms_template_id || input.sms_text)
      content.sms = { template_id: input.sms_template_id ?? null, text: input.sms_template_id ? null : input.sms_text };
    if (input.email_template_id) content.email = { template_id: input.email_template_id };
    const { rows } = await ctx.db.execute<{ timezone: string }>(sql`select timezone from accounts where id = ${auth.accountId}`);
    const timeZone = rows[0]?.timezone ?? 'UTC';
    let scheduleAt = input.schedule_at ?? null;
    if (!scheduleAt && input.schedule_local) {
      const [hour, minute] = input.schedule_local.time.split(':').map(Number) as [number, number];
      scheduleAt = zonedInstant(timeZone, input.schedule_local.days_from_today, hour, minute).toISOString();
    }
    const draft = campaignDraftSchema.safeParse({
      name: input.name,
      objective: input.objective,
      brand_id: input.brand_id ?? null,
      channels: input.channels,
      audience: { group_ids: input.group_ids, exclude_group_ids: input.exclude_group_ids },
      content,
      schedule_at: scheduleAt,
    });
    if (!draft.success) {
      throw new AppError('VALIDATION_ERROR', { errors: draft.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })) });
    }
    // another account's (or a missing) group is NOT_FOUND before anything is saved
    const count = await countFor(ctx.db, auth.accountId, {
      group_ids: input.group_ids,
      exclude_group_ids: input.exclude_group_ids,
      channels: input.channels as Channel[],
    });
    const c = await createCampaign(ctx, auth, draft.data);
    const saved = c.schedule_at ? new Date(c.schedule_at).toISOString() : null;
    return {
      data: {
        campaign_id: c.id,
        name: c.name,
        status: c.status,
        channels: input.channels,
        audience: { total: count.total, reachable: count.reachable, by_channel: count.by_channel },
        schedule_at: saved,
        time_zone: timeZone,
        url: `/campaign/${c.id}`,
      },
      card: {
        kind: 'campaign_draft',
        id: c.id,
        title: c.name,
        url: `/campaign/${c.id}`,
        channels: input.channels,
        audience: count.reachable,
        schedule_at: saved,
      },
    };
  },
});
