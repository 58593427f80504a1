/**
 * What is measured and how the rows are cut: count, share (the part of the filtered rows that also
 * match the condition), a rate of an outcome, a total or average of a number, a list or one value;
 * a grouping ("by channel", "which city"), a ranking ("top 5", "best hour") and the shortcuts of a
 * marketer's questions ("when should I send", "why did messages fail", "my last campaign").
 */
import type { QueryFilter, QueryGrouping, QueryMeasure, QueryPeriod, Question } from '@risala/shared/schemas/ai-query';
import { QUERY_CATALOGUE } from '../query/index.ts';
import { negates, type State } from './assemble.ts';
import type { Item } from './items.ts';
import type { Sense } from './senses.ts';
import { splitShare } from './share.ts';

export interface Shape {
  question: Question | null;
  /** the engine's shortcut: the named or latest campaign's report; a best bucket judged on its sample */
  focus: 'campaign_results' | 'best' | null;
}

const is = (item: Item | undefined, t: Sense['t']) => Boolean(item?.senses.some((s) => s.t === t));
const sense = <K extends Sense['t']>(item: Item | undefined, t: K) =>
  item?.senses.find((s) => s.t === t) as Extract<Sense, { t: K }> | undefined;
const numberAt = (item: Item | undefined) => (item?.token?.kind === 'number' ? (item.token.value as number) : null);

/** "most", "largest": a ranking by how many, not by a rate. */
const TOP_WORDS = new Set(['top']);
const WHAT = new Set(['what', 'ما', 'ماهي']);
const BY_COUNT = new Set(['most', 'more', 'biggest', 'largest', 'busiest', 'اكثر', 'الاكثر', 'اكبر', 'الاكبر']);

/** The engagement rate a channel records: opens for email, reads for WhatsApp, clicks for SMS. */
const ENGAGEMENT: Record<string, string> = { email: 'opened', whatsapp: 'read', sms: 'clicked' };

export function shapeQuestion(st: State, period: QueryPeriod | null): Shape {
  const { items, used } = st;
  let entity = st.entity;
  if (!entity) return { question: null, focus: null };
  const takeAll = (t: Sense['t']) => {
    for (const [i, x] of items.entries()) if (is(x, t)) used.add(i);
  };
  const find = (t: Sense['t']) => items.findIndex((x, i) => !used.has(i) && is(x, t));
  const take = (i: number) => {
    if (i >= 0) used.add(i);
    return i >= 0;
  };
  // measure words ("how many", "list", "%"); a word that is first something else ("members") counts last
  const measureWords = items.flatMap((x) => (x.senses[0]?.t === 'measure' ? [x.senses[0].kind] : []));
  const fallbackWords = items.flatMap((x) =>
    x.senses.filter((s) => s.t === 'measure' && x.senses[0] !== s).map((s) => (s as { kind: string }).kind),
  );
  const measures = new Set(measureWords.length ? measureWords : fallbackWords);
  const filters: QueryFilter[] = st.filters.map((p) => p.filter);
  let measure: QueryMeasure | null = null;
  let group: QueryGrouping | undefined;
  let rank: Question['rank'];
  let sort: string | undefined;
  let focus: Shape['focus'] = null;
  const channel = filters.find((f) => f.field === 'channel' && f.op === 'eq')?.value as string | undefined;
  const engagement = channel ? (ENGAGEMENT[channel] as string) : 'opened';

  // credits used over a period are the messages' credits
  const consumedAt = items.findIndex((x, i) => !used.has(i) && sense(x, 'quantity')?.of === 'consumed');
  if (entity === 'credits' && period && consumedAt >= 0) {
    entity = 'messages';
    take(consumedAt);
    measure = { kind: 'sum', of: 'credits' };
    // "credits my campaigns used": the campaigns' messages
    const campaigns = st.others.find((o) => o.entity === 'campaigns');
    if (campaigns) {
      take(campaigns.at);
      filters.push({ field: 'campaign', op: 'exists' });
    }
  }
  const def = QUERY_CATALOGUE[entity];

  // a value of the entity: the account's time zone, the credits left, the total cost
  const qAt = items.findIndex((x, i) => !used.has(i) && x.senses.some((s) => s.t === 'quantity' && s.entities.includes(entity)));
  const q = qAt >= 0 ? (items[qAt] as Item).senses.find((s) => s.t === 'quantity' && s.entities.includes(entity)) : undefined;
  if (!measure && q && q.t === 'quantity') {
    // "how much did my messages cost": every word of the same value
    for (const [i, x] of items.entries()) if (x.senses.some((s) => s.t === 'quantity' && s.of === q.of)) take(i);
    if (def.values[q.of]) measure = { kind: 'value', of: q.of };
    else if (measures.has('avg')) measure = { kind: 'avg', of: q.of };
    else if (def.numbers[q.of] && (is(items[find('best')], 'best') || measures.has('list') || find('sortby') >= 0)) {
      measure = { kind: 'list' };
      sort = q.of;
      take(find('sortby'));
    } else measure = { kind: 'sum', of: q.of };
  }
  if (!measure && entity === 'credits') measure = { kind: 'value', of: 'balance' };
  // credits without a channel: each channel's, as the balance is kept per channel
  if (entity === 'credits' && measure?.kind === 'value' && !channel && !group) {
    group = 'channel';
    take(find('by'));
    take(items.findIndex((x, i) => !used.has(i) && sense(x, 'field')?.field === 'channel'));
  }

  // "when should I send": the hour (or weekday) whose messages engage best
  const whenAt = find('when');
  if (whenAt >= 0 && entity === 'messages') {
    // found before the "when" words are taken: "best day" is both
    const weekday = items.findIndex((x, i) => !used.has(i) && ['weekday', 'day'].includes(sense(x, 'field')?.field ?? ''));
    const hour = items.findIndex((x, i) => !used.has(i) && sense(x, 'field')?.field === 'hour');
    for (const [i, x] of items.entries()) if (is(x, 'when')) take(i);
    take(weekday >= 0 ? weekday : hour);
    group = weekday >= 0 ? 'weekday' : 'hour';
    // "what hour do most messages go out": the busiest bucket by how many, not by how they engaged
    const mostAt = items.findIndex((x, i) => !used.has(i) && BY_COUNT.has(x.text) && is(x, 'best'));
    const o = items.findIndex((x, i) => !used.has(i) && (is(x, 'outcome') || is(x, 'rate')));
    if (mostAt >= 0 && o < 0) {
      take(mostAt);
      take(find('sent'));
      measure = { kind: 'count' };
      rank = { n: 1, order: 'desc' };
    } else {
      take(find('best'));
      take(find('sent'));
      const of = sense(items[o], 'rate')?.of ?? sense(items[o], 'outcome')?.of;
      measure = { kind: 'rate', of: resolveOutcome(of, engagement) };
      take(o);
      take(find('rate'));
      focus = 'best';
    }
  }

  // "when was my account created": the date is the answer
  if (whenAt >= 0 && entity === 'account' && measure?.kind === 'value') take(whenAt);

  // "why did messages fail": the failures by reason
  const whyAt = find('why');
  if (whyAt >= 0 && entity === 'messages') {
    take(whyAt);
    take(items.findIndex((x, i) => !used.has(i) && sense(x, 'outcome')?.of === 'failed'));
    if (!filters.some((f) => f.field === 'view' || f.field === 'status')) filters.push({ field: 'view', op: 'eq', value: 'failed' });
    group = 'reason';
    measure = { kind: 'count' };
  }

  // a rate: "delivery rate", "what percentage were opened", "CTR"
  const rateAt = find('rate');
  const outcomeAt = find('outcome');
  const rateOf = sense(items[rateAt], 'rate')?.of ?? sense(items[outcomeAt], 'outcome')?.of;

  // a list in an order: "campaigns sorted by open rate", "list campaigns by click rate", "groups sorted by size"
  const sortAt = find('sortby');
  // "the click rate per campaign", "open rate by campaign": each campaign's rate, in order
  const perCampaign = entity === 'campaigns' && rateAt >= 0 && st.entityAt > 0 && is(items[st.entityAt - 1], 'by');
  const listBy = (measures.has('list') && !measures.has('count') && !measures.has('share') && find('by') >= 0) || perCampaign;
  if (!measure && (sortAt >= 0 || listBy) && def.measures.includes('list')) {
    const rated = rateOf && rateAt >= 0 ? `${resolveOutcome(rateOf, engagement)}_rate` : null;
    const fieldAt = items.findIndex((x, i) => {
      if (used.has(i) || i < Math.max(sortAt, 0)) return false;
      const of = sense(x, 'field')?.field ?? sense(x, 'quantity')?.of;
      return Boolean(of && def.sortable.includes(of));
    });
    const byField = fieldAt >= 0 ? (sense(items[fieldAt], 'field')?.field ?? sense(items[fieldAt], 'quantity')?.of) : undefined;
    const by = rated && def.sortable.includes(rated) ? rated : byField;
    if (by) {
      take(sortAt);
      if (sortAt < 0) take(find('by'));
      if (by === rated) {
        take(rateAt);
        if (sense(items[outcomeAt], 'outcome')) take(outcomeAt);
      } else take(fieldAt);
      measure = { kind: 'list' };
      sort = by;
    }
  }
  const wantsRate = rateAt >= 0 || (measures.has('share') && outcomeAt >= 0);
  if (!measure && wantsRate && rateOf && def.rates.length > 0) {
    const of = resolveOutcome(rateOf, engagement);
    if (def.rates.includes(of)) {
      take(rateAt);
      if (sense(items[outcomeAt], 'outcome')) take(outcomeAt);
      measure = { kind: 'rate', of };
    }
  }

  // outcomes that are filters: delivered / failed / read messages, read notifications
  for (const [at, item] of items.entries()) {
    const o = sense(item, 'outcome');
    if (!o || used.has(at)) continue;
    const f = outcomeFilter(entity, o.of);
    if (!f) continue;
    // "which day gets the most clicks": a ranking of buckets by that outcome's rate, not a filter
    if (typeof f.value === 'boolean' && find('best') >= 0) continue;
    const negated = [at - 1, at - 2].some((i) => negates(items, i) && !used.has(i) && take(i));
    filters.push(negated ? (typeof f.value === 'boolean' ? { ...f, value: !f.value } : { ...f, op: 'neq' }) : f);
    take(at);
  }

  // a grouping: "by channel", "which city", "per day", a second entity after "by" ("messages by campaign")
  if (!group) {
    for (const [at, item] of items.entries()) {
      if (used.has(at)) continue;
      const g = sense(item, 'field')?.grouping ?? (is(items[at - 1], 'by') ? entityGrouping(sense(item, 'entity')?.entity) : undefined);
      if (!g || !def.groupings.includes(g)) continue;
      // a word that is also an entity ("campaign") groups only when asked to: by, which, best, most
      const cue =
        [items[at - 1], items[at + 1]].some((x) => is(x, 'by') || is(x, 'best')) || sense(items[at - 1], 'measure')?.kind === 'list';
      if (is(item, 'entity') && !cue) continue;
      group = g;
      take(at);
      if (is(items[at - 1], 'by')) take(at - 1);
      break;
    }
  }

  // "the most common errors", "top failures": the failures ranked by their reason
  if (!group && entity === 'messages' && find('best') >= 0 && filters.some((f) => f.field === 'view' && f.value === 'failed')) {
    group = 'reason';
  }

  // "compare SMS and email": the values said, side by side
  const byAt = find('by');
  const said = filters.find((f) => f.op === 'in' && def.groupings.includes(f.field as QueryGrouping));
  if (!group && byAt >= 0 && said) {
    group = said.field as QueryGrouping;
    take(byAt);
  }

  // a ranking: "top 5", "best hour", "which city has the most", "the campaign with the best click rate"
  const bestAt = find('best');
  // "top 3 … with the worst rate": "top" only says a few, the other word says which end; two words
  // that disagree otherwise ("best … worst") are not guessed between
  const bests = items.flatMap((x, i) =>
    !used.has(i) && sense(x, 'best') ? [{ x, order: (sense(x, 'best') as { order: 'desc' | 'asc' }).order }] : [],
  );
  const ends = new Set(bests.filter((b) => !TOP_WORDS.has(b.x.text)).map((b) => b.order));
  if (ends.size > 1) return { question: null, focus: null };
  if (bestAt >= 0) {
    const best = {
      order: ends.size === 1 ? ([...ends][0] as 'desc' | 'asc') : (sense(items[bestAt], 'best') as { order: 'desc' | 'asc' }).order,
    };
    // "top" alone is a few ("the top failure reasons"); "best", "most" the one
    // … but "the top campaign", one: the English noun after it is singular
    const after = items[bestAt + 1]?.raw ?? '';
    const few = TOP_WORDS.has((items[bestAt] as Item).text) ? (/^[a-z][a-z ]*[^s]$/i.test(after) ? 1 : 5) : null;
    // "which 3 campaigns had the best open rate", "اي ٣ حملات": the number before the entity's word
    const countAt = [bestAt + 1, bestAt - 1, st.entityAt - 1].find((i) => i >= 0 && !used.has(i) && numberAt(items[i]) !== null);
    const n = countAt === undefined ? few : (numberAt(items[countAt]) as number);
    const byCount = BY_COUNT.has((items[bestAt] as Item).text);
    if (countAt !== undefined) take(countAt);
    // "more customers in Riyadh or Jeddah": the two compared, side by side
    const either = filters.find((f) => f.op === 'in' && def.groupings.includes(f.field as QueryGrouping));
    if (!group && either) group = either.field as QueryGrouping;
    if (group) {
      takeAll('best');
      rank = { n: n ?? 1, order: best.order };
      // "which day gets the most clicks": the rate of that outcome, per day
      const o = items.findIndex((x, i) => !used.has(i) && (is(x, 'outcome') || is(x, 'rate')));
      // "the best day to send": a time bucket is best by how its messages engaged, not by how many
      const timely = entity === 'messages' && ['hour', 'weekday', 'day'].includes(group) && !byCount;
      if (!measure && timely && o < 0) {
        measure = { kind: 'rate', of: engagement };
        take(find('sent'));
      }
      if (!measure && o >= 0 && def.rates.length > 0) {
        measure = { kind: 'rate', of: resolveOutcome(sense(items[o], 'rate')?.of ?? sense(items[o], 'outcome')?.of, engagement) };
        take(o);
        take(find('rate'));
      }
      // a best bucket of rates is judged on every bucket's sample by the answer, so all rows are kept
      if (measure?.kind === 'rate') {
        focus = 'best';
        rank = undefined;
      }
    } else if (entity === 'groups') {
      takeAll('best');
      measure = { kind: 'list' };
      sort = 'size';
      rank = { n: n ?? 1, order: best.order };
    } else if ((entity === 'campaigns' || entity === 'senders') && byCount && !rateOf) {
      // "the campaign that sent the most messages": the messages, counted per campaign (or sender)
      takeAll('best');
      for (const o of st.others.filter((x) => x.entity === 'messages')) take(o.at);
      take(find('sent'));
      const by = entity === 'campaigns' ? 'campaign' : 'sender';
      return {
        question: {
          entity: 'messages',
          measure: { kind: 'count' },
          filters: [{ field: by, op: 'exists' }],
          group_by: by,
          rank: { n: n ?? 1, order: best.order },
          ...(period ? { period } : {}),
        },
        focus: null,
      };
    } else if (entity === 'campaigns' && (rateOf || !byCount)) {
      takeAll('best');
      const of = resolveOutcome(rateOf ?? 'clicked', engagement);
      take(rateAt);
      take(outcomeAt);
      measure = { kind: 'list' };
      sort = `${of}_rate`;
      rank = { n: n ?? 1, order: best.order };
    } else if (measure?.kind === 'list' && sort) {
      takeAll('best');
      rank = { n: n ?? 1, order: best.order };
    }
  }

  // "cities ranked by customer count": the groups in order of the measure
  const groupSortAt = find('sortby');
  if (group && groupSortAt >= 0 && measure?.kind !== 'rate') {
    take(groupSortAt);
    rank ??= { n: 50, order: 'desc' };
  }

  // "my last campaign", "how did Weekend offer do": the campaign's report
  const latestAt = find('latest');
  const resultsAt = find('results');
  const namedCampaign = filters.some((f) => f.field === 'campaign' || (entity === 'campaigns' && f.field === 'name'));
  const campaignTalk = entity === 'campaigns' || st.others.some((o) => o.entity === 'campaigns');
  const aboutOutcomes = !measure || measure.kind === 'rate' || filters.some((f) => f.field === 'view');
  // "the last 5 campaigns" is a list of five, not the last one's report
  const latestN = latestAt >= 0 && (numberAt(items[latestAt + 1]) ?? numberAt(items[latestAt - 1])) !== null;
  if (
    campaignTalk &&
    !group &&
    !sort &&
    !latestN &&
    (latestAt >= 0 || namedCampaign) &&
    (resultsAt >= 0 || (latestAt >= 0 ? aboutOutcomes : !measure))
  ) {
    if (latestAt >= 0 || resultsAt >= 0 || entity === 'campaigns') {
      take(latestAt);
      for (const [i, x] of items.entries()) if (is(x, 'results')) take(i);
      for (const o of st.others.filter((x) => x.entity === 'campaigns' || x.entity === 'messages')) take(o.at);
      return { question: campaignQuestion(filters, latestAt >= 0), focus: 'campaign_results' };
    }
  }
  if (latestAt >= 0 && !rank && !measure && def.sortable.includes('created') && !period) {
    take(latestAt);
    measure = { kind: 'list' };
    sort = 'created';
    // "the last 5 campaigns", "the 10 newest customers"
    const nAt = [latestAt + 1, latestAt - 1].find((i) => numberAt(items[i]) !== null && !used.has(i));
    if (nAt !== undefined) take(nAt);
    rank = { n: nAt === undefined ? 5 : (numberAt(items[nAt]) as number), order: 'desc' };
  }
  // an overview of how messages went: the delivery rate per channel
  if (resultsAt >= 0 && entity === 'messages' && !measure && !group) {
    take(resultsAt);
    measure = { kind: 'rate', of: 'delivered' };
    if (!channel) group = 'channel';
  }

  // failure reasons are the failed messages' ("the top reasons this month")
  if (entity === 'messages' && group === 'reason' && !filters.some((f) => f.field === 'view' || f.field === 'status')) {
    filters.push({ field: 'view', op: 'eq', value: 'failed' });
  }
  // "what templates…", "ما القوالب…": which ones, not how many
  const opener = items.find((x) => !x.stop || WHAT.has(x.text));
  if (!measure && !group && opener && WHAT.has(opener.text) && is(items[items.indexOf(opener) + 1], 'entity') && measures.size === 0) {
    measure = def.measures.includes('list') ? { kind: 'list' } : null;
  }
  if (!measure) measure = plainMeasure(st, measures, filters, group);
  if (!measure) return { question: null, focus };
  if (measure.kind === 'share') {
    const split = splitShare(st, filters);
    if (!split) return { question: null, focus };
    // "what share are SMS vs email" per channel: a share of the grouping's own field is no question
    if (group && split.where.some((f) => f.field === group)) return { question: null, focus };
    measure = { kind: 'share', where: split.where };
    filters.splice(0, filters.length, ...split.base);
  }
  // a second entity said along the way: the customers messages went to, the campaign of "campaign messages"
  for (const o of st.others) {
    if ((o.entity === 'customers' && ['messages', 'campaigns'].includes(entity)) || (o.entity === 'messages' && entity === 'campaigns'))
      take(o.at);
  }
  if (['messages', 'campaigns'].includes(entity)) take(find('sent'));
  const question: Question = {
    entity,
    measure,
    filters,
    ...(group ? { group_by: group } : {}),
    ...(rank ? { rank } : {}),
    ...(sort ? { sort } : {}),
    ...(period && def.dateField ? { period } : {}),
  };
  return { question, focus };
}

function resolveOutcome(of: string | undefined, engagement: string): string {
  return !of || of === 'engaged' ? engagement : of;
}

function outcomeFilter(entity: string, of: string): QueryFilter | null {
  if (entity === 'messages') {
    if (of === 'delivered' || of === 'failed') return { field: 'view', op: 'eq', value: of };
    if (of === 'read') return { field: 'status', op: 'eq', value: 'READ' };
    if (of === 'opened' || of === 'clicked') return { field: of, op: 'eq', value: true };
  }
  if (entity === 'notifications' && of === 'read') return { field: 'status', op: 'eq', value: 'read' };
  return null;
}

function entityGrouping(entity: string | undefined): QueryGrouping | undefined {
  if (entity === 'campaigns') return 'campaign';
  if (entity === 'senders') return 'sender';
  if (entity === 'brands') return 'brand';
  return undefined;
}

/** The campaign a report is asked of: the one named, else the latest launched. */
function campaignQuestion(filters: QueryFilter[], latest: boolean): Question {
  const named = filters.find((f) => (f.field === 'campaign' || f.field === 'name') && f.op === 'eq');
  return {
    entity: 'campaigns',
    measure: { kind: 'list' },
    filters: named && !latest ? [{ field: 'name', op: 'eq', value: named.value }] : [],
    sort: 'launched',
    rank: { n: 1, order: 'desc' },
  };
}

function plainMeasure(st: State, measures: Set<string>, filters: QueryFilter[], group: QueryGrouping | undefined): QueryMeasure | null {
  const def = QUERY_CATALOGUE[st.entity as keyof typeof QUERY_CATALOGUE];
  if (st.entity === 'account') return null;
  if (measures.has('share')) return { kind: 'share' };
  if (measures.has('avg') || measures.has('sum')) return null;
  if (measures.has('count') || group) return def.measures.includes('count') ? { kind: 'count' } : null;
  if (measures.has('list') && def.measures.includes('list')) return { kind: 'list' };
  void filters;
  return def.measures.includes('count') ? { kind: 'count' } : def.measures.includes('list') ? { kind: 'list' } : null;
}
