import { countryDialCodes, mobileCountry } from '@risala/shared/schemas/customers';

const DEFAULT = 'SA:966';

/**
 * An E.164 number split for the phone input: its country with the calling code, and the rest.
 * The country is the number's own (+1 415… is US, +7 916… RU), not the first country that shares
 * the calling code.
 */
export function splitMobile(e164: string | null): { dial: string; national: string } {
  if (!e164?.startsWith('+')) return { dial: DEFAULT, national: '' };
  const digits = e164.slice(1);
  const parsed = mobileCountry(e164);
  if (parsed?.country && digits.startsWith(parsed.code)) {
    return { dial: `${parsed.country}:${parsed.code}`, national: digits.slice(parsed.code.length) };
  }
  // not a number of one country (a non-geographic or unknown one): the longest calling code that
  // prefixes it (+1 and +1xxx share the leading 1)
  const match = countryDialCodes()
    .filter((d) => digits.startsWith(d.code))
    .sort((a, b) => b.code.length - a.code.length || (a.country === 'SA' ? -1 : 0))[0];
  if (!match) return { dial: DEFAULT, national: e164 };
  return { dial: `${match.country}:${match.code}`, national: digits.slice(match.code.length) };
}
