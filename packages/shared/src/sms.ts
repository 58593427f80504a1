/**
 * SMS length and part counting (3GPP TS 23.038 / 23.040). Pure: used by the web editor's live
 * counter and by the sending pipeline to estimate cost.
 *
 * GSM-7: the basic alphabet costs one septet per character, the extension table (€, [, ], {, }, \,
 * ^, ~, |, form feed) two (escape + character). Any other character switches the whole message to
 * UCS-2, counted in UTF-16 code units (an emoji is two). A single message holds 160 septets or 70
 * units; a concatenated one spends 7 septets (3 units) of each part on the header: 153 or 67 per
 * part. An extension character or a surrogate pair is never split across two parts.
 */

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsCount {
  encoding: SmsEncoding;
  /** septets (GSM-7) or UTF-16 code units (UCS-2) */
  length: number;
  parts: number;
  /** capacity of one part at this size: 160/153 or 70/67 */
  perPart: number;
  /** units still free in the last part */
  remainingInPart: number;
}

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';

const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

export const SMS_LIMITS = {
  'GSM-7': { single: 160, multi: 153 },
  'UCS-2': { single: 70, multi: 67 },
} as const;

export function isGsm7(text: string): boolean {
  for (const ch of text) if (!BASIC.has(ch) && !EXTENSION.has(ch)) return false;
  return true;
}

/** Units each character costs, in order (a character never splits across parts). */
function unitCosts(text: string, encoding: SmsEncoding): number[] {
  const costs: number[] = [];
  for (const ch of text) {
    if (encoding === 'GSM-7') costs.push(EXTENSION.has(ch) ? 2 : 1);
    else costs.push(ch.length); // 2 for a surrogate pair
  }
  return costs;
}

export function countSms(text: string): SmsCount {
  const encoding: SmsEncoding = isGsm7(text) ? 'GSM-7' : 'UCS-2';
  const { single, multi } = SMS_LIMITS[encoding];
  const costs = unitCosts(text, encoding);
  const length = costs.reduce((sum, c) => sum + c, 0);
  if (length <= single) {
    return { encoding, length, parts: length === 0 ? 0 : 1, perPart: single, remainingInPart: single - length };
  }
  let parts = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > multi) {
      parts += 1;
      used = 0;
    }
    used += cost;
  }
  return { encoding, length, parts, perPart: multi, remainingInPart: multi - used };
}
