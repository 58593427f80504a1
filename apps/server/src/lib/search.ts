/** `%text%` for LIKE/ILIKE, the search's own wildcard characters (`%`, `_`, `\`) taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A search typed as a phone number, the way people type one ("050 001 2345", "+966 (50) 001-2345",
 * "00966…"), as the digits that stand inside a stored E.164 number: separators, the "+" or "00"
 * and the national trunk zero dropped. Null when the term is not a number or already is those digits.
 */
export function phoneSearchDigits(term: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(term)) return null;
  const digits = term.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length >= 4 && digits !== term ? digits : null;
}
