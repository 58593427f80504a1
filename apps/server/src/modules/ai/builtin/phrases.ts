/**
 * The built-in engine's words: the catalogue's templates in the answer's language, numbers with
 * the language's digits, and the account's own text (names, labels) escaped as Markdown text so a
 * campaign called "*50% off*" or "[click](x)" shows as typed and never becomes a link.
 */
import { type TranslateParams, translate } from '@risala/shared/i18n/index.ts';
import type { Lang } from '../language.ts';

const locale = (lang: Lang) => (lang === 'ar' ? 'ar-u-ca-gregory' : 'en');

/**
 * The account's text as literal Markdown: the characters that could make emphasis, code, a link,
 * an image, HTML or a table are escaped; underscores only at a word's edge ("order_update" stays
 * as written, since an underscore inside a word emphasises nothing).
 */
export function md(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/[\\`*[\]<>~|]/g, (c) => `\\${c}`)
    .replace(/(^|[^\p{L}\p{N}])_|_(?=$|[^\p{L}\p{N}])/gu, (m) => m.replace('_', '\\_'))
    .replace(/^([#+-]|\d+\.)/, '\\$1');
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
