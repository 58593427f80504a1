/**
 * SMS body encoding for SMPP submit_sm. GSM-7 texts go out with data_coding 0 as one byte per
 * septet (the GSM 03.38 default alphabet, unpacked — the common SMPP convention), extension
 * characters as ESC (0x1B) + code; anything else goes out as UCS-2 big-endian with data_coding 8.
 * Which encoding and how many parts come from the shared counter (packages/shared/src/sms.ts).
 */
import { GSM_BASIC, isGsm7, type SmsEncoding } from '@risala/shared/sms';

const ESC = 0x1b;
/** The default alphabet in code order: the shared table (which counts characters) lacks only the escape's own position. */
const GSM_CODES = `${GSM_BASIC.slice(0, ESC)}\x1b${GSM_BASIC.slice(ESC)}`;
/** The extension table's codes (after ESC), for the characters the shared counter charges two septets. */
export const EXTENSION_CODES: Record<string, number> = {
  '\f': 0x0a,
  '^': 0x14,
  '{': 0x28,
  '}': 0x29,
  '\\': 0x2f,
  '[': 0x3c,
  '~': 0x3d,
  ']': 0x3e,
  '|': 0x40,
  '€': 0x65,
};

/** GSM-7 code per UTF-16 code unit: the basic code, or 0x100 + the extension code; -1 when none */
const CODE = new Int16Array(0x10000).fill(-1);
[...GSM_CODES].forEach((ch, i) => {
  // the escape's own position in the table is not a character
  if (i !== ESC) CODE[ch.charCodeAt(0)] = i;
});
for (const [ch, code] of Object.entries(EXTENSION_CODES)) CODE[ch.charCodeAt(0)] = 0x100 + code;
const EXTENSION_CHAR = new Map<number, string>(Object.entries(EXTENSION_CODES).map(([ch, code]) => [code, ch]));

export const DATA_CODING: Record<SmsEncoding, number> = { 'GSM-7': 0, 'UCS-2': 8 };

export function encodingOf(text: string): SmsEncoding {
  return isGsm7(text) ? 'GSM-7' : 'UCS-2';
}

/** GSM-7 text → default-alphabet bytes (one per septet; extension characters take two). */
export function encodeGsm7(text: string): Buffer {
  const out = Buffer.allocUnsafe(text.length * 2);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = CODE[text.charCodeAt(i)] as number;
    if (code < 0) throw new RangeError(`not a GSM-7 character: ${JSON.stringify(text[i])}`);
    if (code >= 0x100) {
      out[n++] = ESC;
      out[n++] = code - 0x100;
    } else out[n++] = code;
  }
  return out.subarray(0, n);
}

export function decodeGsm7(bytes: Buffer): string {
  let text = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (b === ESC && i + 1 < bytes.length) {
      i += 1;
      text += EXTENSION_CHAR.get(bytes[i] as number) ?? ' ';
    } else {
      text += GSM_CODES[b & 0x7f] ?? '?';
    }
  }
  return text;
}

export function encodeUcs2(text: string): Buffer {
  const buf = Buffer.alloc(text.length * 2);
  for (let i = 0; i < text.length; i++) buf.writeUInt16BE(text.charCodeAt(i), i * 2);
  return buf;
}

export function decodeUcs2(bytes: Buffer): string {
  let text = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) text += String.fromCharCode(bytes.readUInt16BE(i));
  return text;
}

export function encodeText(text: string, encoding: SmsEncoding = encodingOf(text)): Buffer {
  return encoding === 'GSM-7' ? encodeGsm7(text) : encodeUcs2(text);
}

/** Bytes + data_coding → text (0 and 1: GSM default alphabet, 3: Latin-1, 8: UCS-2). */
export function decodeText(bytes: Buffer, dataCoding: number): string {
  const dc = dataCoding & 0x0f;
  if (dc === 8) return decodeUcs2(bytes);
  if (dc === 3) return bytes.toString('latin1');
  return decodeGsm7(bytes);
}
