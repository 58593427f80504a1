/**
 * submit_sm into messages. A PDU's text is decoded by its data_coding (the `smpp` library's
 * decoders: GSM default alphabet, IA5, Latin-1, UCS-2), from short_message or message_payload.
 * Concatenated messages (UDH IEI 00 or 08) are put back together per bind: the parts before the
 * last are answered at once with a part id (so a client with a window of 1 is never stuck), and
 * the message — one message, counted and split again by the product — goes with the last part,
 * whose submit_sm_resp carries its id. Messages of one bind are sent in batches: whatever arrived
 * while the previous batch was being written goes together (`sendSmsItems`, one transaction).
 */
import { randomBytes } from 'node:crypto';
import type { PDU } from 'smpp';
import { ESME } from '../../channels/sms/esme.ts';
import { AppError } from '../../lib/errors.ts';
import type { SmsItem, SmsItemResult } from '../messaging/index.ts';

/** the longest text a message may have (the public API's and New message's limit) */
export const MAX_TEXT = 1600;
/** parts of unfinished concatenated messages one bind may hold */
const MAX_OPEN_PARTS = 1000;
/** a concatenated message whose last part has not come by then is dropped */
const CONCAT_TIMEOUT_MS = 60_000;
/** submits written in one transaction at most */
const MAX_BATCH = 500;
/** how long the first submit of a batch waits for the rest of the client's window */
const GATHER_MS = 3;
/** batches of one bind being written at once (their transactions overlap; the credits row is taken last) */
const BATCHES_IN_FLIGHT = 2;

export interface Submitted {
  /** the SMPP answer: ESME_ROK with the message id, or an error status */
  status: number;
  messageId?: string;
}

export interface Submission extends SmsItem {
  registeredDelivery: number;
}

type Decoded = { ok: true; text: string; concat: { ref: number; total: number; seq: number } | null } | { ok: false; status: number };

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'message' in value) {
    const m = (value as { message: unknown }).message;
    return typeof m === 'string' ? m : null;
  }
  return null;
}

function concatOf(udh: unknown): { ref: number; total: number; seq: number } | null {
  if (!Array.isArray(udh)) return null;
  for (const ie of udh as Buffer[]) {
    if (ie[0] === 0x00 && ie[1] === 3 && ie.length >= 5) return { ref: ie[2] as number, total: ie[3] as number, seq: ie[4] as number };
    if (ie[0] === 0x08 && ie[1] === 4 && ie.length >= 6) return { ref: ie.readUInt16BE(2), total: ie[4] as number, seq: ie[5] as number };
  }
  return null;
}

/** The text of a submit_sm (and its concatenation header), or the status that refuses it. */
export function decodeSubmit(pdu: PDU): Decoded {
  const sm = pdu.short_message as { message?: unknown; udh?: unknown } | undefined;
  const payload = pdu.message_payload as { message?: unknown; udh?: unknown } | undefined;
  const source = sm && textOf(sm) ? sm : payload && textOf(payload) !== null ? payload : sm;
  const text = source ? textOf(source) : '';
  // binary (data_coding 4 and the like) has no text to send
  if (text === null) return { ok: false, status: ESME.ESME_RSUBMITFAIL };
  if (pdu.schedule_delivery_time) return { ok: false, status: ESME.ESME_RINVSCHED };
  const concat = concatOf(source?.udh);
  if (concat && (concat.total < 1 || concat.seq < 1 || concat.seq > concat.total)) return { ok: false, status: ESME.ESME_RINVESMCLASS };
  if (!concat && text.length === 0) return { ok: false, status: ESME.ESME_RINVMSGLEN };
  if (text.length > MAX_TEXT) return { ok: false, status: ESME.ESME_RINVMSGLEN };
  return { ok: true, text, concat };
}

/** An SMPP address as the international number the product reads (+ and digits). */
export function numberOf(addr: unknown): string {
  const s = typeof addr === 'string' ? addr.trim() : '';
  if (/^00\d{6,15}$/.test(s)) return `+${s.slice(2)}`;
  if (/^\d{6,15}$/.test(s)) return `+${s}`;
  return s;
}

const partId = () => `p${randomBytes(6).toString('hex')}`;

interface Open {
  parts: (string | undefined)[];
  got: number;
  at: number;
}

/** Concatenated parts of one bind, until their last one comes. */
export class Reassembler {
  private open = new Map<string, Open>();
  private held = 0;

  /** The whole text once every part is in (this part completed it), a part id for an earlier part, or a refusal. */
  add(
    key: string,
    c: { ref: number; total: number; seq: number },
    text: string,
  ): { whole: string } | { partId: string } | { status: number } {
    this.expire();
    const id = `${key}|${c.ref}|${c.total}`;
    let o = this.open.get(id);
    if (!o) {
      if (this.held >= MAX_OPEN_PARTS) return { status: ESME.ESME_RMSGQFUL };
      o = { parts: new Array(c.total), got: 0, at: Date.now() };
      this.open.set(id, o);
    }
    if (o.parts[c.seq - 1] === undefined) {
      o.got++;
      this.held++;
    }
    o.parts[c.seq - 1] = text;
    if (o.got < c.total) return { partId: partId() };
    this.open.delete(id);
    this.held -= o.got;
    const whole = o.parts.join('');
    return whole.length > MAX_TEXT ? { status: ESME.ESME_RINVMSGLEN } : { whole };
  }

  private expire() {
    const old = Date.now() - CONCAT_TIMEOUT_MS;
    for (const [id, o] of this.open) {
      if (o.at >= old) break;
      this.open.delete(id);
      this.held -= o.got;
    }
  }
}

/** What a sent item's failure answers. */
function statusOfItem(r: Extract<SmsItemResult, { ok: false }>): number {
  return r.code === 'INVALID_NUMBER' ? ESME.ESME_RINVDSTADR : ESME.ESME_RINVSRCADR;
}

/** An error of the whole send: no credits, no plan → ESME_RSUBMITFAIL; anything else ESME_RSYSERR. */
export function statusOfError(err: unknown): number {
  if (err instanceof AppError && ['INSUFFICIENT_CREDITS', 'NO_VALID_PLAN', 'SUBSCRIPTION_REQUIRED'].includes(err.code)) {
    return ESME.ESME_RSUBMITFAIL;
  }
  return ESME.ESME_RSYSERR;
}

type Send = (items: Submission[]) => Promise<SmsItemResult[]>;

/**
 * A bind's submits in batches: up to BATCHES_IN_FLIGHT at a time; what arrives meanwhile waits for
 * the next. A batch refused as a whole for credits is tried again item by item, so the ones the
 * balance still covers go.
 */
export class SubmitBatcher {
  private queue: { item: Submission; done: (r: Submitted) => void }[] = [];
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly send: Send,
    private readonly onError: (err: unknown) => void,
  ) {}

  get waiting() {
    return this.queue.length;
  }

  submit(item: Submission): Promise<Submitted> {
    return new Promise((done) => {
      this.queue.push({ item, done });
      this.schedule();
    });
  }

  /** A full batch goes at once; a smaller one waits GATHER_MS for the rest of the client's window. */
  private schedule() {
    if (this.inFlight >= BATCHES_IN_FLIGHT || this.queue.length === 0) return;
    if (this.queue.length >= MAX_BATCH) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.start();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.start();
    }, GATHER_MS);
  }

  private start() {
    if (this.inFlight >= BATCHES_IN_FLIGHT || this.queue.length === 0) return;
    const batch = this.queue.splice(0, MAX_BATCH);
    this.inFlight++;
    void this.sendBatch(batch.map((b) => b.item))
      .then((results) => {
        for (const [i, b] of batch.entries()) b.done(results[i] as Submitted);
      })
      .finally(() => {
        this.inFlight--;
        this.schedule();
      });
    this.schedule();
  }

  private async sendBatch(items: Submission[]): Promise<Submitted[]> {
    try {
      return (await this.send(items)).map((r) => (r.ok ? { status: ESME.ESME_ROK, messageId: String(r.id) } : { status: statusOfItem(r) }));
    } catch (err) {
      if (items.length > 1 && err instanceof AppError && err.code === 'INSUFFICIENT_CREDITS') {
        const one: Submitted[] = [];
        for (const item of items) one.push(...(await this.sendBatch([item])));
        return one;
      }
      const status = statusOfError(err);
      if (status === ESME.ESME_RSYSERR) this.onError(err);
      return items.map(() => ({ status }));
    }
  }
}
