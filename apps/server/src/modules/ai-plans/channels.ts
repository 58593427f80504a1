/**
 * A segment's channels and their fallback order. A channel is usable when the campaign could send
 * on it as planned — the deploy's own check (`channelPlan`: an active sender, approved content) —
 * and it reaches someone. Usable channels are ordered by how many of the segment's customers each
 * would deliver to: its reach times its delivery rate in the account's last 90 days (a channel
 * without history takes the account's average; with no history at all, reach alone). Ties follow
 * the objective's usual preference.
 */
import type { PlanObjective, PlanReason } from '@risala/shared/schemas/ai-plans';
import type { CampaignContent } from '@risala/shared/schemas/campaigns';
import type { Channel } from '@risala/shared/schemas/messages';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { channelPlan } from '../campaigns/index.ts';

/** Which channel an objective leans on when the numbers are even. */
export const PREFERENCE: Record<PlanObjective, Channel[]> = {
  awareness: ['email', 'whatsapp', 'sms'],
  promotion: ['sms', 'whatsapp', 'email'],
  retention: ['whatsapp', 'email', 'sms'],
  winback: ['sms', 'email', 'whatsapp'],
  announcement: ['email', 'sms', 'whatsapp'],
};

export interface ChannelHistory {
  /** percent, one decimal; null without history */
  delivery_rate: number | null;
  sample: number;
}

export interface PlanChannel {
  channel: Channel;
  position: number | null;
  reachable: number;
  delivery_rate: number | null;
  sample: number;
  sender: string | null;
  reason: PlanReason | null;
}

/** Can the campaign send on this channel with this content? The sender it would use, or why not. */
export async function channelCheck(
  db: DbOrTx,
  accountId: number,
  channel: Channel,
  content: CampaignContent,
): Promise<{ sender: string | null; reason: PlanReason | null }> {
  try {
    const plan = await channelPlan(db, accountId, channel, content, {});
    const probe = plan.render({
      first_name: null,
      last_name: null,
      email: null,
      mobile_number: null,
      city: null,
      country: null,
      attributes: {},
      address: '',
    });
    return { sender: probe.sender ?? null, reason: null };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { sender: null, reason: { key: 'channelUnavailable', params: { channel, error: err.code } } };
  }
}

export function orderChannels(
  objective: PlanObjective,
  candidates: { channel: Channel; reachable: number; sender: string | null; reason: PlanReason | null }[],
  history: Partial<Record<Channel, ChannelHistory>>,
): PlanChannel[] {
  const known = Object.values(history).filter((h): h is ChannelHistory => Boolean(h && h.delivery_rate !== null));
  const average = known.length ? known.reduce((n, h) => n + (h.delivery_rate as number), 0) / known.length : 100;
  const expected = (c: (typeof candidates)[number]) => c.reachable * ((history[c.channel]?.delivery_rate ?? average) / 100);
  const prefer = PREFERENCE[objective];
  const usable = candidates
    .filter((c) => !c.reason && c.reachable > 0)
    .sort((a, b) => expected(b) - expected(a) || prefer.indexOf(a.channel) - prefer.indexOf(b.channel));
  const out: PlanChannel[] = usable.map((c, i) => ({
    channel: c.channel,
    position: i + 1,
    reachable: c.reachable,
    delivery_rate: history[c.channel]?.delivery_rate ?? null,
    sample: history[c.channel]?.sample ?? 0,
    sender: c.sender,
    reason: null,
  }));
  for (const c of candidates) {
    if (usable.includes(c)) continue;
    out.push({
      channel: c.channel,
      position: null,
      reachable: c.reachable,
      delivery_rate: history[c.channel]?.delivery_rate ?? null,
      sample: history[c.channel]?.sample ?? 0,
      sender: c.sender,
      reason: c.reason ?? { key: 'noReach', params: { channel: c.channel } },
    });
  }
  return out;
}
