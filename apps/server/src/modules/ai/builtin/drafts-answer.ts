/**
 * A campaign request on the built-in engine: a launcher draft through the draft_campaign tool
 * (nothing is sent, approved or launched), with the group the parser found by name. A message
 * request is written and offered by draft-offer.ts.
 */
import { momentText } from '@risala/shared/time';
import type { ChatTurn } from '../provider.ts';
import type { ParseOutcome } from './parse.ts';
import { md, type Phrases } from './phrases.ts';
import { type Data, tool, toolOrReason } from './tool-calls.ts';

type Draft = Extract<ParseOutcome, { kind: 'draft' }>;

export async function draftCampaign(turn: ChatTurn, p: Phrases, d: Draft): Promise<string> {
  const listed = await toolOrReason(turn.tools, 'list_groups');
  if (!listed.data) return listed.reason ?? p.t('noData');
  const groups = listed.data.groups as { id: number; name: string; members: number; url: string }[];
  const group = d.group ? groups.find((g) => g.name === d.group) : undefined;
  if (!group) {
    const names = groups.map((g) => `- ${md(g.name)} (${p.n(g.members)})`).join('\n');
    return `${p.t('draft.whichGroup')}\n\n${names || p.t('audience.noGroups')}`;
  }
  const ch = d.channel ?? 'sms';
  const approved = ch === 'whatsapp' ? null : await tool(turn.tools, 'list_templates', { status: 'APPROVED', channel: ch, limit: 1 });
  const template = (approved?.templates as Data[] | undefined)?.[0];
  const s = d.schedule;
  const res = await toolOrReason(turn.tools, 'draft_campaign', {
    objective: turn.query.slice(0, 500),
    channels: [ch],
    group_ids: [group.id],
    ...(template && ch === 'sms' ? { sms_template_id: template.id } : {}),
    ...(template && ch === 'email' ? { email_template_id: template.id } : {}),
    ...(s ? { schedule_local: { days_from_today: s.dayOffset, time: `${s.hour}:${String(s.minute).padStart(2, '0')}` } } : {}),
  });
  if (!res.data) return res.reason ?? p.t('noData');
  // the zone by its name: the person may be elsewhere than the account
  const when = res.data.schedule_at
    ? momentText(res.data.schedule_at, res.data.time_zone, p.lang, { zone: true })
    : p.t('draft.noSchedule');
  return [
    p.t('draft.campaignSaved', { name: md(res.data.name), url: res.data.url }),
    [
      `- ${p.t('draft.audience')}: [${md(group.name)}](${group.url})${p.lang === 'ar' ? '،' : ','} **${p.n(res.data.audience.reachable)}** ${p.t('draft.reachableOn', { channel: p.channel(ch) })}`,
      `- ${p.t('draft.channels')}: ${p.channel(ch)}`,
      `- ${p.t('draft.content')}: ${template ? `[${md(template.name)}](${template.url})` : p.t('draft.noContent')}`,
      `- ${p.t('draft.schedule')}: ${when}`,
    ].join('\n'),
    p.t('draft.confirm'),
  ].join('\n\n');
}
