/**
 * A value inserted into a text of the other direction stays whole on every screen and phone.
 *
 * "Hi {{first_name}}, 20% off" with the name ليلى shows as "Hi 20 ,ليلى% off": the Unicode bidi
 * algorithm joins the digits after an Arabic word to its right-to-left run. A mark of the text's
 * own direction after the value (LRM in a left-to-right text, RLM in a right-to-left one) ends the
 * run where the value ends. One invisible character, old enough for every phone (unlike the
 * isolates FSI/PDI), and only where the value holds letters of the other direction: such a text
 * already needs UCS-2 in an SMS, so the encoding does not change.
 */

/** Letters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, presentation forms), not their digits. */
export const RTL_LETTERS = '\u0590-\u05FF\u0600-\u065F\u066A-\u06EF\u06FA-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC';
/** Letters of left-to-right scripts: Latin, Greek, Cyrillic (enough to tell a template's direction). */
export const LTR_LETTERS = 'A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u0370-\u03FF\u0400-\u04FF';

export const LRM = '\u200E';
export const RLM = '\u200F';

export type TextDirection = 'ltr' | 'rtl';

const FIRST_STRONG = new RegExp(`[${RTL_LETTERS}${LTR_LETTERS}]`);
const RTL = new RegExp(`[${RTL_LETTERS}]`);

/** The direction of a text by its first letter (the paragraph rule of the bidi algorithm); null without letters. */
export function textDirection(text: string): TextDirection | null {
  const first = FIRST_STRONG.exec(text)?.[0];
  if (!first) return null;
  return RTL.test(first) ? 'rtl' : 'ltr';
}

const LTR = new RegExp(`[${LTR_LETTERS}]`);
const IN_LTR = { opposite: RTL_LETTERS, test: RTL, mark: LRM } as const;
const IN_RTL = { opposite: LTR_LETTERS, test: LTR, mark: RLM } as const;

/**
 * What a value needs in a text of direction `dir`: the letters that call for a mark (a regex class
 * for SQL, and compiled once for JavaScript) and the mark.
 */
export function valueIsolation(dir: TextDirection | null): { opposite: string; test: RegExp; mark: string } | null {
  if (dir === null) return null;
  return dir === 'ltr' ? IN_LTR : IN_RTL;
}
