/**
 * The built-in engine's words: the catalogue's templates in the answer's language, numbers with
 * the language's digits, and the account's own text (names, labels) escaped as Markdown text so a
 * campaign called "*50% off*" or "[click](x)" shows as typed and never becomes a link.
 */
import { type TranslateParams, translate } from '@risala/shared/i18n/index.ts';
import { mdText } from '@risala/shared/markdown';
import type { Lang } from '../language.ts';

const locale = (lang: Lang) => (lang === 'ar' ? 'ar-u-ca-gregory' : 'en');

/**
 * The account's text as literal Markdown, one line: the shared rule (packages/shared/src/markdown.ts)
 * escapes every character that could start emphasis, code, a link, an image, HTML, a table or a
 * bare autolink (`https\://`), the same as every other answer the product writes.
 */
export function md(text: string): string {
  return mdText(text.replace(/\s+/g, ' '));
}

export class Phrases {
  constructor(readonly lang: Lang) {}
  t = (key: string, params: TranslateParams = {}) => translate(this.lang, `ai.builtin.${key}`, params);
  n = (value: number, digits = 0) => new Intl.NumberFormat(locale(this.lang), { maximumFractionDigits: digits }).format(value);
  pct = (value: number | null) =>
    value === null ? '—' : `${new Intl.NumberFormat(locale(this.lang), { maximumFractionDigits: 1 }).format(value)}%`;
  sar = (value: number) =>
    new Intl.NumberFormat(this.lang === 'ar' ? 'ar-SA-u-ca-gregory' : 'en-SA', {
      style: 'currency',
      currency: 'SAR',
      maximumFractionDigits: 2,
    }).format(value);
  channel = (c: string) => translate(this.lang, `ai.channels.${c}`);
  /** a list as the language joins it ("a, b and c" / "أ، ب و ج") */
  list = (items: string[]) => new Intl.ListFormat(locale(this.lang), { type: 'conjunction' }).format(items);
}
