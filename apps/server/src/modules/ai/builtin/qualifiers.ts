/**
 * The coverage rule's qualifiers: "only" and "than" carry meaning of their own, so they are placed
 * only where the typed question already says what they mean, and otherwise left for the rule to
 * name (the answer is then "I cannot", never the broader figure).
 * - "only X" is X when a row has one value of X's field (a language, a city, a status, a channel):
 *   "customers who only speak Arabic" are those whose language is Arabic. On a field a row may have
 *   several of (tags, the three consents) it would mean "X and none of the others", which the
 *   question cannot say — left unplaced. "just" before a request word ("just tell me…") is filler.
 * - "than" outside "more than" compares two things: placed only by a side-by-side ranking of the
 *   values said ("more customers in Riyadh than Jeddah").
 */
import type { Question } from '@risala/shared/schemas/ai-query';
import { QUERY_CATALOGUE } from '../query/index.ts';
import type { State } from './assemble.ts';
import type { Item } from './items.ts';
import type { Sense } from './senses.ts';

const is = (item: Item | undefined, t: Sense['t']) => Boolean(item?.senses.some((s) => s.t === t));

/** Field types a row holds one value of. */
const SINGLE: ReadonlySet<string> = new Set(['enum', 'text', 'code', 'ref']);
const REQUEST: Sense['t'][] = ['measure', 'filler', 'greeting'];

export function placeQualifiers(st: State, question: Question | null): void {
  const { items, used } = st;
  for (const [i, x] of items.entries()) {
    if (used.has(i)) continue;
    if (is(x, 'only')) {
      // the spoken "بس" before a negation is "but" ("عندهم ايميل بس ما عندهم جوال")
      if (x.text === 'بس' && (is(items[i + 1], 'not') || items[i + 1]?.text.startsWith('ما'))) used.add(i);
      else if (x.text === 'just' && (REQUEST.some((t) => is(items[i + 1], t)) || items[i + 1]?.stop)) used.add(i);
      else if (question && onlyPlaced(st, question, i)) used.add(i);
    }
    if (is(x, 'than') && question?.group_by && question.rank && items.some((y, j) => used.has(j) && is(y, 'best'))) used.add(i);
  }
}

/** The filter "only" at `i` stands beside: the nearest placed word after it (else before), skipping stop words. */
function onlyPlaced(st: State, question: Question, i: number): boolean {
  const def = QUERY_CATALOGUE[question.entity];
  const { items, used } = st;
  for (const dir of [1, -1]) {
    for (let j = i + dir, steps = 0; j >= 0 && j < items.length && steps < 3; j += dir) {
      const item = items[j] as Item;
      if (item.stop) continue;
      steps++;
      if (!used.has(j)) continue;
      const placed = st.filters.find((p) => p.at === j);
      if (placed) {
        const f = def.fields[placed.filter.field];
        return Boolean(f && SINGLE.has(f.type) && (placed.filter.op === 'eq' || placed.filter.op === 'in'));
      }
      // an outcome placed as a filter (failed, delivered, read): one status per message
      if (is(item, 'outcome') && question.filters.some((f) => f.field === 'view' || f.field === 'status')) return true;
      // a marker ("speak") before the value: look on
      if (is(item, 'marker') || is(item, 'entity')) continue;
      return false;
    }
  }
  return false;
}
