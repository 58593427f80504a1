/**
 * The built-in engine: no model, no network. It recognises the data questions it knows (audience
 * counts, campaign results, best hour, failure reasons, credits, templates awaiting review, drafts),
 * answers them through the same tools a model uses, phrases the numbers with the catalogue's
 * templates in the question's language, answers "how do I…" from the help corpus, and otherwise
 * says plainly what it can do and how to connect a model. Every answer is labelled built-in by
 * the service; nothing here pretends to be generated.
 */
import { formatInZone } from '@risala/shared/time';
import { type TranslateParams, translate } from '@risala/shared/i18n/index.ts';
import type { Channel } from '@risala/shared/schemas/messages';
import { searchHelp } from '../help/help-index.ts';
import type { Lang } from '../language.ts';
import type { AiProvider, ChatTurn, GenerateRequest, ToolBox, TurnResult } from '../provider.ts';
import { offerMessageDraft } from './draft-offer.ts';
import { cityIn, groupIn, type Intent, mentionsGroup, recognise, type Schedule } from './intents.ts';

type Data = Record<string, any>;

/**
 * A help article is an answer only when it matches well (MiniSearch's BM25 scores): clearly
 * (HELP_SURE), or fairly and twice as well as the next one (a short question, "كيف أحظر رقمًا؟").
 */
const HELP_SURE = 20;
const HELP_FAIR = 12;
const answers = (hits: { score: number }[]) => {
  const [top, next] = hits;
  return Boolean(top && (top.score >= HELP_SURE || (top.score >= HELP_FAIR && top.score >= 2 * (next?.score ?? 0))));
};

class Phrases {
  constructor(readonly lang: Lang) {}
  t = (key: string, params: TranslateParams = {}) => translate(this.lang, `ai.builtin.${key}`, params);
  n = (value: number) => new Intl.NumberFormat(this.lang === 'ar' ? 'ar-u-ca-gregory' : 'en').format(value);
  pct = (value: number | null) =>
    value === null
      ? '—'
      : `${new Intl.NumberFormat(this.lang === 'ar' ? 'ar-u-ca-gregory' : 'en', { maximumFractionDigits: 1 }).format(value)}%`;
  channel = (c: string) => translate(this.lang, `ai.channels.${c}`);
}

async function tool(tools: ToolBox, name: string, args: Data = {}): Promise<Data | null> {
  const out = await tools.run(name, args);
  return out.ok ? (out.data as Data) : null;
}

/** The tool's refusal (no permission, not found…) said as it is. */
async function toolOrReason(tools: ToolBox, name: string, args: Data = {}): Promise<{ data: Data | null; reason: string | null }> {
  const out = await tools.run(name, args);
  return out.ok ? { data: out.data as Data, reason: null } : { data: null, reason: String((out.data as Data).message ?? '') };
}

export class BuiltinEngine implements AiProvider {
  readonly engine = 'builtin' as const;
  readonly model = null;
  readonly billing = 'builtin' as const;
  readonly local = true;

  async health() {}

  /** The product's own text, as written from the catalogue's templates: the built-in engine does not rewrite it. */
  async generate(req: GenerateRequest): Promise<TurnResult> {
    // line by line, so a streaming screen fills the way it does with a model
    for (const line of req.draft.split(/(?<=\n)/)) {
      if (req.signal.aborted) break;
      req.emit(line);
    }
    return { text: req.draft, usage: { prompt_tokens: 0, completion_tokens: 0 } };
  }

  async chat(turn: ChatTurn): Promise<TurnResult> {
    const p = new Phrases(turn.language);
    const intent = recognise(turn.query);
    const text = await this.answer(intent, turn, p);
    turn.emit({ type: 'delta', text });
    return { text, usage: { prompt_tokens: 0, completion_tokens: 0 } };
  }

  private async answer(intent: Intent, turn: ChatTurn, p: Phrases): Promise<string> {
    switch (intent.kind) {
      case 'audience':
        return this.audience(turn, p, intent.channel);
      case 'campaign_results':
        return this.campaignResults(turn, p);
      case 'best_hour':
        return this.bestHour(turn, p, intent.channel);
      case 'failures':
        return this.failures(turn, p);
      case 'credits':
        return this.credits(turn, p);
      case 'templates_review':
        return this.templates(turn, p, 'PENDING_REVIEW');
      case 'templates':
        return this.templates(turn, p, null);
      case 'channel_metrics':
        return this.channels(turn, p);
      case 'draft_template':
        return offerMessageDraft(turn, p.lang, intent.channel);
      case 'draft_campaign':
        return this.draftCampaign(turn, p, intent.channel, intent.schedule);
      case 'greeting':
        return this.capabilities(p, false);
      case 'howto':
      case 'other':
        return (await this.help(turn, p)) ?? this.capabilities(p, true);
    }
  }

  private async audience(turn: ChatTurn, p: Phrases, channel: Channel | null) {
    const listed = await toolOrReason(turn.tools, 'list_groups');
    if (!listed.data) return listed.reason ?? p.t('noData');
    const groups = listed.data.groups as { id: number; name: string; members: number; url: string }[];
    const group = groupIn(turn.query, groups);
    if (!group && mentionsGroup(turn.query) && !cityIn(turn.query, await this.cities(turn.tools))) {
      const names = groups.map((g) => `- [${g.name}](${g.url}): **${p.n(g.members)}**`).join('\n');
      return `${p.t('audience.groupNotFound')}\n\n${names || p.t('audience.noGroups')}`;
    }
    const city = group ? null : cityIn(turn.query, await this.cities(turn.tools));
    const rules = city ? { match: 'all', conditions: [{ type: 'field', field: 'city', op: 'eq', value: city }] } : undefined;
    const count = await tool(turn.tools, 'count_audience', {
      group_ids: group ? [group.id] : [],
      ...(rules ? { rules } : {}),
      channels: channel ? [channel] : ['sms', 'email', 'whatsapp'],
    });
    if (!count) return p.t('noData');
    const total = count.total as number;
    const byChannel = count.by_channel as Record<string, number>;
    const where = group
      ? p.t('audience.inGroup', { name: `[${group.name}](${group.url})` })
      : city
        ? p.t('audience.inCity', { city })
        : p.t('audience.inAccount');
    const lines = [p.t('audience.total', { count: p.n(total), where })];
    if (channel) {
      lines.push(p.t('audience.reachableOn', { count: p.n(byChannel[channel] ?? 0), channel: p.channel(channel) }));
    } else if (total > 0) {
      // each channel on its own: who could be reached by it (the launcher applies the fallback order)
      const per: string[] = [];
      for (const c of ['sms', 'email', 'whatsapp'] as const) {
        const one = await tool(turn.tools, 'count_audience', {
          group_ids: group ? [group.id] : [],
          ...(rules ? { rules } : {}),
          channels: [c],
        });
        if (one) per.push(`- ${p.channel(c)}: **${p.n((one.by_channel as Record<string, number>)[c] ?? 0)}**`);
      }
      lines.push(p.t('audience.perChannel'), per.join('\n'));
    }
    return lines.join('\n\n');
  }

  /** The cities customers are stored under (to read a city in the question), through the audience_facets tool. */
  private async cities(tools: ToolBox): Promise<string[]> {
    const facets = await tool(tools, 'audience_facets');
    return ((facets?.cities ?? []) as Data[]).map((c) => String(c.value));
  }

  private async campaignResults(turn: ChatTurn, p: Phrases) {
    const list = await toolOrReason(turn.tools, 'list_campaigns', { limit: 20 });
    if (!list.data) return list.reason ?? p.t('noData');
    const named = groupIn(turn.query, list.data.campaigns as { id: number; name: string; launched_at: string | null }[]);
    const res = await toolOrReason(turn.tools, 'campaign_results', named ? { campaign_id: named.id } : {});
    if (!res.data) return p.t('campaign.none');
    const c = res.data.campaign as Data;
    const tot = res.data.total as Data;
    const lines = [
      p.t('campaign.title', { name: `[${c.name}](${res.data.report_url})`, status: translate(p.lang, `campaigns.status.${c.status}`) }),
      [
        `- ${p.t('campaign.targeted')}: **${p.n(tot.targeted)}**`,
        `- ${p.t('campaign.sent')}: **${p.n(tot.sent)}**`,
        `- ${p.t('campaign.delivered')}: **${p.n(tot.delivered)}** (${p.pct(tot.delivery_rate)})`,
        `- ${p.t('campaign.opened')}: **${p.n(tot.opened)}**`,
        `- ${p.t('campaign.clicked')}: **${p.n(tot.clicked)}**`,
        `- ${p.t('campaign.failed')}: **${p.n(tot.failed)}**`,
      ].join('\n'),
    ];
    const channels = res.data.by_channel as Data[];
    if (channels.length > 1) {
      lines.push(
        channels
          .map(
            (f) =>
              `- ${p.channel(f.channel)}: ${p.t('campaign.channelLine', { sent: p.n(f.sent), delivered: p.n(f.delivered), failed: p.n(f.failed) })}`,
          )
          .join('\n'),
      );
    }
    return lines.join('\n\n');
  }

  private async bestHour(turn: ChatTurn, p: Phrases, channel: string | null) {
    const res = await toolOrReason(turn.tools, 'best_send_hour', channel ? { channel } : {});
    if (!res.data) return res.reason ?? p.t('noData');
    const best = res.data.best as Data | null;
    if (!best) return p.t('bestHour.noData', { min: p.n(res.data.min_sample), days: p.n(res.data.days) });
    const hour = new Intl.DateTimeFormat(p.lang === 'ar' ? 'ar-u-ca-gregory' : 'en', {
      hour: 'numeric',
      hourCycle: 'h23',
      timeZone: 'UTC',
    }).format(Date.UTC(2020, 0, 1, best.hour));
    const key = res.data.metric === 'engagement' ? 'bestHour.engagement' : 'bestHour.delivery';
    return p.t(key, { hour, zone: res.data.time_zone, rate: p.pct(best.rate), sent: p.n(best.sent), days: p.n(res.data.days) });
  }

  private async failures(turn: ChatTurn, p: Phrases) {
    const res = await toolOrReason(turn.tools, 'failure_reasons', { days: 30 });
    if (!res.data) return res.reason ?? p.t('noData');
    const reasons = res.data.reasons as Data[];
    if (reasons.length === 0) return p.t('failures.none', { days: p.n(30) });
    return [
      p.t('failures.title', { total: p.n(res.data.total), days: p.n(30) }),
      reasons.map((r) => `- ${r.reason}: **${p.n(r.count)}**`).join('\n'),
      p.t('failures.more'),
    ].join('\n\n');
  }

  private async credits(turn: ChatTurn, p: Phrases) {
    const res = await toolOrReason(turn.tools, 'credits');
    if (!res.data) return res.reason ?? p.t('noData');
    const rows = res.data.credits as Data[];
    return [
      p.t('credits.title'),
      rows.map((r) => `- ${p.channel(r.channel)}: **${p.n(r.balance)}** (${p.t('credits.consumed', { n: p.n(r.consumed) })})`).join('\n'),
    ].join('\n\n');
  }

  private async templates(turn: ChatTurn, p: Phrases, status: string | null) {
    const res = await toolOrReason(turn.tools, 'list_templates', status ? { status } : {});
    if (!res.data) return res.reason ?? p.t('noData');
    const items = res.data.templates as Data[];
    const byStatus = res.data.by_status as Record<string, number>;
    if (status) {
      if (res.data.total === 0) return p.t('templates.noneWaiting');
      return [
        p.t('templates.waiting', { count: p.n(res.data.total) }),
        items.map((t) => `- [${t.name}](${t.url}) (${p.channel(t.channel)})`).join('\n'),
      ].join('\n\n');
    }
    const summary = Object.entries(byStatus)
      .map(([s, n]) => `- ${translate(p.lang, `templates.status.${s}`)}: **${p.n(n)}**`)
      .join('\n');
    return [p.t('templates.summary'), summary].join('\n\n');
  }

  private async channels(turn: ChatTurn, p: Phrases) {
    const res = await toolOrReason(turn.tools, 'channel_metrics', { days: 30 });
    if (!res.data) return res.reason ?? p.t('noData');
    const rows = res.data.channels as Data[];
    if (rows.length === 0) return p.t('channels.none', { days: p.n(30) });
    return [
      p.t('channels.title', { days: p.n(30) }),
      rows
        .map(
          (r) =>
            `- ${p.channel(r.channel)}: ${p.t('channels.line', { sent: p.n(r.sent), delivered: p.n(r.delivered), rate: p.pct(r.delivery_rate), failed: p.n(r.failed) })}`,
        )
        .join('\n'),
    ].join('\n\n');
  }

  private async draftCampaign(turn: ChatTurn, p: Phrases, channel: 'sms' | 'email' | 'whatsapp' | null, schedule: Schedule | null) {
    const listed = await toolOrReason(turn.tools, 'list_groups');
    if (!listed.data) return listed.reason ?? p.t('noData');
    const groups = listed.data.groups as { id: number; name: string; members: number; url: string }[];
    const group = groupIn(turn.query, groups);
    if (!group) {
      const names = groups.map((g) => `- ${g.name} (${p.n(g.members)})`).join('\n');
      return `${p.t('draft.whichGroup')}\n\n${names || p.t('audience.noGroups')}`;
    }
    const ch = channel ?? 'sms';
    const approved = ch === 'whatsapp' ? null : await tool(turn.tools, 'list_templates', { status: 'APPROVED', channel: ch, limit: 1 });
    const template = (approved?.templates as Data[] | undefined)?.[0];
    const res = await toolOrReason(turn.tools, 'draft_campaign', {
      objective: turn.query.slice(0, 500),
      channels: [ch],
      group_ids: [group.id],
      ...(template && ch === 'sms' ? { sms_template_id: template.id } : {}),
      ...(template && ch === 'email' ? { email_template_id: template.id } : {}),
      ...(schedule
        ? { schedule_local: { days_from_today: schedule.dayOffset, time: `${schedule.hour}:${String(schedule.minute).padStart(2, '0')}` } }
        : {}),
    });
    if (!res.data) return res.reason ?? p.t('noData');
    const when = res.data.schedule_at ? formatInZone(res.data.schedule_at, res.data.time_zone, p.lang) : p.t('draft.noSchedule');
    return [
      p.t('draft.campaignSaved', { name: res.data.name, url: res.data.url }),
      [
        `- ${p.t('draft.audience')}: [${group.name}](${group.url})${p.lang === 'ar' ? '،' : ','} **${p.n(res.data.audience.reachable)}** ${p.t('draft.reachableOn', { channel: p.channel(ch) })}`,
        `- ${p.t('draft.channels')}: ${p.channel(ch)}`,
        `- ${p.t('draft.content')}: ${template ? `[${template.name}](${template.url})` : p.t('draft.noContent')}`,
        `- ${p.t('draft.schedule')}: ${when}`,
      ].join('\n'),
      p.t('draft.confirm'),
    ].join('\n\n');
  }

  /** A "how do I…" answer from the best help article, or null when none matches well. */
  private async help(turn: ChatTurn, p: Phrases): Promise<string | null> {
    // the corpus is read locally to decide whether it answers at all; the answer itself goes through
    // the search_help tool, as a model's would
    if (!answers(searchHelp(turn.query, p.lang, 2))) return null;
    const found = await tool(turn.tools, 'search_help', { query: turn.query.slice(0, 200), language: p.lang });
    const slugs = ((found?.articles ?? []) as Data[]).map((a) => a.slug);
    const hits = searchHelp(turn.query, p.lang, 3).filter((h) => slugs.includes(h.slug));
    const top = hits[0];
    if (!top) return null;
    const others = hits.slice(1).filter((h) => h.score >= HELP_FAIR);
    return [
      p.t('help.from', { title: `[${top.title}](/help/${top.slug})` }),
      top.excerpt,
      ...(others.length ? [p.t('help.also'), others.map((h) => `- [${h.title}](/help/${h.slug})`).join('\n')] : []),
    ].join('\n\n');
  }

  private capabilities(p: Phrases, unknown: boolean) {
    return [unknown ? p.t('unknown') : p.t('hello'), p.t('capabilities'), p.t('connectModel')].join('\n\n');
  }
}
