/**
 * Countries for pickers: every ISO 3166 code a phone number can belong to (libphonenumber's
 * list), named in the interface language (Intl.DisplayNames: "Saudi Arabia" / "السعودية"),
 * sorted by that name. Customers keep the two-letter code.
 */
import { countryDialCodes } from '@risala/shared/schemas/customers';
import { currentLanguage, intlLocale } from './i18n.ts';

export interface CountryOption {
  value: string;
  label: string;
}

const cache = new Map<string, CountryOption[]>();

export { countryName } from './country-name.ts';

export function countryOptions(language: string = currentLanguage()): CountryOption[] {
  const cached = cache.get(language);
  if (cached) return cached;
  const names = new Intl.DisplayNames([intlLocale(language)], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(intlLocale(language));
  const options = countryDialCodes()
    .map(({ country }) => ({ value: country, label: names.of(country) ?? country }))
    .sort((a, b) => collator.compare(a.label, b.label));
  cache.set(language, options);
  return options;
}

let codes: Set<string> | null = null;

/** True when a value is one of the listed country codes (what filters and forms may send). */
export function isCountryCode(value: string): boolean {
  codes ??= new Set(countryDialCodes().map((d) => d.country));
  return codes.has(value);
}

/**
 * The search of a country picker: by name (any part, case and accents ignored) or by its code
 * ("sa", "SA" → Saudi Arabia first).
 */
export function matchCountry(option: CountryOption, search: string): boolean {
  const q = fold(search.trim());
  if (!q) return true;
  return fold(option.label).includes(q) || option.value.toLowerCase() === q;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
