/**
 * One catalogue with dotted keys, split into one file per top-level namespace so areas can grow
 * independently. `catalogue.en['errors']['NAME_EXISTS']` is the key `errors.NAME_EXISTS`.
 * The server reads both languages from here; the web loads one language module at a time
 * (`en.ts` / `ar.ts`). A unit test keeps English and Arabic key sets identical.
 */
import ar from './ar.ts';
import en from './en.ts';
import type { Messages } from './types.ts';

export type { Messages } from './types.ts';

export const catalogue: Record<'en' | 'ar', Messages> = { en, ar };

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A text to be shown later in the reader's language, kept as its catalogue key and parameters
 * (e.g. why an SMPP connection dropped, read by an English and an Arabic user). A parameter may
 * itself be a reason: it is translated in the same language.
 */
export interface Reason {
  key: string;
  params?: TranslateParams;
}
export type TranslateParams = Record<string, string | number | Reason>;

/** A language or region code in words in the reader's language; the code itself when unknown. */
export function displayName(lang: string, type: 'language' | 'region', code: string): string {
  try {
    return new Intl.DisplayNames([lang === 'ar' ? 'ar' : 'en'], { type }).of(code) ?? code;
  } catch {
    return code;
  }
}

const PLURALS = { en: new Intl.PluralRules('en'), ar: new Intl.PluralRules('ar') };

function pluralKeys(lang: string, key: string, count: number): string[] {
  const form = PLURALS[lang === 'ar' ? 'ar' : 'en'].select(count);
  return [...(count === 0 ? [`${key}_zero`] : []), `${key}_${form}`, `${key}_other`];
}

/** Translate a dotted key with `{{param}}` interpolation; falls back to English, then the key. */
export function translate(lang: string, key: string, params: TranslateParams = {}): string {
  const messages = catalogue[lang === 'ar' ? 'ar' : 'en'];
  // a numeric `count` picks the language's plural form (key_one, key_few, …; key_zero for 0), as i18next does
  const forms = typeof params.count === 'number' ? pluralKeys(lang, key, params.count) : [];
  const text =
    forms.map((k) => lookup(messages, k)).find((x) => x !== undefined) ?? lookup(messages, key) ?? lookup(catalogue.en, key) ?? key;
  // {{name}} or {{name, number}} (a number with the language's grouping, as i18next does in the web)
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (_, name: string, format?: string) => {
    const value = params[name];
    if (value === undefined) return `{{${name}}}`;
    if (typeof value === 'object') return translate(lang, value.key, value.params);
    if (format === 'number' && typeof value === 'number') return new Intl.NumberFormat(lang === 'ar' ? 'ar' : 'en').format(value);
    // a language code named in the reader's language ("en_US" → "English (United States)" / "الإنجليزية (الولايات المتحدة)")
    if (format === 'language' && typeof value === 'string') return displayName(lang, 'language', value.replace('_', '-'));
    return String(value);
  });
}

/** A reason as stored in a text column (JSON), and back; a stored plain text stays as it is. */
export const storeReason = (reason: Reason): string => JSON.stringify(reason);

export function storedReasonText(stored: string | null, lang: string): string | null {
  if (!stored?.startsWith('{"key":')) return stored;
  try {
    const reason = JSON.parse(stored) as Reason;
    return translate(lang, reason.key, reason.params);
  } catch {
    return stored;
  }
}

/** A key exists as a plain text or as plural forms (`key_one`, `key_other`, … — i18next's JSON v4). */
export function hasKey(lang: 'en' | 'ar', key: string): boolean {
  return lookup(catalogue[lang], key) !== undefined || lookup(catalogue[lang], `${key}_other`) !== undefined;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The key a plural form belongs to (`a.b_few` → `a.b`); other keys are their own. */
export function pluralBase(key: string): string {
  return key.replace(PLURAL_SUFFIX, '');
}

/** Flattened dotted keys of a catalogue (used by the parity test). */
export function flatKeys(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flatKeys(v, `${prefix}${k}.`)));
}
