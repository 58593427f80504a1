/**
 * The SMS connection queue (`sms_queue`, sms-queue.ts), drained per connection by a
 * sender loop in the process that holds the connection's live SMPP session — the process holding
 * the connection's owner lock (connection-manager.ts), so only one process drains a connection.
 * The loop claims rows with `FOR UPDATE SKIP LOCKED` (→ inflight), splits them into parts
 * and submits them through the session (message_per_second and throttling live there) while at
 * most one window of parts is submitted-but-unrecorded; each group of rows is recorded as
 * submitted just before it leaves; outcomes go to the batched SmsResultWriter. It wakes on NOTIFY (filter stage, failover) and
 * polls every second. Taking a connection requeues what a crashed process left in flight, the
 * submitted part of it flagged possible_duplicate; before a connection is let go, its sender stops and what it holds is
 * written, so the next owner finds nothing of this process's in flight. HTTP connections (no session: started = drained) get an HttpSender
 * (http-sender.ts) under the same lock, claims and outcomes.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildParts } from '../../../channels/sms/concat.ts';
import type { ConnectionManager } from '../../../channels/sms/connection-manager.ts';
import { storeReason } from '@risala/shared/i18n/index.ts';
import { EsmeError, esmeReason } from '../../../channels/sms/esme.ts';
import { SessionStoppedError } from '../../../channels/sms/smpp-session.ts';
import type { AppContext } from '../../../context.ts';
import { recoverInflight } from '../states/index.ts';
import { parseQueueNotice, SMS_QUEUE_CHANNEL } from './sms-queue.ts';
import { HttpSender } from './http-sender.ts';
import { type Drainer, QueueDrainer } from './drainer.ts';
import { type ClaimedSms, SmsResultWriter } from './sms-results.ts';
import { ClaimCursor } from './claim-cursor.ts';
import { createPipelinePool } from './pipeline-pool.ts';
import { reason } from './reason.ts';

/**
 * Claimed rows held in memory per connection, waiting for room in the window: a few windows' worth
 * (at most 1,000). A crash flags only the rows recorded as submitted (at most a window of them),
 * not these.
 */
const CLAIM_MAX = 1000;
const CLAIM_WINDOWS = 3;
const POLL_MS = 1000;

interface ConnInfo {
  english_sms_length: number;
  arabic_sms_length: number;
  sender_id: string | null;
  window_size: number;
}

type Session = NonNullable<ReturnType<ConnectionManager['session']>>;

/**
 * One connection's sender. Parts are "exposed" from their submit until their outcome is committed;
 * at most the connection's window of parts is exposed at once, so a crash can leave at most one
 * window of messages at the SMSC that we have no record of (those come back possible_duplicate).
 */
class ConnectionSender extends QueueDrainer {
  private exposed = 0;
  private session: Session | null = null;
  private info: ConnInfo | null = null;
  private infoAt = 0;
  private idleWaiters: (() => void)[] = [];

  /** Resolves once every part handed to the session has its outcome committed (or after `ms`). */
  idle(ms: number): Promise<void> {
    if (this.exposed === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      this.idleWaiters.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
  }

  async run(recover: boolean) {
    if (recover) await this.dispatcher.recover(this.id);
    while (!this.stopped) {
      try {
        const session = this.dispatcher.manager.session(this.id);
        if (session?.state !== 'CONNECTED') {
          await this.sleep(POLL_MS);
          continue;
        }
        this.session = session;
        this.info = await this.connInfo();
        this.pump();
        if (this.buffer.length >= this.claimSize / 2) {
          await this.sleep(POLL_MS); // pump wakes us when the buffer runs low
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
        this.dispatcher.ctx.log.error({ err, connectionId: this.id }, 'SMS sender loop failed');
        await this.sleep(POLL_MS);
      }
    }
  }

  private get claimSize() {
    return Math.min(CLAIM_MAX, Math.max(100, (this.info?.window_size ?? 10) * CLAIM_WINDOWS));
  }

  private async connInfo(): Promise<ConnInfo> {
    if (!this.info || Date.now() - this.infoAt > 30_000) {
      const { rows } = await this.dispatcher.ctx.db.execute<ConnInfo & Record<string, unknown>>(
        sql`select english_sms_length, arabic_sms_length, sender_id, window_size from connections where id = ${this.id}`,
      );
      this.info = rows[0] ?? { english_sms_length: 160, arabic_sms_length: 70, sender_id: null, window_size: 10 };
      this.infoAt = Date.now();
    }
    return this.info;
  }

  /**
   * Takes buffered messages while their parts fit in the window (the room is theirs at once),
   * records them as submitted, then hands them to the session.
   */
  private pump() {
    const session = this.session;
    const info = this.info;
    if (!session || !info || this.stopped) return;
    const group: { row: ClaimedSms; parts: ReturnType<typeof buildParts> }[] = [];
    while (this.buffer.length > 0) {
      const row = this.buffer[0] as ClaimedSms;
      const parts = buildParts(row.body, row.id & 0xff, { gsm: info.english_sms_length, ucs2: info.arabic_sms_length });
      if (this.exposed > 0 && this.exposed + parts.length > info.window_size) break;
      this.buffer.shift();
      this.exposed += parts.length;
      group.push({ row, parts });
    }
    if (group.length > 0) void this.submitGroup(session, info, group);
    if (this.buffer.length < this.claimSize / 2) this.wake();
  }

  /** Parts leave once their rows are recorded as submitted; a row that could not be recorded waits. */
  private async submitGroup(session: Session, info: ConnInfo, group: { row: ClaimedSms; parts: ReturnType<typeof buildParts> }[]) {
    let recorded = true;
    try {
      await this.dispatcher.markSubmitted(
        this.id,
        group.map((g) => g.row),
      );
    } catch (err) {
      this.dispatcher.ctx.log.warn({ err, connectionId: this.id }, 'SMS submission not recorded; the messages wait');
      recorded = false;
    }
    if (!recorded || this.stopped) {
      // nothing left: back to the buffer, or to the queue when the sender stopped meanwhile
      this.unexpose(group.reduce((n, g) => n + g.parts.length, 0));
      if (this.stopped) {
        for (const { row } of group) this.dispatcher.results.push({ kind: 'release', row, submitted: row.possible_duplicate });
      } else {
        this.buffer.unshift(...group.map((g) => g.row));
        setTimeout(() => this.pump(), POLL_MS).unref();
      }
      return;
    }
    for (const { row, parts } of group) {
      const source = row.sender ?? info.sender_id ?? '';
      const destination = row.recipient.replace(/^\+/, '');
      Promise.allSettled(
        parts.map((p) =>
          session.submit({
            source,
            destination,
            short_message: p.short_message,
            data_coding: p.data_coding,
            esm_class: p.esm_class,
            // resent after a drop without an answer: the SMSC may have it twice
            onResend: () => {
              row.possible_duplicate = true;
            },
          }),
        ),
      ).then((settled) =>
        this.dispatcher.outcome(row, settled, () => {
          this.unexpose(parts.length);
          this.pump();
        }),
      );
    }
  }

  private unexpose(parts: number) {
    this.exposed -= parts;
    if (this.exposed === 0) for (const done of this.idleWaiters.splice(0)) done();
  }
}

export class SmsDispatcher {
  readonly results: SmsResultWriter;
  /** claims and send outcomes: one statement each, asynchronous commit (pipeline-pool.ts) */
  readonly pool: pg.Pool;
  private readonly senders = new Map<number, Drainer>();
  private readonly cursors = new Map<number, ClaimCursor>();
  /** LISTENs for new work in the queue */
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    readonly ctx: AppContext,
    readonly manager: ConnectionManager,
  ) {
    this.pool = createPipelinePool(ctx);
    this.results = new SmsResultWriter(ctx, this.pool, (id, fromId) => this.wake(id, fromId));
  }

  start() {
    this.timer = setInterval(() => void this.reconcile(), POLL_MS);
    this.timer.unref();
    this.manager.on('state', (id: number) => {
      void this.reconcile();
      this.wake(id);
    });
    this.manager.beforeRelease = (id) => this.letGo(id);
    void this.reconcile();
  }

  /** The connection is about to be let go: stop its sender and write what it still holds. */
  private async letGo(id: number) {
    const sender = this.senders.get(id);
    if (!sender) return;
    this.senders.delete(id);
    sender.stop();
    await sender.idle?.(5000);
    await this.results.batcher.drain();
  }

  /** New work for a connection; `fromId`: the oldest message id put (back) in its queue. */
  wake(connectionId: number, fromId?: number) {
    if (fromId !== undefined) this.cursor(connectionId).rewind(fromId);
    this.senders.get(connectionId)?.wake();
  }

  private cursor(connectionId: number): ClaimCursor {
    let c = this.cursors.get(connectionId);
    if (!c) {
      c = new ClaimCursor();
      this.cursors.set(connectionId, c);
    }
    return c;
  }

  private async listenClient(): Promise<pg.Client> {
    if (this.client) return this.client;
    this.connecting ??= (async () => {
      const connectionString = (this.ctx.db.$client as pg.Pool & { options: { connectionString?: string } }).options.connectionString;
      const client = new pg.Client({ connectionString });
      await client.connect();
      client.on('notification', (n) => {
        const { connectionId, fromId } = parseQueueNotice(n.payload);
        this.wake(connectionId, fromId);
      });
      client.on('error', (err) => {
        // senders poll every second meanwhile; the next reconcile listens again
        this.ctx.log.warn({ err }, 'SMS dispatcher listen connection lost');
        this.client = null;
      });
      await client.query(`listen ${SMS_QUEUE_CHANNEL}`);
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private reconciling: Promise<void> | null = null;

  /** One sender per live session (or started HTTP connection) of this process; senders of gone ones stop. */
  private reconcile(): Promise<void> {
    this.reconciling ??= this.reconcileOnce().finally(() => {
      this.reconciling = null;
    });
    return this.reconciling;
  }

  private async reconcileOnce() {
    if (this.closed) return;
    try {
      // a live session here means this process owns the connection (connection-manager.ts)
      const live = new Set([...this.manager.liveIds(), ...this.manager.httpIds()]);
      for (const [id, s] of this.senders) {
        if (live.has(id)) continue;
        s.stop();
        this.senders.delete(id);
      }
      const wanted = [...live].filter((id) => !this.senders.has(id));
      if (wanted.length === 0) return;
      if (!this.client) await this.listenClient().catch((err) => this.ctx.log.warn({ err }, 'SMS dispatcher could not listen'));
      for (const id of wanted) {
        if (this.senders.has(id) || this.closed) continue;
        const sender = this.manager.isHttp(id) ? new HttpSender(this, id) : new ConnectionSender(this, id);
        this.cursor(id).rewind(0); // a new sender (and its recovery) starts from the queue's head
        this.senders.set(id, sender);
        // whoever had the connection before either died or wrote its outcomes before letting go:
        // what is still in flight is a dead process's
        void sender.run(true);
      }
    } catch (err) {
      this.ctx.log.error({ err }, 'SMS dispatcher reconcile failed');
    }
  }

  /** What a crashed process left in flight goes back to the queue, flagged (the SMSC may have it). */
  async recover(connectionId: number) {
    await this.ctx.db.transaction((tx) => recoverInflight(tx, connectionId));
  }

  /** The next waiting messages of a connection, oldest first; only their queue rows change (→ inflight). */
  async claim(connectionId: number, limit: number): Promise<ClaimedSms[]> {
    const cursor = this.cursor(connectionId);
    const after = cursor.start();
    const { rows } = await this.pool.query<ClaimedSms & { id: string }>({
      name: 'sms-claim',
      text: `with claimed as (
         -- by ctid (a TID scan of the locked rows; an IN over message ids made the planner hash the whole queue)
         update sms_queue q set inflight = true
          where q.ctid = any(array(
            select ctid from sms_queue where connection_id = $1 and message_id > $2 and not inflight
             order by message_id limit $3 for update skip locked))
         returning q.message_id, q.message_created_at)
       select m.id, m.created_at::text as created_at, m.account_id, m.channel, m.bulk_id, m.credits, m.recipient, m.sender, m.body, m.parts,
              m.connection_id, m.route_connection_ids, m.attempt, m.possible_duplicate
         from claimed c join messages m on m.id = c.message_id and m.created_at = c.message_created_at
        order by m.id`,
      values: [connectionId, after, limit],
    });
    const claimed = rows.map((r) => ({ ...r, id: Number(r.id) }));
    cursor.claimed(claimed.at(-1)?.id);
    return claimed;
  }

  /**
   * Claimed rows about to leave for the SMSC or gateway, recorded first (one statement): a crash
   * before their outcome is written flags these, and only these, possible_duplicate.
   */
  async markSubmitted(connectionId: number, rows: ClaimedSms[]): Promise<void> {
    await this.pool.query({
      name: 'sms-submitted',
      text: 'update sms_queue set submitted = true where connection_id = $1 and message_id = any($2::bigint[]) and inflight',
      values: [connectionId, rows.map((r) => r.id)],
    });
  }

  /** What the parts' answers mean for the message; `written` runs once the outcome is committed. */
  outcome(row: ClaimedSms, settled: PromiseSettledResult<string>[], written: () => void) {
    const ids = settled.map((s) => (s.status === 'fulfilled' ? s.value : null));
    const errors = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as Error] : []));
    if (errors.length === 0) return this.results.push({ kind: 'sent', row, ids, written });
    if (errors.some((e) => e instanceof SessionStoppedError)) {
      return this.results.push({ kind: 'release', row, submitted: ids.some((id) => id !== null), written });
    }
    if (ids.some((id) => id !== null)) return this.results.push({ kind: 'sent', row, ids, written });
    const err = errors[0] as Error;
    const text = err instanceof EsmeError ? storeReason(esmeReason(err.status)) : reason('driverError', { detail: err.message });
    this.fail(row, err instanceof EsmeError ? err.info.name : 'SUBMIT_FAILED', text, written);
  }

  /** A message its connection could not send: on to the route's next connection, or FAILED (refunded). */
  fail(row: ClaimedSms, code: string, text: string, written: () => void) {
    const next = (row.route_connection_ids ?? [])[row.attempt + 1];
    if (next !== undefined) return this.results.push({ kind: 'failover', row, next, reason: text, written });
    this.results.push({ kind: 'failed', row, code, reason: text, written });
  }

  async close() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.reconciling;
    for (const s of this.senders.values()) s.stop();
    await Promise.all([...this.senders.values()].map((s) => s.idle?.(5000)));
    this.senders.clear();
    await this.results.batcher.drain();
    await this.client?.end().catch(() => {});
    this.client = null;
    await this.pool.end().catch(() => {});
  }
}
