/** The country of a destination prefix ('+966 50'), when its numbers belong to one. */
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js';

let single: Map<string, string> | null = null;

export function countryOfPrefix(prefix: string): string | null {
  const digits = prefix.replace(/\D/g, '');
  if (!digits) return null;
  // a number under the prefix tells the country where the prefix decides it (+7 9… is Russia)
  const country = parsePhoneNumberFromString(`+${digits}1234567`)?.country;
  if (country) return country;
  if (!single) {
    const byCode = new Map<string, string[]>();
    for (const c of getCountries()) {
      const code = getCountryCallingCode(c);
      byCode.set(code, [...(byCode.get(code) ?? []), c]);
    }
    single = new Map([...byCode].filter(([, cs]) => cs.length === 1).map(([code, cs]) => [code, cs[0] as string]));
  }
  for (const len of [1, 2, 3]) {
    const hit = single.get(digits.slice(0, len));
    if (hit) return hit;
  }
  return null; // a calling code several countries share (+1, +44 …) and a prefix that does not say which
}
