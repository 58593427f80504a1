/**
 * Splitting a text into submit_sm parts. One part: the whole body, no header. More: each part
 * carries the 6-byte concatenation UDH `05 00 03 <ref> <total> <seq>` and esm_class 0x40 (UDHI);
 * 153 septets (GSM-7) or 67 UTF-16 units (UCS-2) per part, never splitting an extension character
 * or a surrogate pair — the same rules as the shared counter, so estimates and sends agree.
 */
import { SMS_LIMITS, type SmsEncoding } from '@risala/shared/sms';
import { DATA_CODING, encodeText, encodingOf } from './encoding.ts';

export const ESM_CLASS_UDHI = 0x40;

export interface SmsPart {
  /** UDH + encoded body, ready for short_message */
  short_message: Buffer;
  data_coding: number;
  esm_class: number;
  /** 1-based */
  seq: number;
  total: number;
  text: string;
}

export function concatUdh(ref: number, total: number, seq: number): Buffer {
  return Buffer.from([0x05, 0x00, 0x03, ref & 0xff, total, seq]);
}

const EXTENSION = new Set('\f^{}\\[~]|€');

/** Text chunks of at most `perPart` units each. */
export function splitText(text: string, encoding: SmsEncoding, perPart: number): string[] {
  const chunks: string[] = [];
  let current = '';
  let used = 0;
  for (const ch of text) {
    const cost = encoding === 'GSM-7' ? (EXTENSION.has(ch) ? 2 : 1) : ch.length;
    if (used + cost > perPart) {
      chunks.push(current);
      current = '';
      used = 0;
    }
    current += ch;
    used += cost;
  }
  if (current || chunks.length === 0) chunks.push(current);
  return chunks;
}

/**
 * Parts of a message. `limits` overrides the single-part sizes (a connection's english/arabic
 * sms lengths); multi-part sizes keep the 7-septet / 3-unit header cost.
 */
export function buildParts(text: string, ref: number, limits?: { gsm?: number; ucs2?: number }): SmsPart[] {
  const encoding = encodingOf(text);
  const std = SMS_LIMITS[encoding];
  const single = Math.min(std.single, (encoding === 'GSM-7' ? limits?.gsm : limits?.ucs2) ?? std.single);
  const multi = single - (std.single - std.multi);
  const dataCoding = DATA_CODING[encoding];
  const whole = encodeText(text, encoding);
  // GSM-7: one byte per septet; UCS-2: one UTF-16 unit per two bytes
  const units = encoding === 'GSM-7' ? whole.length : text.length;
  if (units <= single) return [{ short_message: whole, data_coding: dataCoding, esm_class: 0, seq: 1, total: 1, text }];
  const chunks = splitText(text, encoding, multi);
  if (chunks.length > 255) throw new RangeError('message too long: more than 255 parts');
  return chunks.map((chunk, i) => ({
    short_message: Buffer.concat([concatUdh(ref, chunks.length, i + 1), encodeText(chunk, encoding)]),
    data_coding: dataCoding,
    esm_class: ESM_CLASS_UDHI,
    seq: i + 1,
    total: chunks.length,
    text: chunk,
  }));
}

/** Reads a concatenation UDH (8-bit or 16-bit reference) from the start of a short_message. */
export function parseConcatUdh(msg: Buffer): { ref: number; total: number; seq: number; bodyOffset: number } | null {
  if (msg.length < 1) return null;
  const udhl = msg[0] as number;
  let i = 1;
  while (i < udhl + 1) {
    const iei = msg[i] as number;
    const len = msg[i + 1] as number;
    if (iei === 0x00 && len === 3)
      return { ref: msg[i + 2] as number, total: msg[i + 3] as number, seq: msg[i + 4] as number, bodyOffset: udhl + 1 };
    if (iei === 0x08 && len === 4)
      return { ref: msg.readUInt16BE(i + 2), total: msg[i + 4] as number, seq: msg[i + 5] as number, bodyOffset: udhl + 1 };
    i += 2 + len;
  }
  return null;
}
