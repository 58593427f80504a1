/**
 * i18next over the shared catalogue (packages/shared/src/i18n). The language preference lives in
 * localStorage under `language` ('en' | 'ar', default en); `<html lang dir>` follows it (spec §2).
 */
import { DEFAULT_LANGUAGE, type Language } from '@risala/shared/constants';
import { catalogue } from '@risala/shared/i18n/index.ts';
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

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: catalogue.en },
    ar: { translation: catalogue.ar },
  },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['en', 'ar'],
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});

applyToDocument(i18n.language);
i18n.on('languageChanged', applyToDocument);

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the UI language and remembers it. */
export function setLanguage(language: Language): void {
  storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  void i18n.changeLanguage(language);
}

/** The Intl locale for a UI language: Arabic keeps the Gregorian calendar used across the app. */
export function intlLocale(language: string = currentLanguage()): string {
  return language === 'ar' ? 'ar-u-ca-gregory' : 'en';
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

/** "Translate if it is a key, else show as is": zod gives keys, the server gives translated text. */
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return i18n.exists(message) ? i18n.t(message) : message;
}

export default i18n;
