/**
 * Campaigns: drafts that save partial data (autosave while DRAFT), the list, delete (DRAFT,
 * CANCELED, COMPLETED*), the live audience count and the estimate (messages, SMS parts, cost and
 * credits needed against the balance per channel).
 */
import type {
  CampaignContent,
  CampaignDraftInput,
  Campaign,
  CampaignState,
  ChannelEstimate,
  campaignListQuerySchema,
} from '@risala/shared/schemas/campaigns';
import { translate } from '@risala/shared/i18n/index.ts';
import type { Channel } from '@risala/shared/schemas/messages';
import { partsCost, type SaudiOperator } from '@risala/shared/destination';
import { minorToDecimal } from '@risala/shared/money';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { campaigns } from '../../db/schema/index.ts';
import { AppError, mapDbError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { campaignResults } from '../analytics/index.ts';
import { findBrand } from '../brands/index.ts';
import { planOf } from '../billing/index.ts';
import type { SmsPricing } from './sms-sql.ts';
import { type Audience as BuiltAudience, type AudienceCount, audienceChunk, buildAudience, countAudience } from './audience.ts';
import * as repo from './campaigns.repo.ts';
import { type CampaignSenders, channelPlan, storedContent, withRenderedDesign } from './content.ts';

const DELETABLE: CampaignState[] = ['DRAFT', 'CANCELED', 'COMPLETED', 'COMPLETED_WITH_ERRORS'];

export async function requireCampaign(db: DbOrTx, accountId: number, id: number, lock = false) {
  const row = await repo.findCampaign(db, accountId, id, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function checkBrand(db: DbOrTx, accountId: number, brandId: number | null | undefined) {
  if (brandId && !(await findBrand(db, accountId, brandId))) {
    throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'brand_id', message: 'errors.NOT_FOUND' }] });
  }
}

function draftValues(input: CampaignDraftInput): repo.CampaignValues {
  const v: repo.CampaignValues = {};
  if (input.name !== undefined && input.name !== null) v.name = input.name;
  if (input.brand_id !== undefined) v.brand_id = input.brand_id;
  if (input.objective !== undefined) v.objective = input.objective;
  if (input.channels !== undefined) v.channels = input.channels;
  if (input.audience !== undefined) v.audience = input.audience;
  if (input.content !== undefined) v.content = input.content && storedContent(input.content);
  if (input.senders !== undefined) v.senders = input.senders;
  if (input.ab_test !== undefined) v.ab_test = input.ab_test && { ...input.ab_test, variant_b: storedContent(input.ab_test.variant_b) };
  if (input.schedule_at !== undefined) v.schedule_at = input.schedule_at ? new Date(input.schedule_at) : null;
  return v;
}

/** The draft with its email designs rendered to HTML (before any transaction: MJML takes milliseconds). */
async function renderDesigns(input: CampaignDraftInput): Promise<CampaignDraftInput> {
  const content = input.content && (await withRenderedDesign(input.content, 'content.email.mjml'));
  const variantB = input.ab_test && (await withRenderedDesign(input.ab_test.variant_b, 'ab_test.variant_b.email.mjml'));
  return {
    ...input,
    ...(input.content ? { content } : {}),
    ...(input.ab_test && variantB ? { ab_test: { ...input.ab_test, variant_b: variantB } } : {}),
  };
}

/**
 * The first free name from `base`: base, then "base 2", "base 3", … Names are unique per account
 * regardless of case (campaigns_account_name_uq is on lower(name)).
 */
async function freeName(db: DbOrTx, accountId: number, base: string): Promise<string> {
  const { rows } = await db.execute<{ name: string }>(
    sql`select lower(name) as name from campaigns where account_id = ${accountId} and lower(name) like ${`${likeEscaped(base.toLowerCase())}%`}`,
  );
  const taken = new Set(rows.map((r) => r.name));
  const lower = (n: number) => (n === 1 ? base : `${base} ${n}`).toLowerCase();
  let n = 1;
  while (taken.has(lower(n))) n += 1;
  return n === 1 ? base : `${base} ${n}`;
}

const likeEscaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Insert a draft under the first free name from `base`; two created at the same moment may pick the same one: the loser takes the next. */
async function insertUnderFreeName(db: DbOrTx, accountId: number, base: string, values: typeof campaigns.$inferInsert) {
  for (let attempt = 0; ; attempt++) {
    try {
      // its own savepoint inside a caller's transaction: a clash must not abort the caller's work
      return await db.transaction(async (tx) => repo.insertCampaign(tx, { ...values, name: await freeName(tx, accountId, base) }));
    } catch (err) {
      if (attempt >= 4 || mapDbError(err)?.code !== 'NAME_EXISTS') throw err;
    }
  }
}

/**
 * POST /api/campaigns: a DRAFT with whatever the launcher has so far. An unnamed one is named in
 * `lang`, the language the person reads (the interface's, or the assistant's answer's).
 */
export async function createCampaign(
  ctx: AppContext,
  auth: AuthContext,
  draft: CampaignDraftInput,
  db: DbOrTx = ctx.db,
  lang: string = auth.language,
) {
  const input = await renderDesigns(draft);
  await checkBrand(db, auth.accountId, input.brand_id);
  const values = { ...draftValues(input), account_id: auth.accountId, created_by: auth.userId, status: 'DRAFT' };
  if (input.name) return repo.insertCampaign(db, { ...values, name: input.name });
  // an unnamed draft takes the next free "Untitled campaign N", in the reader's language
  return insertUnderFreeName(db, auth.accountId, translate(lang, 'campaigns.untitled'), { ...values, name: '' });
}

/** The longest original name kept in a copy's name (the name column holds 150). */
const COPY_NAME_BASE = 120;

/**
 * POST /api/campaigns/{id}/duplicate: a new DRAFT with the campaign's brand, objective, channels,
 * audience, content, senders and A/B settings (not its winner), named "<name> (copy)" in the
 * reader's language; no schedule, no results.
 */
export async function duplicateCampaign(ctx: AppContext, auth: AuthContext, id: number, lang: string) {
  const src = await requireCampaign(ctx.db, auth.accountId, id);
  const ab = abOf(src);
  const base = translate(lang, 'campaigns.copyName', { name: src.name.slice(0, COPY_NAME_BASE).trim() });
  return insertUnderFreeName(ctx.db, auth.accountId, base, {
    account_id: auth.accountId,
    created_by: auth.userId,
    status: 'DRAFT',
    name: '',
    brand_id: src.brand_id,
    objective: src.objective,
    channels: src.channels,
    audience: src.audience,
    content: src.content,
    senders: src.senders,
    ab_test: ab && { split_percent: ab.split_percent, metric: ab.metric, after_hours: ab.after_hours, variant_b: ab.variant_b },
  });
}

/** PUT /api/campaigns/{id}: autosave, only while DRAFT. */
export async function updateCampaign(ctx: AppContext, auth: AuthContext, id: number, draft: CampaignDraftInput) {
  const input = await renderDesigns(draft);
  return ctx.db.transaction(async (tx) => {
    const row = await requireCampaign(tx, auth.accountId, id, true);
    if (row.status !== 'DRAFT') throw new AppError('CAMPAIGN_STATE_INVALID', { data: { status: row.status } });
    await checkBrand(tx, auth.accountId, input.brand_id);
    return (await repo.updateCampaign(tx, auth.accountId, id, draftValues(input))) as repo.CampaignRow;
  });
}

export async function deleteCampaign(ctx: AppContext, auth: AuthContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const row = await requireCampaign(tx, auth.accountId, id, true);
    if (!DELETABLE.includes(row.status as CampaignState)) throw new AppError('CAMPAIGN_STATE_INVALID', { data: { status: row.status } });
    await repo.deleteCampaign(tx, auth.accountId, id);
  });
  return { id };
}

/** GET /api/campaigns/{id}: the row plus the account's time zone (the launcher's schedule step shows times in it). */
export async function getCampaign(ctx: AppContext, auth: AuthContext, id: number) {
  const row = await requireCampaign(ctx.db, auth.accountId, id);
  const { rows } = await ctx.db.execute<{ timezone: string }>(sql`select timezone from accounts where id = ${auth.accountId}`);
  return { ...row, timezone: rows[0]?.timezone ?? 'UTC' };
}

const NO_RESULTS = {
  messages: 0,
  sent: 0,
  delivered: 0,
  opened: 0,
  clicked: 0,
  failed: 0,
  cost: '0.00000',
  delivery_rate: 0,
  open_rate: 0,
  click_rate: 0,
};

const isoOf = (d: Date | null) => (d ? d.toISOString() : null);

/** A campaign row on the wire (campaignSchema): times as ISO text. */
export function campaignDto(row: repo.CampaignRow): Campaign {
  return {
    ...(row as unknown as Campaign),
    schedule_at: isoOf(row.schedule_at),
    launched_at: isoOf(row.launched_at),
    completed_at: isoOf(row.completed_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    estimated_cost: String(row.estimated_cost),
  };
}

/** The list with each campaign's results (one more statement for the whole page; a draft has none). */
export async function listCampaigns(ctx: AppContext, auth: AuthContext, q: z.infer<typeof campaignListQuerySchema>, createdBy?: number) {
  const { rows, total } = await repo.listCampaigns(ctx.db, auth.accountId, { ...q, createdBy });
  const results = await campaignResults(
    ctx.db,
    auth.accountId,
    rows.filter((r) => r.status !== 'DRAFT').map((r) => r.id),
  );
  const items = rows.map((r) => ({ ...campaignDto(r), results: r.status === 'DRAFT' ? null : (results.get(r.id) ?? NO_RESULTS) }));
  return { items, page: q.page, limit: q.limit, total };
}

type Audience = { group_ids?: number[]; exclude_group_ids?: number[] };
export const audienceOf = (row: repo.CampaignRow) => {
  const a = (row.audience ?? {}) as Audience;
  return { group_ids: a.group_ids ?? [], exclude_group_ids: a.exclude_group_ids ?? [] };
};
export const abOf = (row: repo.CampaignRow) =>
  row.ab_test as null | {
    split_percent: number;
    metric: 'delivery' | 'open' | 'click';
    after_hours: number;
    variant_b: CampaignContent;
    winner?: 'A' | 'B';
    decided_at?: string;
  };

/** GET /api/campaigns/{id}/audience-count: the live count after exclusions, per channel. */
export async function audienceCount(ctx: AppContext, auth: AuthContext, id: number): Promise<AudienceCount> {
  const row = await requireCampaign(ctx.db, auth.accountId, id);
  const audience = await buildAudience(
    ctx.db,
    auth.accountId,
    audienceOf(row),
    row.channels as Channel[],
    abOf(row)?.split_percent ?? null,
  );
  return countAudience(ctx.db, audience);
}

export type { ChannelEstimate } from '@risala/shared/schemas/campaigns';

/** A sample this large is rendered for an SMS estimate: every recipient up to it (exact), a sample above it. */
export const SMS_ESTIMATE_SAMPLE = 500;

/**
 * SMS parts: the audience's first SMS recipients rendered (all of them up to the sample size:
 * the credits are then exact). Parts per message are a range (names and fields change lengths),
 * never an average.
 */
async function smsCredits(db: DbOrTx, row: repo.CampaignRow, count: number, pricing: SmsPricing, given?: BuiltAudience) {
  if (count === 0) return { parts_min: 0, parts_max: 0, credits: 0, exact: true, cost_minor: 0 };
  const plan = await channelPlan(db, row.account_id, 'sms', row.content as CampaignContent, row.senders as CampaignSenders);
  const audience = given ?? (await buildAudience(db, row.account_id, audienceOf(row), row.channels as Channel[]));
  const members = await audienceChunk(db, audience, 0, null, null, { limit: SMS_ESTIMATE_SAMPLE * 4 });
  const sample = members.filter((m) => m.channel === 'sms').slice(0, SMS_ESTIMATE_SAMPLE);
  const parts = sample.map((m) => plan.render({ ...m, address: m.mobile_number ?? '' }).parts ?? 1);
  const total = parts.reduce((n, p) => n + p, 0);
  // each part at its recipient's destination class, as the send will price it
  const costs = sample.map((m, i) => partsCost(m.mobile_number ?? '', parts[i] as number, pricing, pricing.home));
  const totalCost = costs.reduce((n, c) => n + c, 0);
  const exact = sample.length >= count;
  const avg = sample.length ? total / sample.length : 1;
  return {
    parts_min: parts.length ? Math.min(...parts) : 1,
    parts_max: parts.length ? Math.max(...parts) : 1,
    credits: exact ? total : Math.ceil(avg * count),
    exact,
    cost_minor: exact || !sample.length ? totalCost : Math.round((totalCost / sample.length) * count),
  };
}

/**
 * The estimate of a campaign as it stands (used by deploy for the credit check). `audience`: the
 * same settings over an audience built by the caller (an AI plan's segment, before it is a draft),
 * so a plan's numbers are the launcher's by construction.
 */
export async function estimateOf(db: DbOrTx, home: SaudiOperator, row: repo.CampaignRow, count?: AudienceCount, audience?: BuiltAudience) {
  const channels = row.channels as Channel[];
  const c =
    count ??
    (await countAudience(
      db,
      audience ?? (await buildAudience(db, row.account_id, audienceOf(row), channels, abOf(row)?.split_percent ?? null)),
    ));
  const { rows: balances } = await db.execute<{ channel: string; balance: string }>(
    sql`select channel, balance from credits where account_id = ${row.account_id}`,
  );
  const balanceOf = (ch: string) => Number(balances.find((b) => b.channel === ch)?.balance ?? 0);
  const { rows: acct } = await db.execute<{ plan: string }>(sql`select plan from accounts where id = ${row.account_id}`);
  const plan = await planOf(db, acct[0]?.plan ?? 'free');
  const pricing: SmsPricing = { on_net: plan.on_net_rate, off_net: plan.off_net_rate, international: plan.international_rate, home };
  const perMessage: Record<string, number> = { email: plan.email_rate, whatsapp: plan.whatsapp_rate };
  const out: ChannelEstimate[] = [];
  for (const channel of channels) {
    const messages = c.by_channel[channel] ?? 0;
    const { cost_minor, ...figures } =
      channel === 'sms'
        ? await smsCredits(db, row, messages, pricing, audience)
        : { parts_min: 1, parts_max: 1, credits: messages, exact: true, cost_minor: messages * (perMessage[channel] ?? 0) };
    const balance = balanceOf(channel);
    out.push({
      channel,
      messages,
      ...figures,
      balance,
      enough: balance >= figures.credits,
      cost: minorToDecimal(cost_minor),
    });
  }
  const cost = out.reduce((n, e) => n + Number(e.cost), 0).toFixed(5);
  return { audience: c, channels: out, messages: c.reachable, cost };
}

/** GET /api/campaigns/{id}/estimate */
export async function estimate(ctx: AppContext, auth: AuthContext, id: number) {
  const row = await requireCampaign(ctx.db, auth.accountId, id);
  return estimateOf(ctx.db, ctx.config.smsHomeOperator, row);
}
