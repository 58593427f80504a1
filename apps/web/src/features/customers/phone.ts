import { countryDialCodes } from '@risala/shared/schemas/customers';

const DEFAULT = 'SA:966';

/** An E.164 number split for the phone input: the country's calling code and the rest. */
export function splitMobile(e164: string | null): { dial: string; national: string } {
  if (!e164?.startsWith('+')) return { dial: DEFAULT, national: '' };
  const digits = e164.slice(1);
  // the longest calling code that prefixes the number (+1 and +1xxx share the leading 1)
  const match = countryDialCodes()
    .filter((d) => digits.startsWith(d.code))
    .sort((a, b) => b.code.length - a.code.length || (a.country === 'SA' ? -1 : 0))[0];
  if (!match) return { dial: DEFAULT, national: e164 };
  return { dial: `${match.country}:${match.code}`, national: digits.slice(match.code.length) };
}
