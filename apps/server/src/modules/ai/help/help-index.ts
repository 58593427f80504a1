/**
 * The help corpus: one Markdown article per screen and task, in English and Arabic
 * (`articles/{en,ar}/<slug>.md`, a small front matter on top), served in the app at /help and
 * searched by the assistant. Full-text search with MiniSearch; Arabic terms are folded (alef,
 * yaa, taa marbuta, diacritics) and lightly stemmed (the article "ال", attached و/ب/ل/ك/ف,
 * common plural endings) so "العملاء" finds "عميل" articles' "العملاء" and "عملاء" alike.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import MiniSearch from 'minisearch';
import { fold } from '../language.ts';
import type { Lang } from '../language.ts';

export interface HelpDoc {
  slug: string;
  language: Lang;
  title: string;
  summary: string;
  screen: string;
  topic: string;
  keywords: string;
  body: string;
}

const DIR = path.join(import.meta.dirname, 'articles');

/** `---\nkey: value\n---\nbody`: the few fields an article has (no YAML needed). */
export function parseArticle(text: string): { meta: Record<string, string>; body: string } {
  const m = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text.replace(/\r\n/g, '\n'));
  if (!m) return { meta: {}, body: text };
  const meta: Record<string, string> = {};
  for (const line of (m[1] as string).split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) meta[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return { meta, body: (m[2] as string).trim() };
}

function load(): HelpDoc[] {
  const docs: HelpDoc[] = [];
  for (const language of ['en', 'ar'] as const) {
    const dir = path.join(DIR, language);
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.md'))
      .sort()) {
      const { meta, body } = parseArticle(readFileSync(path.join(dir, file), 'utf8'));
      docs.push({
        slug: file.replace(/\.md$/, ''),
        language,
        title: meta.title ?? file,
        summary: meta.summary ?? '',
        screen: meta.screen ?? '/',
        topic: meta.topic ?? 'general',
        keywords: meta.keywords ?? '',
        body,
      });
    }
  }
  return docs;
}

const STOP = new Set(
  (
    'a an the and or of to in on at for with by is are be can i me my we our you your how do does what where when which who why it this that ' +
    'from as into there here please want need show tell about من في على الى عن مع هل كيف ما ماذا متى اين اي التي الذي هذا هذه ذلك او و ثم لي انا نحن انت ' +
    'هو هي كان يمكن اريد ممكن لو عند'
  ).split(' '),
);

const AR_PREFIX = /^(وال|بال|كال|فال|لل|ال|و|ب|ل|ف)(?=[\u0621-\u064A]{3,})/;
const AR_SUFFIX = /(ات|ون|ين|ها|هم|يه|ه|ي)$/;

/** The term as indexed and searched: folded, stop words out, light stemming. */
export function helpTerm(term: string): string | null {
  let t = fold(term);
  if (!t || STOP.has(t)) return null;
  if (/[\u0621-\u064A]/.test(t)) {
    t = t.replace(AR_PREFIX, '');
    if (t.length > 4) t = t.replace(AR_SUFFIX, '');
    // a first-person verb (أحظر، أجدول) meets its noun (حظر، جدوله): the same on both sides of the index
    if (t.length >= 4 && t.startsWith('ا')) t = t.slice(1);
    return t.length > 1 ? t : null;
  }
  // English: plural and -ing/-ed forms meet their stem ("templates", "scheduling", "scheduled")
  if (t.length > 5) t = t.replace(/(ing|ed)$/, '');
  if (t.length > 3) t = t.replace(/(ies)$/, 'y').replace(/(?<!s)s$/, '');
  return t;
}

let cache: { docs: HelpDoc[]; index: Record<Lang, MiniSearch<HelpDoc & { id: string }>> } | null = null;

function corpus() {
  if (cache) return cache;
  const docs = load();
  const build = (language: Lang) => {
    const ms = new MiniSearch<HelpDoc & { id: string }>({
      fields: ['title', 'keywords', 'summary', 'body'],
      storeFields: ['slug'],
      processTerm: helpTerm,
      searchOptions: {
        boost: { title: 3, keywords: 2, summary: 1.5 },
        prefix: (t) => t.length > 3,
        fuzzy: (t) => (t.length > 5 ? 0.2 : 0),
        combineWith: 'OR',
      },
    });
    ms.addAll(docs.filter((d) => d.language === language).map((d) => ({ ...d, id: `${language}:${d.slug}` })));
    return ms;
  };
  cache = { docs, index: { en: build('en'), ar: build('ar') } };
  return cache;
}

export function helpArticles(language: Lang): HelpDoc[] {
  return corpus().docs.filter((d) => d.language === language);
}

export function helpArticle(slug: string, language: Lang): HelpDoc | null {
  return corpus().docs.find((d) => d.slug === slug && d.language === language) ?? null;
}

export interface HelpHit extends HelpDoc {
  score: number;
  excerpt: string;
}

/** The paragraph of the body that shares most terms with the query (what the answer quotes). */
function bestParagraph(body: string, query: string): string {
  const terms = new Set(query.split(/\s+/).map(helpTerm).filter(Boolean));
  const paragraphs = body.split(/\n{2,}/).filter((p) => !p.startsWith('#'));
  let best = paragraphs[0] ?? '';
  let bestScore = -1;
  for (const p of paragraphs) {
    const score = p
      .split(/\s+/)
      .map(helpTerm)
      .filter((t) => t && terms.has(t)).length;
    if (score > bestScore) {
      best = p;
      bestScore = score;
    }
  }
  return best;
}

/** Articles for a question, best first, in the reader's language. */
export function searchHelp(query: string, language: Lang, limit = 3): HelpHit[] {
  const { docs, index } = corpus();
  return index[language]
    .search(query)
    .slice(0, limit)
    .map((r) => {
      const doc = docs.find((d) => d.language === language && `${language}:${d.slug}` === r.id) as HelpDoc;
      return { ...doc, score: r.score, excerpt: bestParagraph(doc.body, query) };
    });
}
