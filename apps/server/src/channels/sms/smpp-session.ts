/**
 * One SMPP client session per connection: connect + bind (bind_timeout), TCP_NODELAY, enquire_link
 * every enquire_link_interval, a sliding window of outstanding submit_sm, a token bucket at
 * message_per_second, ESME_RTHROTTLED → back off and resend (the part is never lost), reconnect
 * after reconnect_delay on a drop (in-flight parts are resent: at most `windowSize` duplicates),
 * deliver_sm answered (or, when a listener defers it, once stored) and emitted as 'receipt' or 'mo'.
 *
 * Events: 'state' (state, reason|null) · 'receipt' (Receipt) · 'mo' (MoMessage) · 'bound'.
 */
import { EventEmitter } from 'node:events';
import net from 'node:net';
import type { Reason } from '@risala/shared/i18n/index.ts';
import { isReceiptEsmClass, parseMo, parseReceipt, type Receipt } from './dlr.ts';
import { ESME, EsmeError, esmeInfo } from './esme.ts';
import { bindRefusedReason, ReasonError, socketReason } from './link-reasons.ts';
import { CMD, encodeHeader, encodeSubmitSm, encodeWithLibrary, type Pdu } from './pdu-codec.ts';
import { SmppLink } from './smpp-link.ts';

export type SessionState = 'CONNECTING' | 'CONNECTED' | 'DISCONNECTED' | 'STOPPED';
export type BindMode = 'transceiver' | 'transmitter' | 'receiver';

export interface SmppSessionOptions {
  host: string;
  port: number;
  systemId: string;
  password: string;
  systemType?: string | null;
  bindMode?: BindMode;
  sourceTon?: number;
  sourceNpi?: number;
  destTon?: number;
  destNpi?: number;
  addressRange?: string | null;
  /** seconds (fractions allowed) */
  bindTimeoutS?: number;
  responseTimeoutS?: number;
  reconnectDelayS?: number;
  enquireLinkIntervalS?: number;
  /** retries of a retryable status other than throttling (ESME_RMSGQFUL, ESME_RSYSERR …) */
  retryCount?: number;
  windowSize?: number;
  messagePerSecond?: number;
  /** first back-off after ESME_RTHROTTLED, doubled up to 5 s */
  throttleBackoffMs?: number;
  /** seconds from each submit_sm sent to its submit_sm_resp (metrics) */
  observeSubmit?: (seconds: number) => void;
}

export interface SubmitPart {
  source: string;
  destination: string;
  short_message: Buffer;
  data_coding: number;
  esm_class: number;
  /** default 1: ask for a final receipt */
  registered_delivery?: number;
  /** called when the part goes out again after a drop without an answer (the SMSC may have it twice) */
  onResend?: () => void;
}

/** A submit that did not complete because the session stopped; the caller may queue it again. */
export class SessionStoppedError extends Error {
  constructor() {
    super('SMPP session stopped');
    this.name = 'SessionStoppedError';
  }
}

interface Pending {
  part: SubmitPart;
  resolve: (messageId: string) => void;
  reject: (err: Error) => void;
  attempts: number;
  sentAt: number;
}

const BIND_COMMAND: Record<BindMode, string> = {
  transceiver: 'bind_transceiver',
  transmitter: 'bind_transmitter',
  receiver: 'bind_receiver',
};

export class SmppSession extends EventEmitter {
  state: SessionState = 'DISCONNECTED';
  lastError: Reason | null = null;
  readonly stats = { submitted: 0, throttled: 0, resent: 0, receipts: 0, mo: 0, binds: 0 };
  private readonly options: Required<Omit<SmppSessionOptions, 'systemType' | 'addressRange' | 'observeSubmit'>> & SmppSessionOptions;
  private session: SmppLink | null = null;
  private queue: Pending[] = [];
  private inflight = new Map<number, Pending>();
  private tokens: number;
  private lastRefill = Date.now();
  private pumpTimer: NodeJS.Timeout | null = null;
  private pausedUntil = 0;
  private throttleBackoff: number;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private enquireTimer: NodeJS.Timeout | null = null;
  private watchdogTimer: NodeJS.Timeout | null = null;
  private stopped = true;
  private firstBind: { resolve: () => void; reject: (e: Error) => void } | null = null;

  constructor(options: SmppSessionOptions) {
    super();
    this.options = {
      bindMode: 'transceiver',
      sourceTon: 5,
      sourceNpi: 0,
      destTon: 1,
      destNpi: 1,
      bindTimeoutS: 30,
      responseTimeoutS: 30,
      reconnectDelayS: 10,
      enquireLinkIntervalS: 30,
      retryCount: 3,
      windowSize: 10,
      messagePerSecond: 100,
      throttleBackoffMs: 200,
      ...options,
    };
    this.tokens = this.capacity;
    this.throttleBackoff = this.options.throttleBackoffMs;
  }

  private get capacity() {
    return Math.max(1, Math.ceil(this.options.messagePerSecond / 20));
  }

  get pending() {
    return this.queue.length + this.inflight.size;
  }

  /** parts submitted and not yet answered (at most the window) */
  get inFlight() {
    return this.inflight.size;
  }

  /** Connects and binds; resolves on the first bind, rejects on a bind error or bind timeout. */
  start(): Promise<void> {
    if (!this.stopped) return this.state === 'CONNECTED' ? Promise.resolve() : this.waitBind();
    this.stopped = false;
    const bound = this.waitBind();
    this.connect();
    return bound;
  }

  private waitBind() {
    return new Promise<void>((resolve, reject) => {
      const prev = this.firstBind;
      this.firstBind = {
        resolve: () => {
          prev?.resolve();
          resolve();
        },
        reject: (e) => {
          prev?.reject(e);
          reject(e);
        },
      };
    });
  }

  /** Unbinds and closes; queued and in-flight parts are rejected with SessionStoppedError. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimers();
    const s = this.session;
    this.session = null;
    if (s && !s.socket.destroyed) {
      await new Promise<void>((resolve) => {
        const done = setTimeout(() => {
          s.socket.destroy();
          resolve();
        }, 1000);
        s.socket.once('close', () => {
          clearTimeout(done);
          resolve();
        });
        if (
          this.state === 'CONNECTED' &&
          s.request(
            (seq) => encodeHeader(CMD.unbind, seq),
            () => s.end(),
          ) !== false
        )
          return;
        s.socket.destroy();
      });
    }
    const failed = [...this.inflight.values(), ...this.queue];
    this.inflight.clear();
    this.queue = [];
    for (const p of failed) p.reject(new SessionStoppedError());
    this.firstBind?.reject(new SessionStoppedError());
    this.firstBind = null;
    this.setState('STOPPED', null);
  }

  /** Queues one part; resolves with the SMSC's message id or rejects with an EsmeError. */
  submit(part: SubmitPart): Promise<string> {
    if (this.stopped) return Promise.reject(new SessionStoppedError());
    return new Promise((resolve, reject) => {
      this.queue.push({ part, resolve, reject, attempts: 0, sentAt: 0 });
      this.pump();
    });
  }

  /** All parts of one message, in order; resolves with their message ids. */
  submitMessage(parts: SubmitPart[]): Promise<string[]> {
    return Promise.all(parts.map((p) => this.submit(p)));
  }

  private setState(state: SessionState, reason: Reason | null) {
    if (reason) this.lastError = reason;
    if (this.state === state) return;
    this.state = state;
    this.emit('state', state, reason);
  }

  private connect() {
    this.setState('CONNECTING', null);
    const s = new SmppLink(net.connect({ host: this.options.host, port: this.options.port }));
    this.session = s;
    let bindTimer: NodeJS.Timeout | null = null;
    let failure: Reason | null = null;
    const fail = (reason: Reason) => {
      failure ??= reason;
      if (this.firstBind) {
        this.firstBind.reject(new ReasonError(reason));
        this.firstBind = null;
      }
      s.destroy();
    };
    const { host, port } = this.options;
    s.socket.on('error', (err: NodeJS.ErrnoException) => fail(socketReason(err, host, port)));
    // a byte stream that is not SMPP (the link closes it): before the bind answer, another kind of
    // server on the port; after it, a malformed PDU from the SMSC itself
    let bound = false;
    s.on('error', (err: Error) =>
      fail(
        bound
          ? { key: 'gateway.smpp.protocolError', params: { detail: err.message } }
          : { key: 'gateway.smpp.notSmpp', params: { host, port } },
      ),
    );
    s.socket.on('connect', () => {
      bindTimer = setTimeout(
        () => fail({ key: 'gateway.smpp.bindTimeout', params: { seconds: this.options.bindTimeoutS } }),
        this.options.bindTimeoutS * 1000,
      );
      const bind = {
        system_id: this.options.systemId,
        password: this.options.password,
        system_type: this.options.systemType ?? '',
        interface_version: 0x34,
        addr_ton: this.options.sourceTon,
        addr_npi: this.options.sourceNpi,
        address_range: this.options.addressRange ?? '',
      };
      s.request(
        (seq) => encodeWithLibrary(BIND_COMMAND[this.options.bindMode], bind, seq),
        (resp: Pdu) => {
          if (bindTimer) clearTimeout(bindTimer);
          if (resp.command_status !== 0) {
            fail(bindRefusedReason(resp.command_status));
            return;
          }
          bound = true;
          this.onBound(s, fail);
        },
      );
    });
    s.on('pdu', (pdu: Pdu) => {
      switch (pdu.command) {
        case 'deliver_sm':
          return this.onDeliver(s, pdu);
        case 'enquire_link':
          return s.respond(pdu);
        case 'unbind':
          s.respond(pdu);
          return s.end();
        default:
          // anything else the SMSC asks (outbind, data_sm, query…): ESME_RINVCMDID, as the library answered
          return s.respond(pdu, ESME.ESME_RINVCMDID);
      }
    });
    s.on('close', () => {
      if (bindTimer) clearTimeout(bindTimer);
      if (this.session !== s) return;
      this.session = null;
      this.onDropped(failure ?? { key: 'gateway.smpp.connectionClosed' });
    });
  }

  private onBound(s: SmppLink, fail: (reason: Reason) => void) {
    this.stats.binds++;
    this.lastError = null;
    this.setState('CONNECTED', null);
    this.emit('bound');
    this.firstBind?.resolve();
    this.firstBind = null;
    const unanswered = () => fail({ key: 'gateway.smpp.responseTimeout', params: { seconds: this.options.responseTimeoutS } });
    // one watchdog instead of a timer per part: an unanswered submit_sm past response_timeout breaks the link
    this.watchdogTimer = setInterval(
      () => {
        const limit = Date.now() - this.options.responseTimeoutS * 1000;
        for (const p of this.inflight.values()) {
          if (p.sentAt < limit) {
            unanswered();
            return;
          }
          break; // Map keeps send order: the oldest is first
        }
      },
      Math.min(1000, this.options.responseTimeoutS * 250),
    );
    if (this.options.enquireLinkIntervalS > 0) {
      this.enquireTimer = setInterval(() => {
        const timeout = setTimeout(unanswered, this.options.responseTimeoutS * 1000);
        s.request(
          (seq) => encodeHeader(CMD.enquire_link, seq),
          () => clearTimeout(timeout),
        );
      }, this.options.enquireLinkIntervalS * 1000);
    }
    this.pump();
  }

  private onDropped(reason: Reason) {
    this.clearTimers();
    // parts sent without an answer go out again first (the SMSC may have them: ≤ window duplicates)
    const lost = [...this.inflight.values()];
    this.inflight.clear();
    this.stats.resent += lost.length;
    for (const p of lost) p.part.onResend?.();
    this.queue.unshift(...lost);
    if (this.stopped) return;
    this.setState('DISCONNECTED', reason);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.connect();
    }, this.options.reconnectDelayS * 1000);
  }

  private clearTimers() {
    if (this.enquireTimer) clearInterval(this.enquireTimer);
    if (this.watchdogTimer) clearInterval(this.watchdogTimer);
    this.watchdogTimer = null;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.pumpTimer) clearTimeout(this.pumpTimer);
    this.enquireTimer = this.reconnectTimer = this.pumpTimer = null;
  }

  private refill() {
    const now = Date.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.lastRefill) / 1000) * this.options.messagePerSecond);
    this.lastRefill = now;
  }

  private schedulePump(ms: number) {
    if (this.pumpTimer) return;
    this.pumpTimer = setTimeout(
      () => {
        this.pumpTimer = null;
        this.pump();
      },
      Math.max(1, ms),
    );
  }

  private pump() {
    const s = this.session;
    if (!s || this.state !== 'CONNECTED' || this.options.bindMode === 'receiver') return;
    const now = Date.now();
    if (now < this.pausedUntil) return this.schedulePump(this.pausedUntil - now);
    this.refill();
    while (this.queue.length > 0 && this.inflight.size < this.options.windowSize) {
      if (this.tokens < 1) return this.schedulePump(((1 - this.tokens) / this.options.messagePerSecond) * 1000);
      const p = this.queue.shift() as Pending;
      this.tokens -= 1;
      this.send(s, p);
    }
  }

  private send(s: SmppLink, p: Pending) {
    const fields = {
      source_addr_ton: this.options.sourceTon,
      source_addr_npi: this.options.sourceNpi,
      source_addr: p.part.source,
      dest_addr_ton: this.options.destTon,
      dest_addr_npi: this.options.destNpi,
      destination_addr: p.part.destination,
      esm_class: p.part.esm_class,
      data_coding: p.part.data_coding,
      registered_delivery: p.part.registered_delivery ?? 1,
      short_message: p.part.short_message,
    };
    const seq = s.request(
      (n) => encodeSubmitSm(fields, n),
      (resp) => this.onSubmitResp(seq as number, resp),
    );
    if (seq === false) {
      this.queue.unshift(p);
      return;
    }
    p.sentAt = Date.now();
    this.inflight.set(seq, p);
  }

  private onSubmitResp(seq: number, resp: Pdu) {
    const p = this.inflight.get(seq);
    if (!p) return;
    this.inflight.delete(seq);
    this.options.observeSubmit?.((Date.now() - p.sentAt) / 1000);
    const status = resp.command_status;
    if (status === 0) {
      this.stats.submitted++;
      this.throttleBackoff = this.options.throttleBackoffMs;
      p.resolve(String(resp.message_id ?? ''));
    } else {
      const info = esmeInfo(status);
      if (info.throttled) {
        this.stats.throttled++;
        this.queue.unshift(p);
        this.pausedUntil = Date.now() + this.throttleBackoff;
        this.throttleBackoff = Math.min(5000, this.throttleBackoff * 2);
      } else if (info.retryable && p.attempts < this.options.retryCount) {
        p.attempts++;
        this.queue.push(p);
        this.pausedUntil = Math.max(this.pausedUntil, Date.now() + this.options.throttleBackoffMs);
      } else {
        p.reject(new EsmeError(status));
      }
    }
    this.pump();
  }

  /**
   * deliver_sm is answered at once, unless a listener takes the answer over by calling the `defer`
   * argument during the event: it returns the function that answers (call it once the receipt or
   * message is stored, so an SMSC keeps what we never recorded).
   */
  private onDeliver(s: SmppLink, pdu: Pdu) {
    let deferred = false;
    const answer = () => s.respond(pdu);
    const defer = () => {
      deferred = true;
      return answer;
    };
    if (isReceiptEsmClass(pdu.esm_class ?? 0)) {
      const receipt: Receipt | null = parseReceipt(pdu as Parameters<typeof parseReceipt>[0]);
      if (receipt) {
        this.stats.receipts++;
        this.emit('receipt', receipt, defer);
      }
    } else {
      this.stats.mo++;
      this.emit('mo', parseMo(pdu as Parameters<typeof parseMo>[0]), defer);
    }
    if (!deferred) answer();
  }
}
