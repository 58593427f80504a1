/**
 * The parser's lexicon: the English and Arabic word lists, the catalogue's own words for entities,
 * fields and values (so a field the compiler learns is a word the parser knows), and — per
 * question — the account's names (cities, tags, groups, campaigns…) in both scripts. Phrases are
 * matched longest first over the question's token forms; a word that matches nothing may still be
 * a lexicon word typed with a small mistake.
 */
import { QUERY_GROUPINGS, type QueryGrouping } from '@risala/shared/schemas/ai-query';
import { QUERY_CATALOGUE } from '../query/index.ts';
import type { Vocabulary } from '../query/index.ts';
import { AR } from './lexicon-ar.ts';
import { EN } from './lexicon-en.ts';
import { aliasTable, CITY_ALIASES, COUNTRY_ALIASES, LANGUAGE_ALIASES, TAG_ALIASES } from './places.ts';
import type { Entry } from './sense-helpers.ts';
import { type Sense, STOP_WORDS } from './senses.ts';
import { editDistance, foldText, keyForms, type Token, tokenize, typoBudget } from './tokens.ts';

export interface Phrase {
  /** each word's accepted forms */
  words: ReadonlySet<string>[];
  senses: Sense[];
  /** a name matched by its first words only ("Ramadan" for "Ramadan Sale 2026") */
  partial?: boolean;
}

export class LexiconIndex {
  private readonly byFirst = new Map<string, Phrase[]>();
  readonly words = new Set<string>();
  private deletes: Map<string, string[]> | null = null;

  /**
   * Words within `budget` edits of `word` (symmetric deletes: each lexicon word is filed under its
   * forms with one or two letters deleted, so a lookup is a few map reads, not a scan).
   */
  near(word: string, budget: number): string[] {
    if (!this.deletes) {
      this.deletes = new Map();
      for (const w of this.words) {
        if (w.length < 4) continue;
        for (const d of deletions(w, 2)) {
          const list = this.deletes.get(d);
          if (list) list.push(w);
          else this.deletes.set(d, [w]);
        }
      }
    }
    const out = new Set<string>();
    for (const d of deletions(word, budget)) for (const w of this.deletes.get(d) ?? []) out.add(w);
    return [...out];
  }

  add(text: string, senses: readonly Sense[], partial = false): void {
    const tokens = tokenize(text);
    if (tokens.length === 0) return;
    const words = tokens.map((t) => new Set(t.kind === 'word' ? keyForms(t.text) : [t.text]));
    const key = (words[0] as Set<string>).values();
    for (const k of key) {
      const list = this.byFirst.get(k) ?? [];
      const same = list.find((p) => p.words.length === words.length && p.words.every((w, i) => sameSet(w, words[i] as Set<string>)));
      if (same && Boolean(same.partial) === partial) {
        for (const s of senses) if (!same.senses.some((x) => JSON.stringify(x) === JSON.stringify(s))) same.senses.push(s);
      } else {
        list.push({ words, senses: [...senses], ...(partial ? { partial } : {}) });
        this.byFirst.set(k, list);
      }
    }
    for (const set of words) for (const w of set) if (/\D/.test(w)) this.words.add(w);
    this.deletes = null;
  }

  addEntries(entries: readonly Entry[]): void {
    for (const [phrases, senses] of entries) {
      const list = Array.isArray(senses) ? (senses as Sense[]) : [senses as Sense];
      for (const p of phrases.split('|')) this.add(p, list);
    }
  }

  /** The senses of a one-word phrase. */
  sensesOfWord(word: string): Sense[] {
    return (this.byFirst.get(word) ?? []).filter((p) => p.words.length === 1).flatMap((p) => p.senses);
  }

  /** The phrases that start at token `i`, each with its length in tokens. */
  matchAt(tokens: readonly Token[], i: number): { phrase: Phrase; length: number; form: number }[] {
    const out: { phrase: Phrase; length: number; form: number }[] = [];
    const seen = new Set<Phrase>();
    for (const [form, text] of (tokens[i] as Token).forms.entries()) {
      for (const p of this.byFirst.get(text) ?? []) {
        if (seen.has(p) || i + p.words.length > tokens.length) continue;
        seen.add(p);
        if (p.words.every((w, k) => (tokens[i + k] as Token).forms.some((f) => w.has(f))))
          out.push({ phrase: p, length: p.words.length, form });
      }
    }
    return out;
  }
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/** Field words of the catalogue that are too common to mean the field on their own ("from", "to", "sent"). */
const FIELD_WORD_DENY = new Set([
  'from',
  'to',
  'sent',
  'number',
  'speak',
  'speaks',
  'name',
  'named',
  'called',
  'date',
  'created',
  'من',
  'ارسلت',
  'الاسم',
  'اسمه',
  'يتحدثون',
  'يسكنون في',
  'live in',
  'lives in',
  'default',
  'kind',
  'added',
  'اضيف',
  'انشء',
  'type',
  'النوع',
  'result',
  'outcome',
  'النتيجه',
  // the funnel steps' own words are the parser's outcomes (a filter or a rate, as the question says)
  'opened',
  'clicked',
  'مفتوحه',
  'نقر عليها',
]);

function catalogueEntries(index: LexiconIndex): void {
  for (const [entityName, def] of Object.entries(QUERY_CATALOGUE)) {
    const entity = entityName as keyof typeof QUERY_CATALOGUE;
    for (const word of [...def.words.en, ...def.words.ar]) index.add(word, [{ t: 'entity', entity }]);
    for (const [fieldName, f] of Object.entries(def.fields)) {
      const grouping = (QUERY_GROUPINGS as readonly string[]).includes(fieldName) ? (fieldName as QueryGrouping) : undefined;
      for (const word of [...f.words.en, ...f.words.ar]) {
        if (FIELD_WORD_DENY.has(foldText(word)) || STOP_WORDS.has(foldText(word))) continue;
        index.add(word, [{ t: 'field', field: fieldName, ...(grouping ? { grouping } : {}) }]);
      }
      for (const [v, words] of Object.entries(f.valueWords ?? {})) {
        if (f.values && !f.values.includes(v) && f.type === 'enum') continue;
        // "sent" in a question about messages is the sending, not the history's in-flight view
        if (fieldName === 'view' && (v === 'sent' || v === 'all')) continue;
        for (const word of [...words.en, ...words.ar]) {
          // the parser's own lexicon decides for words it already has ("sent", "delivered", "pending")
          const tokens = tokenize(word);
          if (STOP_WORDS.has(foldText(word)) || index.matchAt(tokens, 0).some((m) => m.length === tokens.length)) continue;
          index.add(word, [{ t: 'value', options: [{ field: fieldName, value: v }] }]);
        }
      }
    }
  }
}

/** The word with up to `k` letters deleted (itself included). */
export function deletions(word: string, k: number): Set<string> {
  const out = new Set<string>([word]);
  let layer = [word];
  for (let step = 0; step < k; step++) {
    const next: string[] = [];
    for (const w of layer) {
      if (w.length <= 2) continue;
      for (let i = 0; i < w.length; i++) {
        const d = w.slice(0, i) + w.slice(i + 1);
        if (!out.has(d)) {
          out.add(d);
          next.push(d);
        }
      }
    }
    layer = next;
  }
  return out;
}

let stops: LexiconIndex | null = null;
function stopIndex(): LexiconIndex {
  if (!stops) {
    stops = new LexiconIndex();
    for (const w of STOP_WORDS) stops.words.add(w);
  }
  return stops;
}

let shared: LexiconIndex | null = null;

/** The words every question shares, built once. */
export function staticLexicon(): LexiconIndex {
  if (shared) return shared;
  const index = new LexiconIndex();
  index.addEntries(EN);
  index.addEntries(AR);
  catalogueEntries(index);
  shared = index;
  return index;
}

const CITIES = aliasTable(CITY_ALIASES, foldText);
const COUNTRIES = aliasTable(COUNTRY_ALIASES, foldText);
const TAGS = aliasTable(TAG_ALIASES, foldText);
const LANGUAGES = aliasTable(LANGUAGE_ALIASES, foldText);

/** Which vocabulary list a name came from: the assembler finds the field that takes it. */
export type NameList = keyof Vocabulary;

/**
 * The account's names, as name senses: each with the other script's spellings where one is known,
 * and a name of several words also by its first words (marked partial, so an exact name wins).
 */
export function vocabularyLexicon(vocabulary: Partial<Vocabulary>): LexiconIndex {
  // an account's names change rarely: the index of the last few vocabularies is kept
  const same = byObject.get(vocabulary);
  if (same) return same;
  const key = JSON.stringify(vocabulary);
  const cached = recent.get(key) ?? buildVocabulary(vocabulary);
  byObject.set(vocabulary, cached);
  if (recent.has(key)) return cached;
  const index = cached;
  recent.set(key, index);
  if (recent.size > 20) recent.delete(recent.keys().next().value as string);
  return index;
}

const recent = new Map<string, LexiconIndex>();
const byObject = new WeakMap<object, LexiconIndex>();

function buildVocabulary(vocabulary: Partial<Vocabulary>): LexiconIndex {
  const index = new LexiconIndex();
  const stat = staticLexicon();
  const add = (list: NameList, name: string, spellings: readonly string[]) => {
    const sense: Sense = { t: 'name', options: [{ field: `@${list}`, value: name }] };
    for (const s of new Set([name, ...spellings])) index.add(s, [sense]);
    const tokens = tokenize(name);
    // "Ramadan" for "Ramadan Sale 2026": the first word when it is a word of its own, or the first two
    for (let n = tokens.length - 1; n >= 1; n--) {
      const head = tokens.slice(0, n);
      const first = head[0] as Token;
      const distinctive =
        first.kind === 'word' && first.text.length >= 4 && !STOP_WORDS.has(first.text) && stat.matchAt(tokens, 0).length === 0;
      if (n >= 2 || distinctive) index.add(head.map((t) => t.text).join(' '), [sense], true);
    }
  };
  const aliased = (table: Map<string, string[]>, name: string) => table.get(foldText(name)) ?? [];
  // places the account has no customer in are known words with no meaning here, so the coverage rule
  // names them — never read as something else (بريدة is not بريد, "e-mail", with a pronoun)
  const own = new Set([...(vocabulary.cities ?? []), ...(vocabulary.countries ?? [])].map((n) => foldText(n)));
  for (const line of [...CITY_ALIASES, ...COUNTRY_ALIASES]) {
    const names = line.split('|');
    if (names.some((n) => own.has(foldText(n)))) continue;
    for (const n of names) if (n.length > 2 && !STOP_WORDS.has(foldText(n))) index.add(n, []);
  }
  for (const c of vocabulary.cities ?? []) add('cities', c, aliased(CITIES, c));
  for (const c of vocabulary.countries ?? []) add('countries', c, aliased(COUNTRIES, c));
  for (const t of vocabulary.tags ?? []) add('tags', t, aliased(TAGS, t));
  for (const l of vocabulary.languages ?? []) {
    const spellings = aliased(LANGUAGES, l);
    if (spellings.length) for (const s of spellings) index.add(s, [{ t: 'value', options: [{ field: 'language', value: l }] }]);
  }
  const lists: NameList[] = ['groups', 'campaigns', 'senders', 'templates', 'whatsapp_templates', 'brands', 'failure_reasons'];
  for (const list of lists) for (const name of vocabulary[list] ?? []) add(list, name, []);
  return index;
}

/**
 * A word no form of which is in either lexicon, read as the lexicon word (or stop word) it is one or
 * two edits away from — when exactly one such word is nearest. Short words are never corrected.
 */
export function correctTypo(word: string, indexes: readonly LexiconIndex[]): string | null {
  const fixed = nearestWord(word, indexes);
  // a stop word only by two letters swapped ("whcih"): an unknown word must not vanish into one
  // ("night" is not "right") — the coverage rule has to see it
  if (fixed && STOP_WORDS.has(fixed) && [...fixed].sort().join() !== [...word].sort().join()) return null;
  return fixed;
}

function nearestWord(word: string, indexes: readonly LexiconIndex[]): string | null {
  // four letters: only two letters swapped ("mnay", "hwat")
  if (word.length === 4) {
    const swaps = indexes
      .flatMap((x) => x.near(word, 1))
      .filter((w) => w.length === 4 && editDistance(word, w, 1) === 1 && [...w].sort().join() === [...word].sort().join());
    return swaps.length === 1 ? (swaps[0] as string) : null;
  }
  const budget = typoBudget(word);
  if (budget === 0) return null;
  let best: string[] = [];
  let bestDistance = budget + 1;
  const consider = (candidate: string) => {
    if (candidate.length < 4) return;
    const d = editDistance(word, candidate, budget);
    if (d < bestDistance) {
      bestDistance = d;
      best = [candidate];
    } else if (d === bestDistance && !best.includes(candidate)) best.push(candidate);
  };
  for (const index of indexes) for (const w of index.near(word, budget)) consider(w);
  for (const w of stopIndex().near(word, budget)) consider(w);
  if (bestDistance > budget || best.length === 0) return null;
  // a tie between words that mean the same ("deliverd": delivery, delivered) is no ambiguity
  const meaning = (w: string) => JSON.stringify(indexes.map((x) => x.sensesOfWord(w)));
  if (best.every((w) => meaning(w) === meaning(best[0] as string))) return best[0] as string;
  // else the one of the same length ("deliverd": delivery before delivered), when only one is
  const sameLength = best.filter((w) => w.length === word.length);
  return sameLength.length === 1 ? (sameLength[0] as string) : null;
}
