/**
 * A plan in words. `planFacts` is everything the text may cite (what a model is given, and what
 * every number of any text is checked against); `builtinNarrative` writes it from the catalogue's
 * bilingual templates (`aiWriting.plan.*`), numbers and dates formatted with Intl in the reader's
 * language. A model rewrites the same facts (generation.ts) and is held to the same check.
 */
import { formatCalendarDay, momentText, timeZoneName } from '@risala/shared/time';
import type { PlanBody, PlanReason, PlanSegment } from '@risala/shared/schemas/ai-plans';
import { translate } from '@risala/shared/i18n/index.ts';
import { mdCode, mdText } from '@risala/shared/markdown';
import type { Lang } from '../ai/index.ts';

/** The history window the plan's rates come from (it is said in the text, so it is a fact). */
export const HISTORY_DAYS = 90;

const range = (r: { low: number; high: number } | null) => (r ? { low: r.low, high: r.high } : null);

/** The plan as facts: figures, names and dates, no message HTML and no contact details. */
export function planFacts(name: string, plan: PlanBody, message?: { notes: string; notes_translations?: unknown }) {
  return {
    name,
    ...(message ? { message } : {}),
    objective: plan.objective,
    brand: plan.brand,
    window: plan.window,
    history_days: HISTORY_DAYS,
    audience: {
      groups: plan.audience.groups.map((g) => g.name),
      excluded: plan.audience.exclude_groups.map((g) => g.name),
      chosen_by: plan.audience.chosen_by,
      customers: plan.audience.total,
      reachable: plan.audience.reachable,
    },
    segments: plan.segments.map((s) => ({
      segment: s.key,
      language: s.language,
      customers: s.total,
      reachable: s.reachable,
      messages_by_channel: s.by_channel,
      channels: s.channels.map((c) => ({
        channel: c.channel,
        fallback_position: c.position,
        reachable: c.reachable,
        delivery_rate_percent: c.delivery_rate,
        history_messages: c.sample,
        left_out: c.reason?.key ?? null,
      })),
      send_at_local: s.send_time.local,
      send_at: s.send_time.at,
      // as the app writes it (12-hour clock, the year): the text says it so
      send_at_shown: momentText(s.send_time.at, plan.window.time_zone, 'en'),
      send_time_from: s.send_time.source,
      slot_rate_percent: s.send_time.rate,
      slot_metric: s.send_time.metric,
      slot_messages: s.send_time.sample,
      ab_test: s.ab_test,
      ab_not_suggested: s.ab_reason,
      estimate: {
        messages: s.estimate.messages,
        credits: s.estimate.credits,
        cost: s.estimate.cost,
        channels: s.estimate.channels.map((c) => ({
          channel: c.channel,
          messages: c.messages,
          parts_min: c.parts_min,
          parts_max: c.parts_max,
          credits: c.credits,
        })),
      },
      expected: {
        delivered: range(s.expected.delivered),
        opened: range(s.expected.opened),
        clicked: range(s.expected.clicked),
        basis: s.expected.basis,
        campaigns: s.expected.campaigns,
        messages: s.expected.messages,
      },
      message_a: s.content.sms[0]?.sms?.text ?? s.content.email[0]?.email?.subject ?? null,
    })),
    totals: plan.totals,
    notes: plan.notes,
  };
}

const locale = (lang: Lang) => (lang === 'ar' ? 'ar-u-ca-gregory' : 'en');

export class Words {
  constructor(readonly lang: Lang) {}
  t = (key: string, params: Record<string, string | number> = {}) => translate(this.lang, key, params);
  p = (key: string, params: Record<string, string | number> = {}) => this.t(`aiWriting.plan.${key}`, params);
  n = (v: number) => new Intl.NumberFormat(locale(this.lang)).format(v);
  pct = (v: number) => new Intl.NumberFormat(locale(this.lang), { maximumFractionDigits: 1 }).format(v);
  money = (v: string) => new Intl.NumberFormat(locale(this.lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(v));
  channel = (c: string) => this.t(`ai.channels.${c}`);
  segment = (k: string) => this.t(`aiPlans.segments.${k}`);
  /** a calendar day of the plan's window, as the reader writes a date */
  date = (d: string, _tz: string) => formatCalendarDay(d, this.lang);
  /** a send time: the shared format in the account's zone */
  when = (iso: string, tz: string) => momentText(iso, tz, this.lang);
  /** the zone by its name in the reader's language ("Saudi Arabia Time"), not its IANA id */
  zone = (tz: string) => timeZoneName(tz, this.lang);
  list = (items: string[]) => new Intl.ListFormat(locale(this.lang), { type: 'conjunction' }).format(items);

  /** A plan reason in words (channel, segment and error names translated). */
  reason(r: PlanReason): string {
    const params: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(r.params)) {
      if (k === 'channel') params[k] = this.channel(String(v));
      else if (k === 'segment') params[k] = this.segment(String(v));
      else if (k === 'language') params[k] = this.t(`aiPlans.languages.${v}`);
      else if (k === 'error') params[k] = this.t(`errors.${v}`);
      else params[k] = typeof v === 'number' ? this.n(v) : mdText(v); // a name from the account's data, as text
    }
    return this.t(`aiPlans.reasons.${r.key}`, params);
  }
}

function segmentText(w: Words, s: PlanSegment, tz: string): string[] {
  const lines = [w.p('segmentTitle', { segment: w.segment(s.key), total: w.n(s.total), reachable: w.n(s.reachable) })];
  const used = s.channels.filter((c) => c.position !== null).sort((a, b) => (a.position as number) - (b.position as number));
  if (used.length === 0) lines.push(w.p('noChannel'));
  else {
    const items = used.map((c, i) =>
      w.p(i === 0 ? 'channelFirst' : 'channelThen', {
        channel: w.channel(c.channel),
        reachable: w.n(c.reachable),
        rate: c.delivery_rate === null ? '' : w.p('rate', { rate: w.pct(c.delivery_rate) }),
      }),
    );
    lines.push(w.p('channelsLine', { list: items.join(w.lang === 'ar' ? '، ' : ', ') }));
  }
  const primary = w.channel(s.fallback[0] ?? 'sms');
  const when = w.when(s.send_time.at, tz);
  lines.push(
    s.send_time.source === 'history'
      ? w.p('sendHistory', {
          when,
          channel: primary,
          rate: w.pct(s.send_time.rate ?? 0),
          metric: w.p(`metric.${s.send_time.metric ?? 'delivery'}`),
          sample: w.n(s.send_time.sample),
        })
      : w.p('sendDefault', { when, channel: primary }),
  );
  const breakdown = s.estimate.channels
    .filter((c) => c.messages > 0)
    .map((c) =>
      c.channel === 'sms' && c.parts_max !== 1
        ? w.p('breakdownSms', {
            messages: w.n(c.messages),
            parts: c.parts_min === c.parts_max ? w.n(c.parts_max) : `${w.n(c.parts_min)}–${w.n(c.parts_max)}`,
          })
        : w.p('breakdownItem', { channel: w.channel(c.channel), messages: w.n(c.messages) }),
    );
  lines.push(
    w.p('messagesLine', {
      messages: w.n(s.estimate.messages),
      breakdown: breakdown.join(w.lang === 'ar' ? '، ' : ', '),
      credits: w.n(s.estimate.credits),
      cost: w.money(s.estimate.cost),
    }),
  );
  if (s.ab_test) {
    lines.push(
      w.p('abLine', {
        split: w.n(s.ab_test.split_percent),
        perVariant: w.n(s.ab_test.per_variant),
        hours: w.n(s.ab_test.after_hours),
        metric: w.p(`abMetric.${s.ab_test.metric}`),
      }),
    );
  } else if (s.ab_reason?.key === 'abNoMeasure') {
    lines.push(w.p('abNoMeasure', { channel: w.channel(String(s.ab_reason.params.channel)) }));
  } else if (s.ab_reason) {
    lines.push(w.p('abNone', { perVariant: w.n(Number(s.ab_reason.params.per_variant)), min: w.n(Number(s.ab_reason.params.min)) }));
  }
  const e = s.expected;
  if (e.delivered) {
    const r = (x: { low: number; high: number }) => w.p('range', { low: w.n(x.low), high: w.n(x.high) });
    lines.push(
      w.p('expectedLine', {
        delivered: r(e.delivered),
        opened: e.opened ? w.p('expectedOpened', { range: r(e.opened) }) : '',
        clicked: e.clicked ? w.p('expectedClicked', { range: r(e.clicked) }) : '',
        basis:
          e.basis === 'campaigns'
            ? w.p('basisCampaigns', { campaigns: w.n(e.campaigns) })
            : w.p('basisPooled', { messages: w.n(e.messages) }),
      }),
    );
  } else lines.push(w.p('expectedNone'));
  const sms = s.fallback.includes('sms') ? s.content.sms[0]?.sms?.text : null;
  const email = s.fallback.includes('email') ? s.content.email[0]?.email?.subject : null;
  if (sms) lines.push(w.p('variantLine', { channel: w.channel('sms'), text: mdCode(sms) }));
  if (email) lines.push(w.p('variantLine', { channel: w.channel('email'), text: mdCode(email) }));
  return lines;
}

/** The plan in Markdown, from the catalogue's templates, in the reader's language; names and texts from the account go in as text (`mdText`, `mdCode`). */
export function builtinNarrative(lang: Lang, _name: string, plan: PlanBody): string {
  const w = new Words(lang);
  const tz = plan.window.time_zone;
  // the plan's name is the page's title; the text starts with what it is for
  const out: string[] = [
    w.p('intro', {
      objective: w.t(`aiPlans.objectives.${plan.objective}`),
      brand: mdText(plan.brand.name),
      from: w.date(plan.window.start_date, tz),
      to: w.date(plan.window.end_date, tz),
      zone: mdText(w.zone(tz)),
    }),
    w.p('audience', {
      groups: w.list(plan.audience.groups.map((g) => mdText(g.name))),
      excluded: plan.audience.exclude_groups.length
        ? w.p('excluded', { groups: w.list(plan.audience.exclude_groups.map((g) => mdText(g.name))) })
        : '',
      total: w.n(plan.audience.total),
      reachable: w.n(plan.audience.reachable),
    }),
  ];
  if (plan.audience.chosen_by === 'largest') out.push(w.p('chosenLargest', { group: mdText(plan.audience.groups[0]?.name ?? '') }));
  for (const s of plan.segments) out.push(segmentText(w, s, tz).join('\n'));
  const t = plan.totals;
  out.push(
    [
      w.p('totalsTitle'),
      w.p('totals', { messages: w.n(t.messages), credits: w.n(t.credits), budget: w.n(t.budget), cost: w.money(t.cost) }),
      ...t.balances.map((b) =>
        w.p('balance', {
          channel: w.channel(b.channel),
          needed: w.n(b.needed),
          balance: w.n(b.balance),
          status: b.enough ? '' : w.p('notEnough'),
        }),
      ),
    ].join('\n'),
  );
  if (plan.notes.length) out.push([w.p('notesTitle'), ...plan.notes.map((r) => `- ${w.reason(r)}`)].join('\n'));
  out.push(w.p('builtinFooter'));
  return out.join('\n\n');
}

/** What a model is asked for the plan's text. */
export const NARRATIVE_INSTRUCTIONS = [
  'Explain this campaign plan to a marketer in a few short sections: the audience, each segment (channels in fallback order and why, when to send and why, the messages, the A/B test, the expected results) and the budget.',
  'Keep every figure exactly as in FACTS (you may round a rate), and say plainly when a result is not expected because there is no history.',
  'Do not promise results beyond the expected ranges. Do not invent offers, prices or dates.',
].join('\n');
