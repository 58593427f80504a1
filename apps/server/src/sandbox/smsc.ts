/**
 * The sandbox SMSC: a real SMPP 3.4 server on loopback (our SMPP link and codec, pdu-codec.ts). It binds clients with
 * the configured credentials, answers submit_sm with hex message ids, sends delivery receipts as
 * deliver_sm after a delay (DELIVRD, or UNDELIV at `failureRate`) and keeps each until a client
 * acknowledges it (due while nobody is bound, or unanswered when a client's link closes → offered
 * to the next bound client, as real SMSCs do), answers ESME_RTHROTTLED at
 * `throttleRate`, can drop every connection (`drop()`), originates MO messages (`sendMo()`), and
 * counts what it received (per destination, duplicates by destination + text) for tests.
 */
import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { decodeText, encodeText, encodingOf, DATA_CODING } from '../channels/sms/encoding.ts';
import { ESME } from '../channels/sms/esme.ts';
import { CMD, encodeSm, type Pdu, type SmFields, splitUdh } from '../channels/sms/pdu-codec.ts';
import { SmppLink } from '../channels/sms/smpp-link.ts';

export interface SmscControls {
  systemId: string;
  password: string;
  /** ms between submit_sm and its receipt */
  receiptDelayMs: number;
  /** 0..1: share of receipts that say UNDELIV */
  failureRate: number;
  /** 0..1: share of submit_sm answered ESME_RTHROTTLED */
  throttleRate: number;
  /** receipts print the id in decimal although submit_sm_resp gave it in hex (like some SMSCs) */
  decimalReceiptIds: boolean;
  /**
   * where a receipt goes: 'submitter' (the session that submitted, while it is bound) or 'other'
   * (another bound session of the same login when there is one) — real SMSCs may do either
   */
  receiptsTo: 'submitter' | 'other';
  /** ms before submit_sm_resp is sent (a receipt due sooner arrives before the message id) */
  respDelayMs: number;
}

export interface SmscSubmission {
  messageId: string;
  source: string;
  destination: string;
  dataCoding: number;
  esmClass: number;
  udh: Buffer | null;
  text: string;
  registeredDelivery: number;
  at: number;
}

export interface SmscCounters {
  binds: number;
  /** the most sessions bound at the same time (one connection of one process: 1) */
  maxBound: number;
  bindFailures: number;
  submitted: number;
  throttled: number;
  receiptsSent: number;
  /** receipts the client answered with deliver_sm_resp OK */
  receiptsAcked: number;
  /** receipts handed to a session other than the one that submitted the message */
  receiptsElsewhere: number;
  perDestination: Map<string, number>;
  /** (destination, text) seen more than once → extra copies */
  duplicates: number;
  duplicateKeys: Set<string>;
}

export interface SmscSimulator {
  host: string;
  port: number;
  controls: SmscControls;
  counters: SmscCounters;
  /** the latest submissions (at most `keep`) */
  submissions: SmscSubmission[];
  configure(patch: Partial<SmscControls>): void;
  resetCounters(): void;
  /** closes every client connection (the "SMSC drop") */
  drop(): void;
  /** an MO message to the first bound receiver/transceiver; false when none is bound */
  sendMo(source: string, destination: string, text: string): boolean;
  boundSessions(): number;
  close(): Promise<void>;
}

const DEFAULTS: SmscControls = {
  systemId: 'sandbox',
  password: 'sandbox',
  receiptDelayMs: 200,
  failureRate: 0,
  throttleRate: 0,
  decimalReceiptIds: false,
  receiptsTo: 'submitter',
  respDelayMs: 0,
};

const pad = (n: number) => String(n).padStart(2, '0');
function smppDate(d: Date): string {
  return `${pad(d.getUTCFullYear() % 100)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`;
}

export async function startSmscSimulator(
  opts: Partial<SmscControls> & { port?: number; host?: string; keep?: number; log?: Logger } = {},
): Promise<SmscSimulator> {
  const controls: SmscControls = { ...DEFAULTS, ...Object.fromEntries(Object.entries(opts).filter(([k]) => k in DEFAULTS)) };
  const keep = opts.keep ?? 1000;
  const counters: SmscCounters = {
    binds: 0,
    maxBound: 0,
    bindFailures: 0,
    submitted: 0,
    throttled: 0,
    receiptsSent: 0,
    receiptsAcked: 0,
    receiptsElsewhere: 0,
    perDestination: new Map(),
    duplicates: 0,
    duplicateKeys: new Set(),
  };
  const seen = new Set<string>();
  const submissions: SmscSubmission[] = [];
  const sessions = new Set<SmppLink>();
  const bound = new Map<SmppLink, string>();
  let nextId = Number.parseInt(randomBytes(3).toString('hex'), 16);

  const server = net.createServer((socket) => {
    const session = new SmppLink(socket);
    sessions.add(session);
    socket.on('error', () => {});
    session.on('error', () => {});
    session.on('close', () => {
      sessions.delete(session);
      bound.delete(session);
      // like a real SMSC: receipts this client never acknowledged go to the next bound client
      const unanswered = outstanding.get(session);
      outstanding.delete(session);
      if (unanswered?.size) {
        waiting.push(...unanswered);
        flushReceipts();
      }
    });
    const bind = (pdu: Pdu) => {
      if (pdu.system_id !== controls.systemId || pdu.password !== controls.password) {
        counters.bindFailures++;
        session.respond(pdu, pdu.system_id !== controls.systemId ? ESME.ESME_RINVSYSID : ESME.ESME_RINVPASWD);
        return;
      }
      counters.binds++;
      bound.set(session, pdu.command);
      counters.maxBound = Math.max(counters.maxBound, bound.size);
      session.respond(pdu, 0, 'RisalaSMSC');
      if (pdu.command !== 'bind_transmitter') setImmediate(flushReceipts);
    };
    session.on('pdu', (pdu: Pdu) => {
      switch (pdu.command) {
        case 'bind_transceiver':
        case 'bind_transmitter':
        case 'bind_receiver':
          return bind(pdu);
        case 'enquire_link':
          return session.respond(pdu);
        case 'unbind':
          session.respond(pdu);
          return session.end();
        case 'submit_sm':
          return submit(session, pdu);
        default:
          return session.respond(pdu, ESME.ESME_RINVCMDID);
      }
    });
  });

  function submit(session: SmppLink, pdu: Pdu) {
    if (!bound.has(session)) return session.respond(pdu, ESME.ESME_RINVBNDSTS);
    if (controls.throttleRate > 0 && Math.random() < controls.throttleRate) {
      counters.throttled++;
      return session.respond(pdu, ESME.ESME_RTHROTTLED);
    }
    const sub = readSubmission(pdu, (nextId++).toString(16).toUpperCase());
    counters.submitted++;
    counters.perDestination.set(sub.destination, (counters.perDestination.get(sub.destination) ?? 0) + 1);
    const key = `${sub.destination}\u0000${sub.udh ? sub.udh.subarray(-2).toString('hex') : ''}${sub.text}`;
    if (seen.has(key)) {
      counters.duplicates++;
      counters.duplicateKeys.add(key);
    } else seen.add(key);
    submissions.push(sub);
    if (submissions.length > keep) submissions.shift();
    if (controls.respDelayMs > 0) setTimeout(() => session.respond(pdu, 0, sub.messageId), controls.respDelayMs);
    else session.respond(pdu, 0, sub.messageId);
    if (sub.registeredDelivery & 0x01) scheduleReceipt(session, sub);
  }

  function readSubmission(pdu: Pdu, messageId: string): SmscSubmission {
    const { udh, body } = splitUdh(pdu.esm_class ?? 0, pdu.short_message ?? Buffer.alloc(0));
    return {
      messageId,
      source: pdu.source_addr ?? '',
      destination: pdu.destination_addr ?? '',
      dataCoding: pdu.data_coding ?? 0,
      esmClass: pdu.esm_class ?? 0,
      udh: udh ? Buffer.from(udh) : null,
      text: decodeText(body, pdu.data_coding ?? 0),
      registeredDelivery: pdu.registered_delivery ?? 0,
      at: Date.now(),
    };
  }

  let rotation = 0;
  function receiver(preferred: SmppLink | null): SmppLink | null {
    const receivers = [...bound].filter(([s, mode]) => mode !== 'bind_transmitter' && s.writable).map(([s]) => s);
    if (controls.receiptsTo === 'other' && preferred) {
      const others = receivers.filter((s) => s !== preferred);
      if (others.length) return others[rotation++ % others.length] as SmppLink;
    }
    if (preferred && receivers.includes(preferred)) return preferred;
    return receivers[0] ?? null;
  }

  /** receipts due while no receiver was bound, and those sent but not yet acknowledged, per session */
  type ReceiptFields = SmFields;
  const waiting: ReceiptFields[] = [];
  const outstanding = new Map<SmppLink, Set<ReceiptFields>>();

  /** To the session that submitted the message while it is bound (each account's sandbox connection has its own), else to any receiver. */
  function deliverReceipt(fields: ReceiptFields, preferred: SmppLink | null = null) {
    const target = receiver(preferred);
    if (!target) {
      waiting.push(fields);
      return;
    }
    if (preferred && target !== preferred) counters.receiptsElsewhere++;
    const open = outstanding.get(target) ?? new Set<ReceiptFields>();
    outstanding.set(target, open);
    open.add(fields);
    target.request(
      (seq) => encodeSm(CMD.deliver_sm, fields, seq),
      (resp: Pdu) => {
        open.delete(fields);
        if (resp.command_status === 0) counters.receiptsAcked++;
        else deliverReceipt(fields, target); // refused: offer it again
      },
    );
  }

  function flushReceipts() {
    for (const fields of waiting.splice(0)) deliverReceipt(fields);
  }

  /**
   * Receipts due later, one FIFO per delay setting (each is in due order) and one timer for all:
   * a timer per submission cost more than the rest of the simulator at thousands a second.
   */
  const due = new Map<number, { at: number; session: SmppLink; sub: SmscSubmission }[]>();
  let dueTimer: NodeJS.Timeout | null = null;

  function scheduleReceipt(session: SmppLink, sub: SmscSubmission) {
    const delay = controls.receiptDelayMs;
    const fifo = due.get(delay) ?? [];
    due.set(delay, fifo);
    fifo.push({ at: sub.at + delay, session, sub });
    armReceipts();
  }

  function armReceipts() {
    if (dueTimer) return;
    let next = Number.POSITIVE_INFINITY;
    for (const fifo of due.values()) if (fifo.length > 0) next = Math.min(next, (fifo[0] as { at: number }).at);
    if (next === Number.POSITIVE_INFINITY) return;
    dueTimer = setTimeout(sendDueReceipts, Math.max(0, next - Date.now()));
  }

  function sendDueReceipts() {
    dueTimer = null;
    const now = Date.now();
    for (const [delay, fifo] of due) {
      let n = 0;
      while (n < fifo.length && (fifo[n] as { at: number }).at <= now) n++;
      for (const { session, sub } of fifo.splice(0, n)) sendReceipt(session, sub);
      if (fifo.length === 0) due.delete(delay);
    }
    armReceipts();
  }

  function sendReceipt(session: SmppLink, sub: SmscSubmission) {
    const failed = controls.failureRate > 0 && Math.random() < controls.failureRate;
    const stat = failed ? 'UNDELIV' : 'DELIVRD';
    const id = controls.decimalReceiptIds ? Number.parseInt(sub.messageId, 16).toString(10) : sub.messageId;
    const now = smppDate(new Date());
    const text = `id:${id} sub:001 dlvrd:${failed ? '000' : '001'} submit date:${smppDate(new Date(sub.at))} done date:${now} stat:${stat} err:${failed ? '001' : '000'} text:${sub.text.slice(0, 20).replace(/[^\x20-\x7e]/g, '.')}`;
    counters.receiptsSent++;
    deliverReceipt(
      {
        source_addr_ton: 1,
        source_addr_npi: 1,
        source_addr: sub.destination,
        dest_addr_ton: 5,
        dest_addr_npi: 0,
        destination_addr: sub.source,
        esm_class: 0x04,
        registered_delivery: 0,
        data_coding: 0,
        short_message: Buffer.from(text, 'latin1'),
        receipted_message_id: id,
        message_state: failed ? 5 : 2,
      },
      session,
    );
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  opts.log?.info({ port: address.port }, 'sandbox SMSC listening');

  return {
    host: address.address,
    port: address.port,
    controls,
    counters,
    submissions,
    configure(patch) {
      Object.assign(controls, patch);
    },
    resetCounters() {
      Object.assign(counters, {
        binds: 0,
        maxBound: bound.size,
        bindFailures: 0,
        submitted: 0,
        throttled: 0,
        receiptsSent: 0,
        receiptsAcked: 0,
        receiptsElsewhere: 0,
        duplicates: 0,
      });
      counters.perDestination.clear();
      counters.duplicateKeys.clear();
      seen.clear();
      submissions.length = 0;
    },
    drop() {
      for (const s of [...sessions]) s.destroy();
    },
    sendMo(source, destination, text) {
      const target = receiver(null);
      if (!target) return false;
      const encoding = encodingOf(text);
      const mo: SmFields = {
        source_addr_ton: 1,
        source_addr_npi: 1,
        source_addr: source,
        dest_addr_ton: 5,
        dest_addr_npi: 0,
        destination_addr: destination,
        esm_class: 0,
        registered_delivery: 0,
        data_coding: DATA_CODING[encoding],
        short_message: encodeText(text, encoding),
      };
      target.request((seq) => encodeSm(CMD.deliver_sm, mo, seq));
      return true;
    },
    boundSessions: () => bound.size,
    async close() {
      if (dueTimer) clearTimeout(dueTimer);
      dueTimer = null;
      due.clear();
      for (const s of [...sessions]) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * main.ts: the sandbox SMSC on SANDBOX_SMSC_PORT (a free port when busy) unless SANDBOX_SMSC=false;
 * writes the port it got into config.smsc, where sandbox connections read it.
 */
export async function startSandboxSmsc(config: { smsc: Config['smsc'] }, log: Logger): Promise<SmscSimulator | null> {
  if (!config.smsc.sandbox) return null;
  const { systemId, password, receiptDelayMs, failureRate, throttleRate, host } = config.smsc;
  const opts = { systemId, password, receiptDelayMs, failureRate, throttleRate, host, log, keep: 100 };
  let sim: SmscSimulator;
  try {
    sim = await startSmscSimulator({ ...opts, port: config.smsc.port });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    log.warn({ port: config.smsc.port }, 'sandbox SMSC port busy; using a free one');
    sim = await startSmscSimulator({ ...opts, port: 0 });
  }
  config.smsc.port = sim.port;
  return sim;
}
