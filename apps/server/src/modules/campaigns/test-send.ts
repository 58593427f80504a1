/**
 * Test sends: a few typed numbers and emails receive the campaign's content (as it stands, even a
 * draft) through the real pipeline — numbers on the campaign's SMS/WhatsApp channels, emails on
 * email — in a batch with request_type 'test' that counts neither in the campaign's progress nor
 * in its report. Credits are taken as for any send; placeholders take their fallbacks.
 */
import type { CampaignContent, CampaignTestSendInput } from '@risala/shared/schemas/campaigns';
import { normalizeMobile } from '@risala/shared/schemas/customers';
import type { Channel } from '@risala/shared/schemas/messages';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { enqueueCampaignChunk, type NewMessage, reserveCredits } from '../messaging/index.ts';
import { requireCampaign } from './campaigns.service.ts';
import { addEmailTracking, type CampaignSenders, channelPlan } from './content.ts';
import { insertBatch } from './deploy.service.ts';

const blank = { first_name: null, last_name: null, email: null, mobile_number: null, city: null, country: null, attributes: {} };

export interface TestSendSpec {
  campaignId: number | null;
  channels: Channel[];
  content: CampaignContent;
  senders: CampaignSenders;
}

export async function testSendContent(ctx: AppContext, auth: AuthContext, spec: TestSendSpec, input: CampaignTestSendInput) {
  const numbers = input.numbers.map((n) => {
    const v = normalizeMobile(n);
    if (!v) throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'numbers', message: 'validation.phone.invalid' }] });
    return v;
  });
  return ctx.db.transaction(async (tx) => {
    const targets: { channel: Channel; address: string }[] = [];
    for (const channel of spec.channels) {
      for (const address of channel === 'email' ? input.emails : numbers) targets.push({ channel, address });
    }
    if (targets.length === 0) {
      // the addresses typed are for channels the campaign does not use: say which kind it needs
      const needsNumber = spec.channels.length === 0 || spec.channels.some((ch) => ch !== 'email');
      const error = needsNumber
        ? { field: 'numbers', message: 'validation.testNeedsNumber' }
        : { field: 'emails', message: 'validation.testNeedsEmail' };
      throw new AppError('VALIDATION_ERROR', { errors: [error] });
    }
    const batchId = await insertBatch(tx, {
      account_id: auth.accountId,
      campaign_id: spec.campaignId as number,
      variant: null,
      message_count: targets.length,
      message_cost: '0',
      scheduled_at: null,
      request_type: 'test',
      processing_status: 'IN_PROGRESS',
    });
    const { rows } = await tx.execute<{ batch_id: string }>(sql`select batch_id from batches where id = ${batchId}`);
    const code = (rows[0] as { batch_id: string }).batch_id;
    const out: NewMessage[] = [];
    const credits = new Map<Channel, number>();
    for (const channel of new Set(targets.map((t) => t.channel))) {
      const plan = await channelPlan(tx, auth.accountId, channel, spec.content, spec.senders);
      for (const t of targets) {
        if (t.channel !== channel) continue;
        const r = plan.render({ ...blank, address: t.address });
        credits.set(channel, (credits.get(channel) ?? 0) + (r.credits ?? 1));
        out.push({ ...r, account_id: auth.accountId, user_id: auth.userId, status: 'PENDING', bulk_id: code, batch_id: batchId });
      }
    }
    for (const [channel, amount] of credits)
      await reserveCredits(tx, { accountId: auth.accountId, channel, amount, bulkId: code, userId: auth.userId });
    const { ids } = await enqueueCampaignChunk(ctx, tx, out);
    await addEmailTracking(ctx, tx, out, ids);
    return { batch_id: code, message_ids: ids };
  });
}

/** POST /api/campaigns/{id}/test-send */
export async function testSendCampaign(ctx: AppContext, auth: AuthContext, id: number, input: CampaignTestSendInput) {
  const c = await requireCampaign(ctx.db, auth.accountId, id);
  const channels = c.channels as Channel[];
  if (channels.length === 0) throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'channels', message: 'validation.required' }] });
  return testSendContent(
    ctx,
    auth,
    { campaignId: c.id, channels, content: c.content as CampaignContent, senders: c.senders as CampaignSenders },
    input,
  );
}
