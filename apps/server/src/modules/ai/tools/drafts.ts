/**
 * The assistant's drafts. A message draft is offered, not saved: `draft_template` writes (built-in
 * writer) or puts in order (a model's text) a message and returns it; the chat shows it on a card
 * whose "Save as template" and "Use in a campaign" are the user's to press. A campaign draft
 * (status DRAFT, nothing deployed) is made through the same service as the launcher, with the same
 * permission and plan gate, for the user to open, check and launch there.
 */
import { trialDaysRemaining, trialState } from '@risala/shared';
import { campaignDraftSchema } from '@risala/shared/schemas/campaigns';
import { CHANNELS, type Channel } from '@risala/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../../lib/errors.ts';
import type { AuthContext } from '../../auth/index.ts';
import { createCampaign } from '../../campaigns/index.ts';
import { zonedInstant } from '@risala/shared/time';
import { draftFromRequest, draftFromText } from '../copy/draft.ts';
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
    "Draft a message (SMS, email or WhatsApp template) and offer it to the user on a card; NOTHING is saved — the user chooses 'Save as template' or 'Use in a campaign'. Either pass `text` you wrote (SMS/email variables look like {{first_name|there}}; WhatsApp variables are numbered and converted for you), or pass the user's `request` and the built-in writer reads the offer (discount, occasion, product, deadline, code, link) and writes it in the brand's voice. The answer says how many SMS parts it takes and whether every word is in the language.",
  input: z
    .object({
      channel: z.enum(['sms', 'email', 'whatsapp']),
      request: z.string().trim().min(1).max(1000).optional().describe("the user's request, for the built-in writer"),
      topic: z.string().trim().min(1).max(200).optional().describe('what the request is about, for the built-in writer'),
      text: z.string().trim().min(1).max(2000).optional().describe('your own message text'),
      subject: z.string().trim().max(255).optional().describe('email only'),
      language: z.enum(['en', 'ar']).optional(),
      max_parts: z.number().int().min(1).max(4).optional().describe('SMS only: the most parts it may take'),
      brand_id: z.number().int().positive().optional(),
    })
    .refine((v) => Boolean(v.text || v.request), { message: 'text or request is required', path: ['text'] }),
  permission: ['template', 'view'],
  async run({ ctx, auth, lang }, input) {
    const { rows: brands } = await ctx.db.execute<{ id: number; name: string; voice_tone: string | null }>(
      sql`select id, name, voice_tone from brands where account_id = ${auth.accountId} order by id limit 50`,
    );
    const brand = (input.brand_id ? brands.find((b) => b.id === input.brand_id) : brands[0]) ?? null;
    if (input.brand_id && !brand) throw new AppError('NOT_FOUND', { errors: [{ field: 'brand_id', message: 'errors.NOT_FOUND' }] });
    const { rows: account } = await ctx.db.execute<{ name: string }>(sql`select name from accounts where id = ${auth.accountId}`);
    const draft = input.text
      ? draftFromText({
          channel: input.channel,
          text: input.text,
          subject: input.subject,
          language: input.language,
          maxParts: input.max_parts,
          brands: [...brands.map((b) => b.name), account[0]?.name ?? ''],
        })
      : draftFromRequest({
          request: input.request ?? '',
          topic: input.topic ?? null,
          channel: input.channel,
          brand: brand ?? { name: account[0]?.name ?? 'Risala', voice_tone: null },
          language: input.language ?? lang,
          maxParts: input.max_parts,
        });
    return {
      data: {
        saved: false,
        note: 'Nothing is saved: the draft is on a card; the user saves it as a template or uses it in a campaign.',
        channel: draft.channel,
        language: draft.language,
        text: draft.body,
        subject: draft.subject,
        whatsapp_variables: draft.variables,
        sms: draft.sms,
        language_ok: draft.language_check.ok,
        other_language_words: draft.language_check.foreign,
        not_used_from_request: draft.offer?.unplaced ?? [],
        brand: brand?.name ?? account[0]?.name ?? null,
      },
      draft,
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
  async run({ ctx, auth, lang }, input) {
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
    const c = await createCampaign(ctx, auth, draft.data, ctx.db, lang);
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
