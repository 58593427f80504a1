/**
 * What a word (or a phrase) of a question can mean to the parser. The lexicon files map folded words
 * to these senses; the parser places each sense in the typed question or reports the words it could
 * not place.
 */
import type { PeriodPreset, QueryEntity, QueryGrouping } from '@risala/shared/schemas/ai-query';

/** A filter a word can stand for; the first option the question's entity allows wins. */
export interface ValueOption {
  field: string;
  value: string | boolean;
}

export type Unit = 'day' | 'week' | 'month' | 'year' | 'hour';

export type Sense =
  | { t: 'entity'; entity: QueryEntity }
  /** how many / list / share (percent) / total / average / what is */
  | { t: 'measure'; kind: 'count' | 'share' | 'list' | 'sum' | 'avg' | 'value' }
  /** a rate word ("rate", "معدل"); with an outcome it is that outcome's rate */
  | { t: 'rate'; of?: string }
  /** a filter value (a channel, a status, a language, a city…), with alternatives across entities */
  | { t: 'value'; options: ValueOption[] }
  /** a field named (city, language, channel…): a grouping after "by", an "exists" after "with" */
  | { t: 'field'; field: string; grouping?: QueryGrouping }
  /** a numeric or single value of an entity (a balance, the time zone, credits used) */
  | { t: 'quantity'; of: string; entities: QueryEntity[] }
  /** a message outcome (delivered, opened, read, clicked, failed…): a filter, or a rate with "rate" / "%" */
  | { t: 'outcome'; of: string }
  /** a verb or noun that only introduces a filter on one of these fields ("speak" Arabic, "live in" Jeddah) */
  | { t: 'marker'; fields: string[] }
  /** more than / at least, less than / at most (with a number) */
  | { t: 'compare'; op: 'gte' | 'lte'; strict?: boolean }
  | { t: 'by' }
  | { t: 'period'; preset: PeriodPreset }
  | { t: 'unit'; unit: Unit }
  /** last / past / previous (with a number and a unit), or the latest row */
  | { t: 'recent' }
  | { t: 'latest' }
  | { t: 'between' }
  | { t: 'since' }
  | { t: 'until' }
  | { t: 'month'; month: number }
  | { t: 'best'; order: 'desc' | 'asc' }
  | { t: 'top' }
  | { t: 'consent' }
  | { t: 'reach' }
  | { t: 'not' }
  /** only / just / فقط / بس: placed only beside a filter on a field a row has one value of */
  | { t: 'only' }
  /** "than" outside "more than": placed only by a side-by-side ranking ("more in Riyadh than Jeddah") */
  | { t: 'than' }
  /** sorted by / ordered by: a list's order, not a top one */
  | { t: 'sortby' }
  /** with / having / who have: a field after it is an "exists" */
  | { t: 'with' }
  | { t: 'without' }
  /** a request to change something: the assistant drafts, never acts */
  | { t: 'action'; verb: string }
  /** write / draft / compose */
  | { t: 'write' }
  /** something a draft can be (a message, a template, copy, a campaign) */
  | { t: 'draftable'; what: 'campaign' | 'template' }
  | { t: 'howto' }
  | { t: 'greeting' }
  | { t: 'capabilities' }
  | { t: 'why' }
  /** results / performance / stats: a campaign's report */
  | { t: 'results' }
  | { t: 'when' }
  /** the verb of sending in a question about messages (sent, received, got) */
  | { t: 'sent' }
  /** something the product does not store or cannot know (revenue, age, a competitor, the future) */
  | { t: 'unsupported'; what: string }
  /** words that add nothing to a data question once the rest is understood (total, currently) */
  | { t: 'filler' }
  /** a name from the account's own data (a city, a group, a campaign…) */
  | { t: 'name'; options: ValueOption[] };

export type SenseKind = Sense['t'];

/**
 * Words that carry no content of their own in either language (articles, pronouns, auxiliaries,
 * prepositions, question words): the coverage rule skips them. Words with meaning for the parser
 * ("which", "not", "by", "كم") are in the lexicon, not here.
 */
export const STOP_WORDS = new Set(
  [
    // English
    'a an the of in on at to for from into with within about as is are was were be been being am do does did done doing',
    'have has had having i me my mine we us our ours you your yours it its they them their there here this that these those',
    'what whats who whom whose where which how please can could would should will shall may might must let lets kindly',
    'tell give show get find see know check want need like just any some each every all both also and or but so then',
    'much very really still yet currently now ever up out right one ones thing things number amount figure',
    'hi hey do does dont doesnt isnt arent wasnt werent',
    // Arabic (folded)
    'ال لل في فى ع من الى علي عن مع هل ما ماذا هو هي هم انا نحن انت انتم لي لنا لك له لها عند عندي عندنا لدي لدينا لديك',
    'ان أن إن انه انها ذا هذا هذه ذلك تلك هناك هنا الذي التي الذين اللي يلي اللى او و ثم كان كانت يكون تكون كل جميع بعض اي ايه',
    'اريد اود ابغي ابي بدي عايز عاوز ابغا ممكن لو سمحت رجاء من فضلك قل قولي اعطني عطني هات ورني وريني اعرف ابي اشوف',
  ]
    .join(' ')
    .split(/\s+/),
);

/** Words the lexicon gives a sense but that may also stand alone without placing anything. */
export const SOFT_SENSES: ReadonlySet<SenseKind> = new Set([
  'filler',
  'measure',
  'with',
  'by',
  'write',
  'draftable',
  'howto',
  'greeting',
  'capabilities',
]);
