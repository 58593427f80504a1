/**
 * Delivery receipts. An SMSC reports a receipt as a deliver_sm whose esm_class has the receipt bit
 * (0x04), with the SMPP 3.4 Appendix B text in short_message
 * (`id:… sub:… dlvrd:… submit date:… done date:… stat:DELIVRD err:… text:…`) and/or the
 * receipted_message_id and message_state TLVs. SMSCs differ in how they print the id (the
 * submit_sm_resp may say hex "1A2B" while the receipt says decimal "6699"), so ids are compared by
 * `messageIdKeys`: every reading of an id, one of which two representations of the same id share.
 */

import { parseConcatUdh } from './concat.ts';
import { decodeText } from './encoding.ts';
import { splitUdh } from './pdu-codec.ts';

export type ReceiptState = 'DELIVERED' | 'FAILED' | 'EXPIRED' | 'DELETED' | 'ACCEPTED' | 'UNKNOWN' | 'ENROUTE';

export interface Receipt {
  id: string;
  stat: string;
  state: ReceiptState;
  /** final: the message will not change any more */
  final: boolean;
  err: string | null;
  sub: number | null;
  dlvrd: number | null;
  submitDate: string | null;
  doneDate: string | null;
  text: string | null;
}

const STAT: Record<string, { state: ReceiptState; final: boolean }> = {
  DELIVRD: { state: 'DELIVERED', final: true },
  UNDELIV: { state: 'FAILED', final: true },
  REJECTD: { state: 'FAILED', final: true },
  EXPIRED: { state: 'EXPIRED', final: true },
  DELETED: { state: 'DELETED', final: true },
  ACCEPTD: { state: 'ACCEPTED', final: false },
  UNKNOWN: { state: 'UNKNOWN', final: true },
  ENROUTE: { state: 'ENROUTE', final: false },
};

/** SMPP 3.4 §5.2.28 message_state values → the stat words. */
const MESSAGE_STATE: Record<number, string> = {
  1: 'ENROUTE',
  2: 'DELIVRD',
  3: 'EXPIRED',
  4: 'DELETED',
  5: 'UNDELIV',
  6: 'ACCEPTD',
  7: 'UNKNOWN',
  8: 'REJECTD',
};

export const ESM_CLASS_RECEIPT_MASK = 0x3c;

/** deliver_sm esm_class says "delivery receipt" (SMSC delivery receipt 0x04 or intermediate 0x20). */
export function isReceiptEsmClass(esmClass: number): boolean {
  return (esmClass & 0x04) === 0x04 || (esmClass & 0x20) === 0x20;
}

export function mapStat(stat: string): { state: ReceiptState; final: boolean } {
  return STAT[stat.toUpperCase()] ?? { state: 'UNKNOWN', final: true };
}

const LABELS = ['id', 'sub', 'dlvrd', 'submit date', 'done date', 'stat', 'err', 'text'] as const;

/**
 * Parses the Appendix B receipt text; null when it is not one. Each label's first occurrence
 * (any case) starts its field, which runs to the next label; `text` runs to the end. An indexOf
 * per label: this runs for every receipt, and a global regex's match iterator cost more than the
 * rest of the receipt's handling.
 */
export function parseReceiptText(body: string): Omit<Receipt, 'state' | 'final'> | null {
  const lower = body.toLowerCase();
  const marks: { key: (typeof LABELS)[number]; at: number; start: number }[] = [];
  for (const key of LABELS) {
    const at = lower.indexOf(`${key}:`);
    if (at >= 0) marks.push({ key, at, start: at + key.length + 1 });
  }
  if (marks.length === 0) return null;
  marks.sort((a, b) => a.at - b.at);
  const fields: Partial<Record<(typeof LABELS)[number], string>> = {};
  marks.forEach((m, i) => {
    const end = i + 1 < marks.length ? (marks[i + 1] as { at: number }).at : body.length;
    fields[m.key] = m.key === 'text' ? body.slice(m.start) : body.slice(m.start, Math.max(m.start, end)).trim();
  });
  if (!fields.id || !fields.stat) return null;
  const num = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : null);
  return {
    id: fields.id,
    stat: fields.stat.toUpperCase(),
    err: fields.err ?? null,
    sub: num(fields.sub),
    dlvrd: num(fields.dlvrd),
    submitDate: fields['submit date'] ?? null,
    doneDate: fields['done date'] ?? null,
    text: fields.text ?? null,
  };
}

/** A receipt from a deliver_sm: TLVs win over the text for id and state. */
export function parseReceipt(pdu: {
  short_message?: unknown;
  receipted_message_id?: string;
  message_state?: number;
  network_error_code?: Buffer | number[];
}): Receipt | null {
  const text = shortMessageText(pdu.short_message);
  const parsed = text ? parseReceiptText(text) : null;
  const id = pdu.receipted_message_id || parsed?.id;
  const stat = (pdu.message_state !== undefined && MESSAGE_STATE[pdu.message_state]) || parsed?.stat;
  if (!id || !stat) return null;
  const { state, final } = mapStat(stat);
  return {
    id,
    stat,
    state,
    final,
    err: parsed?.err ?? null,
    sub: parsed?.sub ?? null,
    dlvrd: parsed?.dlvrd ?? null,
    submitDate: parsed?.submitDate ?? null,
    doneDate: parsed?.doneDate ?? null,
    text: parsed?.text ?? null,
  };
}

function shortMessageText(sm: unknown): string | null {
  if (typeof sm === 'string') return sm;
  if (Buffer.isBuffer(sm)) return sm.toString('latin1');
  return null;
}

/** A printed message id in canonical form: trimmed, lower-case, without leading zeros. */
export function normalizeMessageId(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/^0+(?=.)/, '');
}

/**
 * The keys to store for an id the SMSC returned in submit_sm_resp: its canonical form first, then
 * (when it reads as hex) the decimal value, which is how many SMSCs print it in the receipt. A
 * receipt is looked up by `normalizeMessageId(receipt.id)`; prefer a match on the first key.
 */
export function messageIdKeys(raw: string): string[] {
  const id = normalizeMessageId(raw);
  const keys = [id];
  if (/^[0-9]{1,20}$/.test(id)) keys.push(BigInt(id).toString(16)); // decimal here, hex in the receipt
  if (/^[0-9a-f]{1,16}$/.test(id)) keys.push(BigInt(`0x${id}`).toString(10)); // hex here, decimal there
  return [...new Set(keys)];
}

/** Whether a submit_sm_resp id and a receipt id name the same message (hex vs decimal aware). */
export function sameMessageId(submitId: string, receiptId: string): boolean {
  return messageIdKeys(submitId).includes(normalizeMessageId(receiptId));
}

/** An inbound (MO) message from a deliver_sm without the receipt bits. */
export interface MoMessage {
  source: string;
  destination: string;
  text: string;
  dataCoding: number;
  /** parts of a long MO share `ref`; the pipeline joins them */
  concat: { ref: number; total: number; seq: number } | null;
}

/** deliver_sm (short_message as sent: the UDH, when esm_class has UDHI, then the body) → MoMessage. */
export function parseMo(pdu: {
  source_addr?: unknown;
  destination_addr?: unknown;
  esm_class?: number;
  data_coding?: number;
  short_message?: Buffer;
}): MoMessage {
  const { udh, body } = splitUdh(pdu.esm_class ?? 0, pdu.short_message ?? Buffer.alloc(0));
  const concat = udh ? parseConcatUdh(udh) : null;
  return {
    source: String(pdu.source_addr ?? ''),
    destination: String(pdu.destination_addr ?? ''),
    text: decodeText(body, pdu.data_coding ?? 0),
    dataCoding: pdu.data_coding ?? 0,
    concat: concat ? { ref: concat.ref, total: concat.total, seq: concat.seq } : null,
  };
}
