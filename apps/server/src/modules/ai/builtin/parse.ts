/**
 * The built-in engine's reading of a question, in English or Arabic: a typed question for the
 * account's data, or — when any content word of it cannot be placed — an honest "cannot" naming
 * what was understood and what was not, with questions it can answer; a question back when a word
 * could mean two things; a refusal for a request to change something (the assistant drafts, never
 * acts); a drafting request; a how-to for the help articles; or a greeting. Pure: the account's
 * names (vocabulary) and the clock are given.
 */
import type { QueryEntity, Question } from '@risala/shared/schemas/ai-query';
import type { Channel } from '@risala/shared/schemas/messages';
import { fold, type Lang } from '../language.ts';
import { QUERY_CATALOGUE } from '../query/index.ts';
import type { Vocabulary } from '../query/index.ts';
import { chooseEntity, negates, placeFilters, type State } from './assemble.ts';
import { PeriodReader, todayIn } from './dates.ts';
import { channelIn, type Schedule, scheduleIn, topicIn } from './draft-request.ts';
import { type Item, readItems } from './items.ts';
import { staticLexicon, vocabularyLexicon } from './lexicon.ts';
import { shapeQuestion } from './measure.ts';
import { eachGroupSize, placeContextWords } from './context-words.ts';
import { placeQualifiers } from './qualifiers.ts';
import { type Sense, SOFT_SENSES, type ValueOption } from './senses.ts';
import { suggestionsFor } from './suggest.ts';
import { foldText } from './tokens.ts';

export interface Clock {
  now: Date;
  timeZone: string;
}

/** What was understood of a question that cannot be answered as asked. */
export interface Understood {
  entity: QueryEntity | null;
  filters: Question['filters'];
  group_by?: Question['group_by'];
  period?: Question['period'];
}

export type ParseOutcome =
  | { kind: 'query'; question: Question; focus: 'campaign_results' | 'best' | null }
  | {
      kind: 'cannot';
      reason: 'unplaced' | 'unsupported' | 'incomplete';
      /** unsupported: what the product does not store or cannot know (revenue, age, the future…) */
      unsupported: string | null;
      understood: Understood;
      /** the user's words that could not be placed */
      unplaced: string[];
      /** catalogue keys of questions it can answer (ai.builtin.examples.*) */
      suggestions: string[];
    }
  | { kind: 'clarify'; word: string; options: ValueOption[]; understood: Understood }
  | { kind: 'refuse_action'; verb: string }
  | {
      kind: 'draft';
      what: 'campaign' | 'template';
      channel: Channel | null;
      group: string | null;
      schedule: Schedule | null;
      topic: string;
    }
  | { kind: 'help' }
  | { kind: 'greeting'; capabilities: boolean };

/** Action verbs that, asked about, are what the question counts (a message sent, a campaign launched, a customer added). */
const ASKED_VERBS = new Set(['send', 'launch', 'import']);

/** Words that end a clause: a request may start after them ("ignore that and delete…"). */
const CLAUSE_BREAKS = new Set(['and', 'then', 'also', 'و', 'ثم', 'بعدين', 'وبعدين', 'بعدها']);

const refusal = (item: Item): ParseOutcome => ({
  kind: 'refuse_action',
  verb: (item.senses.find((s) => s.t === 'action') as { verb: string }).verb,
});

/** Words that open a question: an action verb after one of them is asked about, not requested. */
const QUESTION_HEADS = new Set(
  'how what which when who why whats is are was were do does did have has had كم كام قديش ما ماذا هل متي لماذا كيف اي وش ايش شو مين ليش ليه امتي قد'.split(
    ' ',
  ),
);
/** Arabic how-to: "كيف" with a verb in the present ("كيف أستورد"), not "كيف كانت النتائج". */
const AR_HOWTO = /^(كيف|شلون|كيفيه)\s+(?!كان|كانت|اداء|ادا|حال|احوال|نتاءج|النتاءج|الاداء)(ا|ن|ي|ت)\S{2,}/;

/** "Where" before a ranking (وين أكثر مدينة) is a question about places; elsewhere it asks where a screen is. */
const WHERE = new Set(['وين', 'اين', 'فين']);

/** An item never needs placing when all it says is soft, or it is filler, "with", a measure word. */
const COVERS = new Set<Sense['t']>(['filler', 'with', 'measure', 'by']);
const covered = (item: Item) =>
  item.stop || (item.senses.length > 0 && item.senses.every((s) => SOFT_SENSES.has(s.t))) || item.senses.some((s) => COVERS.has(s.t));

const has = (item: Item | undefined, t: Sense['t']) => Boolean(item?.senses.some((s) => s.t === t));

export function parseQuestion(text: string, _lang: Lang, vocabulary: Partial<Vocabulary>, clock: Clock): ParseOutcome {
  const { items } = readItems(text, [vocabularyLexicon(vocabulary), staticLexicon()]);
  const folded = foldText(text).trim();
  const content = items.filter((x) => !x.stop && !has(x, 'filler'));
  const headAt = items.findIndex((x) => QUESTION_HEADS.has(x.text.split(' ')[0] as string) || has(x, 'when') || has(x, 'why'));
  const before = (i: number) => headAt >= 0 && headAt < i;

  // how do I…: the help articles
  // "وين أكثر مدينة…" asks which city, not where a screen is
  const whereRanked = (i: number) => WHERE.has(items[i]?.text ?? '') && items.some((x) => has(x, 'best'));
  if ([0, 1].some((i) => has(items[i], 'howto') && !whereRanked(i)) || AR_HOWTO.test(folded)) return { kind: 'help' };
  // a request to change something, anywhere it is not asked about
  // a verb at the start of a clause ("delete…", "please send…", "… and then delete…") is a request
  const clauseStart = (i: number) => {
    for (let j = i - 1; j >= 0; j--) {
      const x = items[j] as Item;
      if (CLAUSE_BREAKS.has(x.text)) return true;
      // "show my draft campaigns": a word asking to see rows makes what follows a list, not a request
      if (x.senses.some((s) => s.t === 'measure' && s.kind === 'list')) return false;
      if (!x.stop && !has(x, 'filler') && !has(x, 'greeting')) return false;
    }
    return true;
  };
  const actionAt = items.findIndex((x, i) => has(x, 'action') && clauseStart(i));
  const writeAt = items.findIndex((x) => has(x, 'write'));
  const draftAt = items.findIndex(
    (x, i) => i > writeAt && (has(x, 'draftable') || x.senses.some((s) => s.t === 'value' && s.options[0]?.field === 'channel')),
  );
  if (writeAt >= 0 && clauseStart(writeAt) && !before(writeAt) && draftAt >= 0) {
    const campaign = items.some((x) => x.senses.some((s) => s.t === 'draftable' && s.what === 'campaign'));
    return draftOutcome(text, items, campaign ? 'campaign' : 'template');
  }
  if (actionAt >= 0 && !before(actionAt)) return refusal(items[actionAt] as Item);
  if (writeAt >= 0 && clauseStart(writeAt) && !before(writeAt)) {
    const target = items.slice(writeAt + 1).find((x) => has(x, 'entity'));
    if (target) return { kind: 'refuse_action', verb: 'create' };
  }
  if (content.length > 0 && content.every((x) => has(x, 'greeting') || has(x, 'capabilities'))) {
    return { kind: 'greeting', capabilities: content.some((x) => has(x, 'capabilities')) };
  }
  if (content.length === 0) return { kind: 'greeting', capabilities: true };

  const st: State = { items, used: new Set(), entity: null, entityAt: -1, filters: [], clarify: null, others: [] };
  const dates = new PeriodReader(items, todayIn(clock.timeZone, clock.now));
  const period = dates.read();
  for (const i of dates.used) st.used.add(i);
  chooseEntity(st);
  placeFilters(st);
  const shaped = shapeQuestion(st, period);
  const { focus } = shaped;
  const question = twoCounts(items, eachGroupSize(items, shaped.question));
  // a period on something without dates (the account, credits) is a part it cannot take
  const asked = question?.entity ?? st.entity;
  if (period && asked && !QUERY_CATALOGUE[asked].dateField) for (const i of dates.used) st.used.delete(i);
  // "customers who unsubscribed last month": the period is of another event than joining (the
  // customers' only date) — left unplaced, unless the joining is said too
  const joining = items.some((x) => x.senses.some((s) => s.t === 'marker' && s.fields.includes('created')));
  const consentField = (x: Item) => x.senses.some((s) => s.t === 'field' && s.field.startsWith('consent_'));
  const otherEvent = items.some((x) => has(x, 'consent') || has(x, 'reach') || has(x, 'outcome') || has(x, 'sent') || consentField(x));
  if (period && asked === 'customers' && otherEvent && !joining) for (const i of dates.used) st.used.delete(i);
  // "customers who joined last week": the joining is the period; "how many did I send": a verb of the question
  for (const [i, x] of items.entries()) {
    if (x.senses.some((s) => s.t === 'marker' && s.fields.includes('created')) && period) st.used.add(i);
    // only the sending verbs are the question's own ("how many did I send / launch"); "how many
    // customers did I delete", "campaigns I cancelled" ask about an event the rows do not count
    if (has(x, 'action') && !has(x, 'unsupported') && before(i) && x.senses.some((s) => s.t === 'action' && ASKED_VERBS.has(s.verb)))
      st.used.add(i);
  }

  placeQualifiers(st, question);
  placeContextWords(items, st.used, question);

  const understood: Understood = {
    entity: st.entity,
    filters: question?.filters ?? st.filters.map((p) => p.filter),
    ...(question?.group_by ? { group_by: question.group_by } : {}),
    ...(period ? { period } : {}),
  };
  const unsupported = items.find((x) => has(x, 'unsupported') && !st.used.has(items.indexOf(x)));
  // a spoken "ما" that negates (a stop word otherwise) and was not placed is a "not" dropped: named
  // "compared to last week", "vs last month": a comparison the question does not make side by side
  const compares = (x: Item) => COMPARE_WORDS.has(x.text) && !question?.group_by;
  // a second "how many" the question does not answer apart ("how many SMS and how many failed")
  const counts = askedTwice(items);
  const secondAsk = (i: number) => counts !== null && i === counts && !question?.group_by;
  // "per customer", "each template" said but not grouped by: the figure would be the total
  const perUnplaced = (i: number) => {
    if (question?.group_by || question?.sort || st.used.has(i) || !has(items[i], 'by')) return false;
    const next = items.slice(i + 1).find((x) => !x.stop);
    return Boolean(next && (has(next, 'entity') || has(next, 'field')) && !has(next, 'name') && !has(next, 'value'));
  };
  const unplaced = items
    .filter(
      (x, i) =>
        (!st.used.has(i) && (!covered(x) || negates(items, i))) || compares(x) || secondAsk(i) || perUnplaced(i) || st.allOf?.includes(i),
    )
    .map((x) => x.raw);
  const cannot = (reason: 'unplaced' | 'unsupported' | 'incomplete'): ParseOutcome => ({
    kind: 'cannot',
    reason,
    unsupported: unsupported ? ((unsupported.senses.find((s) => s.t === 'unsupported') as { what: string }).what ?? null) : null,
    understood,
    unplaced,
    suggestions: suggestionsFor(st.entity, understood),
  });
  if (unsupported) return cannot('unsupported');
  if (st.clarify && unplaced.length === 0) return { kind: 'clarify', word: st.clarify.raw, options: st.clarify.options, understood };
  // an action verb left over in a data question ("customers in Jeddah, delete them") is still a request
  const leftover = items.find((x, i) => has(x, 'action') && !st.used.has(i) && !covered(x) && !before(i));
  if (leftover) return refusal(leftover);
  if (unplaced.length > 0) return cannot('unplaced');
  if (!question || !allowed(question)) return cannot('incomplete');
  return { kind: 'query', question, focus };
}

/** Words of a comparison: placed only when the question groups the values compared. */
const COMPARE_WORDS = new Set(
  [
    'compare',
    'compared',
    'comparison',
    'versus',
    'vs',
    'against each other',
    'side by side',
    'قارن',
    'قارن بين',
    'مقارنه',
    'مقارنه بين',
    'مقابل',
    'بالمقارنه',
  ].map((w) => foldText(w)),
);

const isCount = (x: Item) => x.senses[0]?.t === 'measure' && x.senses[0].kind === 'count';

/** Where a second "how many" starts, with words of the question between the two ("قديش عدد" is one). */
function askedTwice(items: readonly Item[]): number | null {
  const first = items.findIndex(isCount);
  if (first < 0) return null;
  let between = false;
  for (let i = first + 1; i < items.length; i++) {
    const x = items[i] as Item;
    // a second question joins the first: "… and how many …", "… وكم …"
    const joined = x.text.startsWith('و') || ['and', 'و', 'or', 'او'].includes(items[i - 1]?.text ?? '');
    if (isCount(x) && between && joined) return i;
    if (!x.stop && !x.senses.some((s) => s.t === 'filler' || s.t === 'measure')) between = true;
  }
  return null;
}

/**
 * "how many customers in Riyadh and how many in Jeddah": two counts of one field's values are that
 * field's values side by side, not their total.
 */
function twoCounts(items: readonly Item[], q: Question | null): Question | null {
  if (!q || q.group_by || q.measure.kind !== 'count') return q;
  if (askedTwice(items) === null) return q;
  const def = QUERY_CATALOGUE[q.entity];
  const both = q.filters.find((f) => f.op === 'in' && (def.groupings as readonly string[]).includes(f.field));
  return both ? { ...q, group_by: both.field as Question['group_by'] } : q;
}

/** The question as the catalogue allows it (the compiler checks again; this keeps "cannot" honest here). */
function allowed(q: Question): boolean {
  const def = QUERY_CATALOGUE[q.entity];
  if (!def.measures.includes(q.measure.kind)) return false;
  if (q.group_by && !def.groupings.includes(q.group_by)) return false;
  if (q.sort && (!def.sortable.includes(q.sort) || q.measure.kind !== 'list')) return false;
  // a rank picks among groups or list rows; a list or a single value is not grouped (credits aside)
  if (q.rank && !q.group_by && q.measure.kind !== 'list') return false;
  if (q.group_by && (q.measure.kind === 'list' || q.measure.kind === 'value') && q.entity !== 'credits') return false;
  if (q.measure.kind === 'rate' && !def.rates.includes(q.measure.of ?? '')) return false;
  return q.filters.every((f) => def.fields[f.field]?.ops.includes(f.op));
}

function draftOutcome(text: string, items: readonly Item[], what: 'campaign' | 'template'): ParseOutcome {
  const folded = fold(text);
  const group = items.flatMap((x) => x.senses).find((s) => s.t === 'name' && s.options[0]?.field === '@groups');
  return {
    kind: 'draft',
    what,
    channel: channelIn(folded),
    group: group?.t === 'name' ? String(group.options[0]?.value) : null,
    schedule: scheduleIn(folded),
    topic: topicIn(text),
  };
}
