/**
 * Words a question may carry that add nothing once the typed question already says what they
 * mean, and that must stay unplaced anywhere else (so the coverage rule names them):
 * - "enough" / يكفي beside a balance: "do I have enough SMS credit" is asked by reading the
 *   balance; "enough customers" is not a question the product can answer.
 * - the operator, the SMSC, "return" / رجعت beside failure reasons: "which errors did the SMSC
 *   return" asks for the failure reasons; "customers per operator" must not become all customers.
 * - "got" / جابت beside a campaign ranking: "the campaign that got the best open rate".
 * - "where" / وين beside a ranking of cities or countries: "وين اكثر مدينة فيها زبائن".
 * Matching is on the folded word (single words only), after the rest of the parse.
 */
import type { Question } from '@risala/shared/schemas/ai-query';
import type { Item } from './items.ts';
import { foldText } from './tokens.ts';

interface Rule {
  words: ReadonlySet<string>;
  when: (q: Question) => boolean;
}

const set = (s: string) => new Set(s.split(' ').map((w) => foldText(w)));

const balance = (q: Question) => q.entity === 'credits' && q.measure.kind === 'value' && q.measure.of === 'balance';
const reasons = (q: Question) =>
  q.entity === 'messages' &&
  (q.group_by === 'reason' || q.filters.some((f) => f.field === 'reason' || (f.field === 'view' && f.value === 'failed')));
const ranked = (q: Question) => q.entity === 'campaigns' && Boolean(q.rank) && Boolean(q.sort?.endsWith('_rate'));
const places = (q: Question) => q.group_by === 'city' || q.group_by === 'country';

const RULES: readonly Rule[] = [
  {
    words: set('enough sufficient suffice suffices cover يكفي يكفيني يكفينا تكفي بيكفي كافي كافية كفايه كفاية يكفيلي'),
    when: balance,
  },
  {
    words: set(
      'return returned returns give gave operator operators carrier carriers network networks smsc gateway رجعت رجع رجعها ترجع رجعتها جات جت جاءت اجت وصلتني المشغل المشغلين الشبكة الشبكه البوابة',
    ),
    when: reasons,
  },
  { words: set('got get gets achieved scored جابت جاب جابو جابوا حققت حقق سجلت'), when: ranked },
  { words: set('where وين اين فين'), when: places },
  { words: set('during within over throughout خلال طوال'), when: (q) => Boolean(q.period) },
  { words: set('speak speaks talk يتكلمها يتحدثها يتكلمون يتحدثون يتكلم يتحدث'), when: (q) => q.group_by === 'language' },
  { words: set('subscribed subscribe'), when: (q) => q.entity === 'account' && q.measure.of === 'plan' },
  // "compare the delivery rate between SMS and email": the values said, side by side
  {
    words: set('between بين'),
    when: (q) => Boolean(q.group_by) && q.filters.some((f) => f.field === q.group_by && f.op === 'in'),
  },
];

/** Marks as used the items a rule covers for this question. */
export function placeContextWords(items: readonly Item[], used: Set<number>, question: Question | null): void {
  if (!question) return;
  for (const [i, x] of items.entries()) {
    if (used.has(i) || x.text.includes(' ')) continue;
    if (RULES.some((r) => r.words.has(x.text) && r.when(question))) used.add(i);
  }
}

const EACH = set('each every per كل لكل');

/**
 * "the size of each group", "كم عضو في كل مجموعة": one figure per group, not their total — the
 * groups listed by size (a sum would state one figure for another question).
 */
export function eachGroupSize(items: readonly Item[], question: Question | null): Question | null {
  if (question?.entity !== 'groups' || question.measure.kind !== 'sum' || question.measure.of !== 'size') return question;
  const each = items.some((x, i) => EACH.has(x.text) && items[i + 1]?.senses.some((s) => s.t === 'entity' && s.entity === 'groups'));
  if (!each) return question;
  const { measure: _sum, ...rest } = question;
  return { ...rest, measure: { kind: 'list' }, sort: 'size' };
}
