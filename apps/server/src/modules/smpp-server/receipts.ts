/**
 * Delivery receipts for SMPP clients. `keepSmppReceipts` listens to every message status change
 * (messaging's publishStatuses, beside the webhooks out): a final state of a message submitted
 * over SMPP with registered_delivery becomes a waiting receipt and a notice. The pump of a key
 * claims waiting receipts, sends each as deliver_sm (esm_class "delivery receipt", the usual
 * `id:… sub:… dlvrd:… submit date:… done date:… stat:… err:… text:…` text with the message id
 * the client got in submit_sm_resp, plus receipted_message_id and message_state) to the key's
 * receiver binds, and drops it once answered; an unanswered one is sent again when its lease ends.
 */
import type { MessageStatusChange } from '../webhooks/index.ts';
import { captureReceipts, type FinalChange, type ReceiptRow, type Runner } from './smpp-server.repo.ts';

/** message_state values (SMPP 3.4 §5.2.28) */
const STATE = { DELIVRD: 2, EXPIRED: 3, DELETED: 4, UNDELIV: 5, REJECTD: 8 } as const;
type Stat = keyof typeof STATE;

/** A final state as a receipt's stat (null: not final, no receipt). */
export function statOf(status: string, errorCode: string | null | undefined): Stat | null {
  switch (status) {
    case 'DELIVERED':
    case 'READ':
      return 'DELIVRD';
    case 'FAILED':
      if (errorCode === 'EXPIRED') return 'EXPIRED';
      if (errorCode === 'REJECTD') return 'REJECTD';
      return 'UNDELIV';
    // some parts failed: not what the client asked for
    case 'PARTIALLY_DELIVERED':
      return 'UNDELIV';
    case 'BLOCKED':
    case 'NOT_ALLOWED':
      return 'REJECTD';
    case 'CANCELLED':
      return 'DELETED';
    default:
      return null;
  }
}

/** The receipt's err: a numeric code the SMSC gave, else 000 (delivered) or 001. */
const errOf = (code: string | null | undefined, delivered: boolean) =>
  code && /^\d{1,3}$/.test(code) ? code.padStart(3, '0') : delivered ? '000' : '001';

/** The status listener: one statement for a batch, none when no change in it is a final SMS state. */
export async function keepSmppReceipts(db: Runner, changes: MessageStatusChange[]): Promise<void> {
  const finals: FinalChange[] = [];
  for (const c of changes) {
    if (c.channel !== 'sms') continue;
    const stat = statOf(c.status, c.error_code);
    if (!stat) continue;
    const delivered = stat === 'DELIVRD';
    finals.push({ id: c.id, account_id: c.account_id, stat, err: errOf(c.error_code, delivered), delivered });
  }
  if (finals.length) await captureReceipts(db, finals);
}

const two = (n: number) => String(n).padStart(2, '0');
/** YYMMDDhhmm, UTC */
const smppDate = (d: Date) =>
  `${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(d.getUTCHours())}${two(d.getUTCMinutes())}`;

/** The receipt's text (the de-facto format of SMPP 3.4 Appendix B). */
export function receiptText(r: ReceiptRow): string {
  return (
    `id:${r.message_id} sub:001 dlvrd:${r.delivered ? '001' : '000'} submit date:${smppDate(new Date(r.submitted_at))} ` +
    `done date:${smppDate(new Date(r.done_at))} stat:${r.stat} err:${r.err} text:${r.text_start}`
  );
}

/** The deliver_sm fields of a receipt: from the handset back to the client's source address. */
export function receiptPdu(r: ReceiptRow) {
  return {
    source_addr_ton: 1,
    source_addr_npi: 1,
    source_addr: r.dest_addr,
    dest_addr_ton: 0,
    dest_addr_npi: 0,
    destination_addr: r.source_addr,
    esm_class: 0x04,
    data_coding: 0,
    short_message: receiptText(r),
    receipted_message_id: String(r.message_id),
    message_state: STATE[r.stat as Stat] ?? 7,
  };
}

/** The first characters of the text, printable ASCII only (receipts are read as plain text). */
export const textStart = (text: string) => text.slice(0, 20).replace(/[^\x20-\x7e]/g, '?');
