/**
 * A country's name in the interface language, on its own so a page that only shows names (the
 * dashboard's destinations) does not load libphonenumber's country list with `countries.ts`.
 */
import { currentLanguage, intlLocale } from './i18n.ts';

/** The name of a country code in a language ("SA" → "Saudi Arabia"); the code itself if unknown. */
export function countryName(code: string, language: string = currentLanguage()): string {
  try {
    return new Intl.DisplayNames([intlLocale(language)], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}
