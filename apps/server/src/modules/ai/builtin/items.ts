/**
 * A question read into items: the longest lexicon phrase at each place (the account's names and the
 * shared words alike), numbers and dates as they are, stop words, and the words nothing matched —
 * after a typo check — which the coverage rule will name if they stay unplaced.
 */
import { correctTypo, type LexiconIndex } from './lexicon.ts';
import { type Sense, STOP_WORDS } from './senses.ts';
import { type Token, tokenize } from './tokens.ts';

export interface Item {
  /** token range [start, end) */
  start: number;
  end: number;
  /** the user's own words */
  raw: string;
  /** the folded words */
  text: string;
  senses: Sense[];
  /** numbers, dates, percent signs, unmatched words: the token itself */
  token?: Token;
  /** a stop word: never needs placing */
  stop: boolean;
  /** a name matched by its first words only */
  partial?: boolean;
}

export function readItems(text: string, indexes: readonly LexiconIndex[]): { tokens: Token[]; items: Item[] } {
  const tokens = tokenize(text);
  // a word no lexicon knows, in no form, may be a typo of one it does
  for (const [i, t] of tokens.entries()) {
    if (t.kind !== 'word' || t.forms.some((f) => STOP_WORDS.has(f))) continue;
    if (indexes.some((x) => x.matchAt(tokens, i).length > 0)) continue;
    if (t.forms.some((f) => indexes.some((x) => x.words.has(f)))) continue;
    const fixed = correctTypo(t.text, indexes);
    if (fixed) tokens[i] = { ...t, forms: [fixed] };
  }
  const items: Item[] = [];
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i] as Token;
    const matches = indexes.flatMap((x) => x.matchAt(tokens, i));
    let longest = Math.max(0, ...matches.map((m) => m.length));
    // a name matched by its first words only never swallows words that are read whole on their own:
    // "customers in Riyadh SMS…" is the city and the channel, not the group "Riyadh SMS subscribers"
    const whole = matches.filter((m) => !m.phrase.partial);
    if (whole.length > 0 && matches.filter((m) => m.length === longest).every((m) => m.phrase.partial)) {
      longest = Math.max(...whole.map((m) => m.length));
    }
    // "what time zone": a stop word that starts a phrase ("what time") which a longer one overlaps
    // ("time zone") is left alone, so the longer phrase is read
    if (longest >= 2 && t.forms.some((f) => STOP_WORDS.has(f))) {
      const next = indexes.flatMap((x) => x.matchAt(tokens, i + 1));
      if (next.some((m) => i + 1 + m.length > i + longest)) longest = 0;
    }
    // an exact name beats a name matched by its first words; of phrases as long, the one met by the
    // least stripped form (مجموعة is a group, not مجموع — a sum — without its ة)
    let best = matches;
    if (longest > 0) {
      best = matches.filter((m) => m.length === longest);
      const form = Math.min(...best.map((m) => m.form));
      best = best.filter((m) => m.form === form);
      if (best.some((m) => !m.phrase.partial)) best = best.filter((m) => !m.phrase.partial);
      const senses: Sense[] = [];
      for (const m of best) for (const s of m.phrase.senses) if (!senses.includes(s)) senses.push(s);
      const end = i + longest;
      items.push({
        start: i,
        end,
        raw: tokens
          .slice(i, end)
          .map((x) => x.raw)
          .join(' '),
        text: tokens
          .slice(i, end)
          .map((x) => x.text)
          .join(' '),
        senses,
        stop: longest === 1 && t.kind === 'word' && t.forms.some((f) => STOP_WORDS.has(f)),
        ...(best.every((m) => m.phrase.partial) ? { partial: true } : {}),
        ...(longest === 1 && t.kind !== 'word' ? { token: t } : {}),
      });
      i = end;
      continue;
    }
    items.push({
      start: i,
      end: i + 1,
      raw: t.raw,
      text: t.text,
      senses: [],
      token: t,
      stop: t.kind === 'word' && t.forms.some((f) => STOP_WORDS.has(f)),
    });
    i++;
  }
  return { tokens, items };
}

/** The items' senses of one kind, with the item each is on. */
export function sensesOf<K extends Sense['t']>(
  items: readonly Item[],
  kind: K,
): { item: Item; index: number; sense: Extract<Sense, { t: K }> }[] {
  const out: { item: Item; index: number; sense: Extract<Sense, { t: K }> }[] = [];
  for (const [index, item] of items.entries()) {
    for (const s of item.senses) if (s.t === kind) out.push({ item, index, sense: s as Extract<Sense, { t: K }> });
  }
  return out;
}
