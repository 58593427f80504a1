/**
 * The sender of an HTTP connection (wire format: channels/sms/http-gateway.ts). Driven by the SMS
 * dispatcher like an SMPP sender — the connection's advisory lock, claims with SKIP LOCKED, crash
 * recovery, outcomes through the SmsResultWriter — but each message is one POST to post_url: at
 * most window_size requests at once (a message waiting for a retry keeps its slot), started no
 * faster than message_per_second. The URL (and the proxy host) pass the SSRF guard before every
 * request. Accepted → SENT with the gateway's id as the whole message's part key; refused (4xx,
 * unsafe URL, no id) → failover to the route's next connection or FAILED; transient (5xx, network,
 * timeout) → retried retry_count times with a doubling back-off, then the same as refused. A
 * request that left without an answer marks the message possible_duplicate. Stopping the connection
 * aborts open requests and puts what has not been accepted back in the queue (flagged when the
 * request had left, as SMPP does with parts in flight).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { countSms } from '@risala/shared/sms';
import { storeReason } from '@risala/shared/i18n/index.ts';
import { sql } from 'drizzle-orm';
import {
  dlrUrl,
  HttpTransportError,
  parseSubmitAnswer,
  postForm,
  proxyUrl,
  type SubmitAnswer,
  submitForm,
} from '../../../channels/sms/http-gateway.ts';
import { decryptSecret } from '../../../lib/crypto.ts';
import { AppError } from '../../../lib/errors.ts';
import { assertOutboundUrl, checkedLookup, resolveOutbound } from '../../../lib/outbound-url.ts';
import type { ClaimedSms } from './sms-results.ts';
import { QueueDrainer } from './drainer.ts';

const POLL_MS = 1000;
const BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;

interface HttpConn {
  desired_state: string;
  post_url: string | null;
  http_username: string | null;
  http_password_enc: string | null;
  proxy_host: string | null;
  proxy_port: number | null;
  proxy_username: string | null;
  proxy_password_enc: string | null;
  sender_id: string | null;
  window_size: number;
  message_per_second: number;
  response_timeout_s: number;
  retry_count: number;
}

export class HttpSender extends QueueDrainer {
  private active = 0;
  private conn: HttpConn | null = null;
  private nextAt = 0;
  private readonly abort = new AbortController();
  private idleWaiters: (() => void)[] = [];

  override stop() {
    this.abort.abort();
    super.stop();
  }

  /** Resolves once every started message has its outcome committed (or after `ms`). */
  idle(ms: number): Promise<void> {
    if (this.active === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      this.idleWaiters.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
  }

  private get claimSize() {
    return Math.min(1000, Math.max(50, (this.conn?.window_size ?? 10) * 5));
  }

  async run(recover: boolean) {
    if (recover) await this.dispatcher.recover(this.id);
    while (!this.stopped) {
      try {
        this.conn = await this.load();
        // stopped from another process: this one still holds the lock but sends nothing
        if (this.conn?.desired_state !== 'started') {
          await this.sleep(POLL_MS);
          continue;
        }
        this.pump();
        if (this.buffer.length >= this.claimSize / 2) {
          await this.sleep(POLL_MS);
          continue;
        }
        const rows = await this.dispatcher.claim(this.id, this.claimSize - this.buffer.length);
        if (this.stopped) {
          for (const row of rows) this.dispatcher.results.push({ kind: 'release', row, submitted: false });
          break;
        }
        this.buffer.push(...rows);
        this.pump();
        if (rows.length === 0) await this.sleep(POLL_MS);
      } catch (err) {
        this.dispatcher.ctx.log.error({ err, connectionId: this.id }, 'HTTP SMS sender loop failed');
        await this.sleep(POLL_MS);
      }
    }
  }

  private async load(): Promise<HttpConn | null> {
    const { rows } = await this.dispatcher.ctx.db.execute<HttpConn & Record<string, unknown>>(sql`
      select desired_state, post_url, http_username, http_password_enc, proxy_host, proxy_port, proxy_username, proxy_password_enc,
             sender_id, window_size, message_per_second, response_timeout_s, retry_count
        from connections where id = ${this.id} and type = 'http'`);
    return rows[0] ?? null;
  }

  /** Starts requests for buffered messages while the window has room. */
  private pump() {
    const conn = this.conn;
    if (!conn || this.stopped) return;
    while (this.buffer.length > 0 && this.active < Math.max(1, conn.window_size)) {
      const row = this.buffer.shift() as ClaimedSms;
      this.active++;
      void this.deliver(row, conn).catch((err) => {
        // never expected (outcomes are values): put it back rather than lose it
        this.dispatcher.ctx.log.error({ err, connectionId: this.id, messageId: row.id }, 'HTTP SMS delivery failed');
        this.dispatcher.results.push({ kind: 'release', row, submitted: row.possible_duplicate, written: () => this.settled() });
      });
    }
    if (this.buffer.length < this.claimSize / 2) this.wake();
  }

  private settled() {
    this.active--;
    if (this.active === 0) for (const done of this.idleWaiters.splice(0)) done();
    this.pump();
  }

  /** Waits for this request's turn under message_per_second. */
  private async pace(perSecond: number) {
    const now = Date.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + 1000 / Math.max(1, perSecond);
    if (at > now) await this.wait(at - now);
  }

  /** A pause that a stop cuts short. */
  private wait(ms: number) {
    return delay(ms, undefined, { signal: this.abort.signal }).catch(() => {});
  }

  private async deliver(row: ClaimedSms, claimedWith: HttpConn) {
    const written = () => this.settled();
    for (let attempt = 0; ; attempt++) {
      const conn = this.conn ?? claimedWith; // the row as last read: edits apply to the next attempt
      await this.pace(conn.message_per_second);
      if (this.stopped) return this.dispatcher.results.push({ kind: 'release', row, submitted: row.possible_duplicate, written });
      // recorded before the first request leaves: a crash from here on flags it (the gateway may have it)
      if (attempt === 0) await this.dispatcher.markSubmitted(this.id, [row]);
      const answer = await this.submit(row, conn);
      if (answer.kind === 'accepted') return this.dispatcher.results.push({ kind: 'sent', row, ids: [answer.id], whole: true, written });
      if (this.stopped) return this.dispatcher.results.push({ kind: 'release', row, submitted: row.possible_duplicate, written });
      if (answer.kind === 'refused' || attempt >= conn.retry_count) {
        const why = (answer.kind === 'refused' && answer.why) || {
          key: `sending.${answer.kind === 'refused' ? 'gatewayRefused' : 'gatewayUnavailable'}`,
          params: { detail: answer.reason },
        };
        return this.dispatcher.fail(row, answer.code, storeReason(why), written);
      }
      this.dispatcher.ctx.log.warn(
        { connectionId: this.id, messageId: row.id, reason: answer.reason },
        'HTTP gateway answer is transient; retrying',
      );
      await this.wait(Math.min(MAX_BACKOFF_MS, BACKOFF_MS * 2 ** attempt));
      if (this.stopped) return this.dispatcher.results.push({ kind: 'release', row, submitted: row.possible_duplicate, written });
    }
  }

  /**
   * One request: the URL checked first (DNS may have changed since the row was saved), then the
   * socket connects to an address checked in the same resolution (no rebinding in between); a
   * proxy is reached at the address its name was checked at.
   */
  private async submit(row: ClaimedSms, conn: HttpConn): Promise<SubmitAnswer> {
    const { config } = this.dispatcher.ctx;
    let url: URL;
    let proxyAddress: string | null = null;
    try {
      if (!conn.post_url) throw new AppError('VALIDATION_ERROR');
      url = await assertOutboundUrl(config, conn.post_url, 'post_url');
      if (conn.proxy_host) proxyAddress = await this.proxyAddress(conn.proxy_host);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return { kind: 'refused', code: err.code, reason: conn.post_url ?? '', why: { key: `errors.${err.code}`, params: err.params } };
    }
    try {
      const secret = (enc: string | null) => (enc ? decryptSecret(config.encryptionKey, enc) : '');
      const form = submitForm({
        username: conn.http_username ?? '',
        password: secret(conn.http_password_enc),
        to: row.recipient.replace(/^\+/, ''),
        from: row.sender ?? conn.sender_id ?? '',
        content: row.body,
        coding: countSms(row.body).encoding === 'UCS-2' ? 8 : 0,
        dlrUrl: dlrUrl(config.publicUrl, config.jwtSecret, this.id),
      });
      const res = await postForm(url, form, {
        timeoutMs: conn.response_timeout_s * 1000,
        lookup: checkedLookup(config),
        proxyUrl: proxyUrl({ ...conn, proxy_host: proxyAddress }, secret(conn.proxy_password_enc)),
        signal: this.abort.signal,
      });
      return parseSubmitAnswer(res.status, res.body);
    } catch (err) {
      if (err instanceof AppError) return { kind: 'refused', code: err.code, reason: url.host, why: { key: `errors.${err.code}` } };
      if (!(err instanceof HttpTransportError)) return { kind: 'refused', code: 'SUBMIT_FAILED', reason: (err as Error).message };
      if (err.maybeSent) row.possible_duplicate = true; // the gateway may have it: a retry can send it twice
      return { kind: 'transient', code: 'HTTP_NO_ANSWER', reason: err.message };
    }
  }

  /** The proxy's address, checked; a name that does not resolve is refused as before. */
  private async proxyAddress(host: string): Promise<string> {
    try {
      const [first] = await resolveOutbound(this.dispatcher.ctx.config, host, 'proxy_host');
      if (first) return first.address;
    } catch (err) {
      if (err instanceof AppError) throw err;
    }
    throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'proxy_host', message: 'validation.hostNotFound' }] });
  }
}
