/**
 * i18next over the shared catalogue (packages/shared/src/i18n). The language preference lives in
 * localStorage under `language` ('en' | 'ar', default en); `<html lang dir>` follows it (spec §2).
 */
import { DEFAULT_LANGUAGE, INVOICE_CURRENCY, type Language } from '@risala/shared/constants';
import type { Messages } from '@risala/shared/i18n/types.ts';
import { decimalToMinor, formatMoney as formatMinor } from '@risala/shared/money';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGE_STORAGE_KEY = 'language';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // privacy mode or a sandboxed frame
  }
}

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'ar';
}

/** The language this browser has been set to (the toggle, here or on the sign-in pages), if any. */
export function chosenLanguage(): Language | null {
  const value = storage()?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : null;
}

export function storedLanguage(): Language {
  const value = storage()?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function directionOf(language: string): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

function applyToDocument(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/**
 * One language at a time, in two parts: the core (shell, sign-in, errors, validation) before the
 * first render, the product areas when a signed-in layout loads — keeps /login small.
 */
type Part = 'core' | 'areas';
const loaders: Record<Language, Record<Part, () => Promise<{ default: Messages }>>> = {
  en: { core: () => import('@risala/shared/i18n/en-core.ts'), areas: () => import('@risala/shared/i18n/en-areas.ts') },
  ar: { core: () => import('@risala/shared/i18n/ar-core.ts'), areas: () => import('@risala/shared/i18n/ar-areas.ts') },
};
const loaded = new Set<string>();
let areasWanted = false;

async function ensurePart(language: Language, part: Part): Promise<void> {
  const key = `${language}:${part}`;
  if (loaded.has(key)) return;
  const { default: messages } = await loaders[language][part]();
  i18n.addResourceBundle(language, 'translation', messages, true, true);
  loaded.add(key);
}

async function ensureLanguage(language: Language): Promise<void> {
  const parts: Part[] = areasWanted ? ['core', 'areas'] : ['core'];
  // English is the fallback for any key missing in Arabic, so it is always there too
  const languages = language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE];
  await Promise.all(languages.flatMap((l) => parts.map((p) => ensurePart(l, p))));
}

/** Load a language without switching to it (tests, and formatting in another language). */
export function preloadLanguage(language: Language): Promise<void> {
  return ensureLanguage(language);
}

/** The product areas' strings; the signed-in layouts await this before they render. */
export async function loadAreaMessages(): Promise<void> {
  areasWanted = true;
  await ensureLanguage(currentLanguage());
}

/** Load the stored language and start i18next; call before the first render. */
export async function initI18n(): Promise<void> {
  const language = storedLanguage();
  await i18n.use(initReactI18next).init({
    resources: {},
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: ['en', 'ar'],
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    react: { useSuspense: false },
  });
  // {{count, number}}: grouped digits in the interface language; a value that is not a number
  // (already formatted by its caller) passes through as it is
  i18n.services.formatter?.add('number', (value: unknown, lng: string | undefined, options: Intl.NumberFormatOptions) =>
    typeof value === 'number' && Number.isFinite(value)
      ? new Intl.NumberFormat(intlLocale(lng ?? currentLanguage()), options).format(value)
      : String(value),
  );
  await ensureLanguage(language);
  await i18n.changeLanguage(language);
  applyToDocument(i18n.language);
  i18n.on('languageChanged', applyToDocument);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the UI language and remembers it. */
export async function setLanguage(language: Language): Promise<void> {
  storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  await ensureLanguage(language);
  await i18n.changeLanguage(language);
}

/** The Intl locale for a UI language: Arabic keeps the Gregorian calendar used across the app. */
export function intlLocale(language: string = currentLanguage()): string {
  return language === 'ar' ? 'ar-u-ca-gregory' : 'en';
}

/**
 * A sending cost given as the API's decimal text (e.g. "0.05000", history's numeric column) in the
 * shared money format (@risala/shared/money: minor units of the invoice currency, "SAR 0.05").
 */
export function formatMoney(value: string | number | null | undefined, language: string = currentLanguage()): string {
  return formatMinor(decimalToMinor(value ?? 0, INVOICE_CURRENCY), INVOICE_CURRENCY, language);
}

export function formatDate(
  value: Date | string | number,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
  language: string = currentLanguage(),
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(language), options).format(date);
}

/**
 * A phone number, email or code inside a sentence or an option label, isolated (U+2068 … U+2069) so
 * a right-to-left line keeps its "+" and brackets where they belong.
 */
export function isolate(value: string): string {
  return `\u2068${value}\u2069`;
}

/** Items as a list in the interface language: "a, b and c" / "أ وب وج" (or "a, b or c" for any-of). */
export function formatList(
  items: string[],
  type: 'conjunction' | 'disjunction' = 'conjunction',
  language: string = currentLanguage(),
): string {
  return new Intl.ListFormat(intlLocale(language), { style: 'long', type }).format(items);
}

/** A language code (`en_US`, `ar`) as a name in the interface language ("English (United States)", "العربية"). */
export function languageName(code: string, language: string = currentLanguage()): string {
  try {
    return new Intl.DisplayNames([intlLocale(language)], { type: 'language' }).of(code.replace('_', '-')) ?? code;
  } catch {
    return code;
  }
}

/** "Translate if it is a key, else show as is": zod gives keys, the server gives translated text. */
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return i18n.exists(message) ? i18n.t(message) : message;
}

export default i18n;

/** The two languages as options, named in the interface language ("English"/"Arabic", "الإنجليزية"/"العربية"). */
export function languageOptions(language: string = currentLanguage()): { value: Language; label: string }[] {
  return (['en', 'ar'] as const).map((value) => ({ value, label: languageName(value, language) }));
}
