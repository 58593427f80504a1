/**
 * One client connection of the SMPP server: a bind (transmitter, receiver or transceiver) with an
 * API key of type SMPP — system_id is the key's client_id, password its password — then submits
 * (transmitter, transceiver) and receipts (receiver, transceiver). A bind is refused with
 * ESME_RBINDFAIL for bad credentials, a revoked or expired key, another type, an address outside
 * the key's allow-list, a suspended account or too many binds of the key. Bounded: the library's
 * PDU size limit (16 KB), unanswered submits per bind (ESME_RMSGQFUL beyond the window), the key's
 * rate (ESME_RTHROTTLED), a bind must come within BIND_TIMEOUT_MS and a quiet bind is asked with
 * enquire_link, then closed.
 */
import type { PDU, Session } from 'smpp';
import { ESME } from '../../channels/sms/esme.ts';
import type { AppContext } from '../../context.ts';
import { type ApiKeyPrincipal, ipAllowed, touchApiKey, verifyApiKey } from '../api-keys/index.ts';
import { audit } from '../audit/index.ts';
import type { ReceiverBind } from './pump.ts';
import { receiptPdu } from './receipts.ts';
import type { ReceiptRow } from './smpp-server.repo.ts';
import { decodeSubmit, numberOf, Reassembler, type Submission, type Submitted } from './submit.ts';

export type BindType = 'transmitter' | 'receiver' | 'transceiver';

/** What a session needs from its server. */
export interface SessionHost {
  ctx: AppContext;
  window: number;
  idleMs: number;
  /** registers the bind, or false when the key has its maximum of binds */
  register(s: ClientSession): boolean;
  unregister(s: ClientSession): void;
  /** true when the key is over its rate (the submit is not counted then) */
  throttled(key: ApiKeyPrincipal): boolean;
  submit(s: ClientSession, item: Submission): Promise<Submitted>;
}

const BIND_TIMEOUT_MS = 30_000;
/** a failed bind is answered after this (guessing passwords stays slow) */
const BIND_FAIL_DELAY_MS = 500;
const NOT_SUPPORTED = new Set(['query_sm', 'cancel_sm', 'replace_sm', 'submit_multi', 'data_sm', 'alert_notification', 'outbind']);

export class ClientSession implements ReceiverBind {
  key: ApiKeyPrincipal | null = null;
  type: BindType | null = null;
  outstanding = 0;
  private submitting = 0;
  private lastSeen = Date.now();
  private timer: NodeJS.Timeout;
  private readonly concat = new Reassembler();
  private readonly deliveries = new Map<number, { timer: NodeJS.Timeout; answered: (o: 'ok' | 'retry' | 'closed') => void }>();
  private closed = false;
  readonly ip: string;

  constructor(
    private readonly host: SessionHost,
    readonly session: Session,
  ) {
    this.ip = session.socket.remoteAddress ?? '';
    const opened = Date.now();
    this.timer = setInterval(() => this.tick(opened), Math.min(10_000, host.idleMs / 3));
    this.timer.unref();
    session.on('pdu', (pdu: PDU) => this.onPdu(pdu));
    session.on('error', (err: Error) => {
      host.ctx.log.debug({ err, ip: this.ip }, 'SMPP client connection error');
      session.destroy();
    });
    session.on('close', () => this.onClose());
  }

  get receives() {
    return this.type === 'receiver' || this.type === 'transceiver';
  }
  private get transmits() {
    return this.type === 'transmitter' || this.type === 'transceiver';
  }

  private tick(opened: number) {
    const now = Date.now();
    if (!this.type && now - opened > BIND_TIMEOUT_MS) return this.end();
    if (now - this.lastSeen > this.host.idleMs) return this.end();
    if (this.type && now - this.lastSeen > this.host.idleMs / 2) this.session.enquire_link();
  }

  private answer(pdu: PDU, status: number, fields: Record<string, unknown> = {}) {
    if (!this.closed) this.session.send(pdu.response({ command_status: status, ...fields }));
  }

  private onPdu(pdu: PDU) {
    this.lastSeen = Date.now();
    if (pdu.isResponse()) return; // deliver_sm_resp and enquire_link_resp: their callbacks
    switch (pdu.command) {
      case 'bind_transmitter':
      case 'bind_receiver':
      case 'bind_transceiver':
        return void this.bind(pdu, pdu.command.slice(5) as BindType);
      case 'enquire_link':
        return this.answer(pdu, ESME.ESME_ROK);
      case 'unbind':
        this.answer(pdu, ESME.ESME_ROK);
        return this.end();
      case 'submit_sm':
        return void this.submit(pdu);
      default:
        if (!this.type && pdu.command !== 'unknown') return this.answer(pdu, ESME.ESME_RINVBNDSTS);
        if (NOT_SUPPORTED.has(pdu.command) || pdu.command === 'unknown') return this.answer(pdu, ESME.ESME_RINVCMDID);
        return this.answer(pdu, ESME.ESME_RINVBNDSTS);
    }
  }

  private async bind(pdu: PDU, type: BindType) {
    if (this.type) return this.answer(pdu, ESME.ESME_RALYBND);
    this.session.pause();
    try {
      const systemId = String(pdu.system_id ?? '');
      const password = String(pdu.password ?? '');
      // the password field is not cut at 8 characters: keys' passwords are longer (docs/decisions.md)
      const key = systemId && password.length <= 200 ? await verifyApiKey(this.host.ctx.db, systemId, password, 'smpp') : null;
      const allowed = key !== null && ipAllowed(key.ipAllowList, this.ip) && (type === 'receiver' || key.scopes.includes('sms:send'));
      if (!allowed || !key) {
        await new Promise((r) => setTimeout(r, BIND_FAIL_DELAY_MS));
        this.answer(pdu, ESME.ESME_RBINDFAIL);
        setTimeout(() => this.end(), 100).unref();
        return;
      }
      this.key = key;
      this.type = type;
      if (!this.host.register(this)) {
        this.key = null;
        this.type = null;
        this.answer(pdu, ESME.ESME_RBINDFAIL);
        setTimeout(() => this.end(), 100).unref();
        return;
      }
      this.answer(pdu, ESME.ESME_ROK, { system_id: 'Risala' });
      // the key's "last used" (a bind is one use, however many submits follow)
      await touchApiKey(this.host.ctx.db, key.accountId, key.keyId, this.ip).catch((err) =>
        this.host.ctx.log.warn({ err }, 'SMPP bind: last used not written'),
      );
      await audit(this.host.ctx.db, {
        accountId: key.accountId,
        actor: { type: 'api_key', id: key.keyId, label: key.name },
        action: 'smpp.bind',
        target: { type: 'api_key', id: key.keyId, label: key.name },
        ip: this.ip,
        data: { bind: type, system_type: String(pdu.system_type ?? '') },
      }).catch((err) => this.host.ctx.log.warn({ err }, 'SMPP bind audit failed'));
    } catch (err) {
      this.host.ctx.log.error({ err }, 'SMPP bind failed');
      this.answer(pdu, ESME.ESME_RBINDFAIL);
    } finally {
      this.session.resume();
    }
  }

  private async submit(pdu: PDU) {
    const key = this.key;
    if (!key || !this.transmits) return this.answer(pdu, ESME.ESME_RINVBNDSTS);
    if (this.submitting >= this.host.window) return this.answer(pdu, ESME.ESME_RMSGQFUL);
    if (this.host.throttled(key)) return this.answer(pdu, ESME.ESME_RTHROTTLED);
    const decoded = decodeSubmit(pdu);
    if (!decoded.ok) return this.answer(pdu, decoded.status);
    const sender = String(pdu.source_addr ?? '').trim();
    const to = numberOf(pdu.destination_addr);
    if (!to) return this.answer(pdu, ESME.ESME_RINVDSTADR);
    let text = decoded.text;
    if (decoded.concat && decoded.concat.total > 1) {
      const got = this.concat.add(`${sender}|${to}`, decoded.concat, decoded.text);
      if ('status' in got) return this.answer(pdu, got.status);
      if ('partId' in got) return this.answer(pdu, ESME.ESME_ROK, { message_id: got.partId });
      text = got.whole;
    }
    this.submitting++;
    try {
      const r = await this.host.submit(this, { to, text, sender, registeredDelivery: Number(pdu.registered_delivery ?? 0) & 0x03 });
      this.answer(pdu, r.status, r.messageId ? { message_id: r.messageId } : {});
    } finally {
      this.submitting--;
    }
  }

  deliver(r: ReceiptRow, answered: (o: 'ok' | 'retry' | 'closed') => void): boolean {
    if (this.closed || !this.receives) return false;
    this.outstanding++;
    let seq = 0;
    const settle = (o: 'ok' | 'retry' | 'closed') => {
      const d = this.deliveries.get(seq);
      if (!d) return;
      clearTimeout(d.timer);
      this.deliveries.delete(seq);
      this.outstanding--;
      d.answered(o);
    };
    const sent = this.session.deliver_sm(receiptPdu(r), (resp: PDU) => settle(resp.command_status === 0 ? 'ok' : 'retry'));
    if (!sent) {
      this.outstanding--;
      return false;
    }
    // the library numbered the PDU when it was sent: the callback above and this entry share it
    seq = this.session.sequence as number;
    const timer = setTimeout(() => settle('retry'), 30_000);
    timer.unref();
    this.deliveries.set(seq, { timer, answered });
    return true;
  }

  end() {
    if (this.closed) return;
    this.session.close();
    setTimeout(() => this.session.destroy(), 2000).unref();
  }

  private onClose() {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    for (const [seq, d] of this.deliveries) {
      clearTimeout(d.timer);
      this.deliveries.delete(seq);
      this.outstanding--;
      d.answered('closed');
    }
    if (this.key) this.host.unregister(this);
  }
}
