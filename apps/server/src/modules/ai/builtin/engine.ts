/**
 * The built-in engine: no model, no network. It reads a question into the typed question
 * (parse.ts) against the account's own names, runs it through the `query_account` tool — the
 * same compiler, scope and permissions a model's call gets — and says the result with the question
 * in words (compose.ts). What it cannot read as one question it declines honestly, naming what it
 * understood; a word with two meanings it asks about; requests to act it refuses (it drafts, never
 * acts); drafting requests go to the drafting tools; "how do I…" to the help corpus. Every answer
 * is labelled built-in by the service; nothing here pretends to be generated.
 */
import { translate } from '@risala/shared/i18n/index.ts';
import type { Question } from '@risala/shared/schemas/ai-query';
import { searchHelp } from '../help/help-index.ts';
import type { AiProvider, ChatTurn, GenerateRequest, TurnResult } from '../provider.ts';
import { composeCannot, composeClarify, composeRefusal, composeRun } from './compose.ts';
import { offerMessageDraft } from './draft-offer.ts';
import { draftCampaign } from './drafts-answer.ts';
import { type ParseOutcome, parseQuestion } from './parse.ts';
import { md, Phrases } from './phrases.ts';
import { suggestionsFor } from './suggest.ts';
import { type Data, tool, toolOrReason } from './tool-calls.ts';

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
    const text = await this.answer(turn, p);
    turn.emit({ type: 'delta', text });
    return { text, usage: { prompt_tokens: 0, completion_tokens: 0 } };
  }

  private async answer(turn: ChatTurn, p: Phrases): Promise<string> {
    // the account's own names (cities, groups, campaigns…) and its zone, for the parser
    const names = (await tool(turn.tools, 'account_names')) ?? {};
    const timeZone = typeof names.time_zone === 'string' ? names.time_zone : 'UTC';
    const outcome = parseQuestion(turn.query, turn.language, names, { now: new Date(), timeZone });
    switch (outcome.kind) {
      case 'query':
        return outcome.focus === 'campaign_results' ? this.campaignResults(turn, p, outcome.question) : this.run(turn, p, outcome);
      case 'cannot':
        // outside the account's data: how a model would help
        if (!outcome.understood.entity || outcome.unsupported === 'offtopic')
          return [composeCannot(outcome, p), p.t('connectModel')].join('\n\n');
        return composeCannot(outcome, p);
      case 'clarify':
        return composeClarify(outcome, p);
      case 'refuse_action':
        return composeRefusal(outcome.verb, p);
      case 'draft':
        // a message is written from the offer and offered on a card (nothing saved); a campaign is a launcher draft
        return outcome.what === 'campaign'
          ? draftCampaign(turn, p, outcome)
          : offerMessageDraft(turn, p.lang, outcome.channel ?? 'sms', outcome.topic);
      case 'help':
        return (await this.help(turn, p)) ?? this.capabilities(p, true);
      case 'greeting':
        return this.capabilities(p, false);
    }
  }

  /** The question through query_account, said with its words; a refusal of the compiler said as it is. */
  private async run(turn: ChatTurn, p: Phrases, outcome: Extract<ParseOutcome, { kind: 'query' }>): Promise<string> {
    const res = await toolOrReason(turn.tools, 'query_account', outcome.question);
    if (!res.data) {
      const q = outcome.question;
      const understood = { entity: q.entity, filters: q.filters, ...(q.group_by ? { group_by: q.group_by } : {}) };
      const cannot = {
        kind: 'cannot' as const,
        reason: 'incomplete' as const,
        unsupported: null,
        understood,
        unplaced: [],
        suggestions: [],
      };
      return composeCannot({ ...cannot, suggestions: suggestionsFor(q.entity, understood) }, p, res.reason ?? p.t('noData'));
    }
    return composeRun(res.data as Parameters<typeof composeRun>[0], p, outcome.focus === 'best' ? 'best' : null);
  }

  /** A campaign's report: the one named, else the latest launched, found by a typed question first. */
  private async campaignResults(turn: ChatTurn, p: Phrases, question: Question): Promise<string> {
    const found = await toolOrReason(turn.tools, 'query_account', question);
    if (!found.data) return found.reason ?? p.t('noData');
    const row = (found.data.rows as Data[])[0];
    if (!row) return p.t('campaign.none');
    const res = await toolOrReason(turn.tools, 'campaign_results', { campaign_id: Number(row.key) });
    if (!res.data) return res.reason ?? p.t('campaign.none');
    const c = res.data.campaign as Data;
    const tot = res.data.total as Data;
    const lines = [
      p.t('campaign.title', { name: `[${md(c.name)}](${res.data.report_url})`, status: translate(p.lang, `campaigns.status.${c.status}`) }),
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
