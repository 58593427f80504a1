/**
 * Owns the live SMPP sessions of this process, one per started connection, and mirrors their state
 * into the connections row (status CREATED → CONNECTING → CONNECTED, DISCONNECTED on a drop with
 * last_error, STOPPED on stop). start/stop/restart set desired_state.
 *
 * One process binds each connection: the one holding its session advisory lock (0x5253, id) on
 * this manager's lock session — an SMSC sees one bind per connection however many processes run.
 * Processes with the worker role (ROLE=all or worker) take the connections that want to run and
 * nobody holds (`run()`: now, every few seconds, and at once when told); an API-only process never
 * binds: its start/stop record the wish, tell the others (NOTIFY risala_connections) and wait for
 * the outcome. When the lock session is lost, every session here is dropped at once (another
 * process may take them), and taken again once it is back.
 *
 * Events for the sending pipeline: 'receipt' (connectionId, accountId, Receipt, defer) and
 * 'mo' (connectionId, accountId, MoMessage, defer) — `defer()` takes over the deliver_sm answer —,
 * 'state' (connectionId, accountId, state, reason). HTTP connections have no session: the manager
 * only remembers which ones are started in this process (`httpIds`), for the dispatcher to drain.
 */
import { EventEmitter } from 'node:events';
import { type Reason, storeReason } from '@risala/shared/i18n/index.ts';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { AppContext } from '../../context.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { LockSession, lockHeldSql } from '../../lib/lock-session.ts';
import { assertPublicHost } from '../../lib/outbound-url.ts';
import { addSmppSource, smppSubmitSeconds } from '../../metrics.ts';
import { type ConnectionRow, findConnection, setRuntime } from '../../modules/connections/index.ts';
import { ReasonError } from './link-reasons.ts';
import { SmppSession, type SessionState } from './smpp-session.ts';

interface Live {
  session: SmppSession;
  accountId: number;
  row: ConnectionRow;
}

/** the advisory lock namespace of connection owners ("RS") */
export const CONNECTION_LOCK_SPACE = 0x5253;
/** start/stop requests for the process that owns (or may take) a connection */
export const CONNECTION_CONTROL_CHANNEL = 'risala_connections';
const OWNED = lockHeldSql(CONNECTION_LOCK_SPACE, 'c.id');
/** how long a start waits past the bind timeout for another process to bind */
const REMOTE_GRACE_MS = 5000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Connections that should run and that no process owns. */
async function unownedToStart(ctx: AppContext): Promise<ConnectionRow[]> {
  const { rows } = await ctx.db.$client.query<ConnectionRow>(
    `select * from connections c where desired_state = 'started' and not ${OWNED} order by id`,
  );
  return rows;
}

export class ConnectionManager extends EventEmitter {
  private readonly live = new Map<number, Live>();
  /** started HTTP connections of this process → their account */
  private readonly http = new Map<number, number>();
  /** connections whose owner lock this process holds */
  private readonly owned = new Set<number>();
  /** per-connection chain so status writes land in order */
  private readonly writes = new Map<number, Promise<unknown>>();
  private closed = false;
  private reconciler: NodeJS.Timeout | null = null;
  private reconciling: Promise<void> | null = null;
  private readonly locks: LockSession;
  /** the process binds connections (worker role); an API-only process asks the others */
  readonly binds: boolean;
  /**
   * Runs before a connection's lock is let go (the dispatcher stops its sender and writes what the
   * session handed back), so a process that takes the connection next finds nothing in flight.
   */
  beforeRelease: ((connectionId: number) => Promise<void>) | null = null;

  constructor(private readonly ctx: AppContext) {
    super();
    this.binds = ctx.config.role !== 'api';
    const url = (ctx.db.$client as pg.Pool & { options: { connectionString?: string } }).options.connectionString as string;
    this.locks = new LockSession(url, ctx.log, 'smpp-owner', {
      onLost: () => this.lostOwnership(),
      onRestored: async (client) => {
        await client.query(`listen ${CONNECTION_CONTROL_CHANNEL}`);
      },
      onNotification: () => void this.reconcile(),
    });
    this.removeMetrics = addSmppSource(() =>
      [...this.live].map(([connection, { session, row }]) => ({
        connection,
        state: session.state,
        inFlight: session.inFlight,
        window: row.window_size,
        throttled: session.stats.throttled,
        session,
      })),
    );
  }

  private readonly removeMetrics: () => void;

  /** Connections bound or started here (for metrics). */
  ownedIds(): number[] {
    return [...this.owned];
  }

  /** The live session of a connection in this process (the pipeline submits through it). */
  session(connectionId: number): SmppSession | null {
    return this.live.get(connectionId)?.session ?? null;
  }

  liveIds(): number[] {
    return [...this.live.keys()];
  }

  httpIds(): number[] {
    return [...this.http.keys()];
  }

  isHttp(connectionId: number): boolean {
    return this.http.has(connectionId);
  }

  private write(id: number, patch: Parameters<typeof setRuntime>[2]) {
    const prev = this.writes.get(id) ?? Promise.resolve();
    const next = prev
      .then(() => setRuntime(this.ctx.db, id, patch))
      .catch((err) => this.ctx.log.error({ err, connectionId: id }, 'connection status write failed'));
    this.writes.set(id, next);
    return next;
  }

  private optionsFor(row: ConnectionRow) {
    const smsc = this.ctx.config.smsc;
    const sandbox = row.is_sandbox;
    return {
      host: sandbox ? smsc.host : (row.host as string),
      port: sandbox ? smsc.port : (row.port as number),
      systemId: sandbox ? smsc.systemId : (row.system_id ?? ''),
      password: sandbox ? smsc.password : row.password_enc ? decryptSecret(this.ctx.config.encryptionKey, row.password_enc) : '',
      systemType: row.system_type,
      bindMode: row.bind_mode,
      sourceTon: row.source_ton,
      sourceNpi: row.source_npi,
      destTon: row.dest_ton,
      destNpi: row.dest_npi,
      addressRange: row.address_range,
      bindTimeoutS: row.bind_timeout_s,
      responseTimeoutS: row.response_timeout_s,
      reconnectDelayS: row.reconnect_delay_s,
      enquireLinkIntervalS: row.enquire_link_interval_s,
      retryCount: row.retry_count,
      windowSize: row.window_size,
      messagePerSecond: row.message_per_second,
      observeSubmit: (
        (submit) => (seconds: number) =>
          submit.observe(seconds)
      )(smppSubmitSeconds.labels({ connection: String(row.id) })),
    };
  }

  /**
   * Starts a connection: SMPP binds within bind_timeout_s or the start fails with
   * CONNECTION_START_TIMEOUT and the reason (the row goes DISCONNECTED with last_error); HTTP
   * connections are stateless and become CONNECTED at once.
   */
  async start(accountId: number, id: number): Promise<void> {
    const row = await findConnection(this.ctx.db, accountId, id);
    if (!row) throw new AppError('NOT_FOUND');
    if (this.binds && !this.closed && (this.owned.has(id) || (await this.claim(id)))) return this.startRow(row);
    await this.startElsewhere(row);
  }

  /** Takes the connection's owner lock if nobody holds it. */
  private async claim(id: number): Promise<boolean> {
    if (this.owned.has(id)) return true;
    if (!(await this.locks.tryLock(CONNECTION_LOCK_SPACE, id))) return false;
    this.owned.add(id);
    return true;
  }

  /**
   * Another process binds: record the wish, tell the others, and wait until the owner reports the
   * bind (or its failure) — up to the bind timeout and a little more.
   */
  private async startElsewhere(row: ConnectionRow): Promise<void> {
    if (row.status === 'CONNECTED' && row.desired_state === 'started') return;
    const { rows } = await this.ctx.db.execute<{ at: string }>(
      sql`update connections set desired_state = 'started', last_error = null, updated_at = now() where id = ${row.id} returning now()::text as at`,
    );
    const since = Date.parse((rows[0] as { at: string }).at);
    await this.ctx.db.execute(sql`select pg_notify(${CONNECTION_CONTROL_CHANNEL}, ${`start:${row.id}`})`);
    const deadline = Date.now() + row.bind_timeout_s * 1000 + REMOTE_GRACE_MS;
    while (Date.now() < deadline) {
      await sleep(200);
      const now = await findConnection(this.ctx.db, row.account_id, row.id);
      if (!now) throw new AppError('NOT_FOUND');
      if (now.status === 'CONNECTED' && now.connected_at && Date.parse(String(now.connected_at)) >= since) return;
      if (now.desired_state === 'stopped' && now.last_error) {
        const stored = now.last_error.startsWith('{"key":') ? (JSON.parse(now.last_error) as Reason) : null;
        throw new AppError('CONNECTION_START_TIMEOUT', {
          params: { reason: stored ?? { key: 'gateway.smpp.connectFailed', params: { reason: now.last_error } } },
        });
      }
    }
    throw new AppError('CONNECTION_START_TIMEOUT', {
      params: { reason: { key: 'gateway.smpp.noWorker', params: { seconds: Math.round((deadline - since) / 1000) } } },
    });
  }

  private async startRow(row: ConnectionRow): Promise<void> {
    if (this.closed) throw new AppError('CONNECTION_STATE_INVALID');
    const existing = this.live.get(row.id);
    if (existing?.session.state === 'CONNECTED') return;
    if (existing) await this.drop(row.id);
    if (row.type === 'http') {
      if (row.status !== 'CONNECTED' || row.desired_state !== 'started') {
        await this.write(row.id, { desired_state: 'started', status: 'CONNECTED', last_error: null, connected_at: 'now' });
      }
      this.http.set(row.id, row.account_id);
      this.emit('state', row.id, row.account_id, 'CONNECTED', null);
      return;
    }
    if (!row.is_sandbox) {
      // SSRF: the host may resolve elsewhere than when it was saved
      try {
        await assertPublicHost(this.ctx.config, row.host as string, 'host', { allowUnresolved: true });
      } catch (err) {
        const reason: Reason =
          err instanceof AppError
            ? { key: `errors.${err.code}`, params: err.params }
            : { key: 'gateway.smpp.connectFailed', params: { reason: (err as Error).message } };
        await this.write(row.id, { desired_state: 'stopped', status: 'DISCONNECTED', last_error: storeReason(reason), connected_at: null });
        await this.release(row.id);
        throw err;
      }
    }
    const session = new SmppSession(this.optionsFor(row));
    this.live.set(row.id, { session, accountId: row.account_id, row });
    // the session's `defer` (answer deliver_sm only once stored) passes through to the pipeline
    session.on('receipt', (r, defer) => this.emit('receipt', row.id, row.account_id, r, defer));
    session.on('mo', (m, defer) => this.emit('mo', row.id, row.account_id, m, defer));
    await this.write(row.id, { desired_state: 'started', status: 'CONNECTING', last_error: null });
    const timeoutMs = row.bind_timeout_s * 1000;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        session.start(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new ReasonError({ key: 'gateway.smpp.bindTimeout', params: { seconds: row.bind_timeout_s } })),
            timeoutMs,
          );
        }),
      ]);
    } catch (err) {
      const reason: Reason =
        err instanceof ReasonError ? err.reason : { key: 'gateway.smpp.connectFailed', params: { reason: (err as Error).message } };
      // recorded before letting go, so no other process takes it up meanwhile
      await this.write(row.id, { desired_state: 'stopped', status: 'DISCONNECTED', last_error: storeReason(reason), connected_at: null });
      await this.release(row.id);
      throw new AppError('CONNECTION_START_TIMEOUT', { params: { reason } });
    } finally {
      clearTimeout(timer);
    }
    await this.write(row.id, { status: 'CONNECTED', last_error: null, connected_at: 'now' });
    session.on('state', (state: SessionState, reason: Reason | null) => {
      this.emit('state', row.id, row.account_id, state, reason);
      if (state === 'STOPPED') return; // written by stop()
      this.write(row.id, {
        status: state,
        ...(reason ? { last_error: storeReason(reason) } : {}),
        ...(state === 'CONNECTED' ? { connected_at: 'now' as const, last_error: null } : {}),
      });
    });
  }

  /**
   * Stops a connection (unbind + close) and records STOPPED. When another process owns it, that
   * process is told and this waits (a few seconds at most) until it has let go: once stop answers,
   * nothing more is submitted on the connection.
   */
  async stop(accountId: number, id: number): Promise<void> {
    const row = await findConnection(this.ctx.db, accountId, id);
    if (!row) throw new AppError('NOT_FOUND');
    await this.stopById(id);
  }

  /** stop() for a connection that may be gone already (deleted). */
  async stopById(id: number): Promise<void> {
    if (this.owned.has(id)) {
      // recorded first, so no other process takes it up while this one lets go
      await this.write(id, { desired_state: 'stopped' });
      await this.release(id);
      await this.write(id, { status: 'STOPPED', connected_at: null });
      return;
    }
    await this.write(id, { desired_state: 'stopped', status: 'STOPPED', connected_at: null });
    await this.ctx.db.execute(sql`select pg_notify(${CONNECTION_CONTROL_CHANNEL}, ${`stop:${id}`})`);
    const held = lockHeldSql(CONNECTION_LOCK_SPACE, '$1');
    for (let i = 0; i < 50; i++) {
      const { rows } = await this.ctx.db.$client.query<{ held: boolean }>(`select ${held} as held`, [id]);
      if (!rows[0]?.held) return;
      await sleep(100);
    }
    this.ctx.log.warn({ connectionId: id }, 'the owner of a stopped connection did not let go within 5 s');
  }

  async restart(accountId: number, id: number): Promise<void> {
    await this.stop(accountId, id);
    await this.start(accountId, id);
  }

  /** Closes a session without touching desired_state. */
  private async drop(id: number) {
    const httpAccount = this.http.get(id);
    if (httpAccount !== undefined) {
      this.http.delete(id);
      this.emit('state', id, httpAccount, 'STOPPED', null);
    }
    const entry = this.live.get(id);
    if (!entry) return;
    this.live.delete(id);
    entry.session.removeAllListeners('state');
    await entry.session.stop();
  }

  /** Closes the session and lets go of the connection (another process may take it). */
  private async release(id: number) {
    await this.drop(id);
    if (!this.owned.has(id)) return;
    await this.beforeRelease?.(id).catch((err) => this.ctx.log.error({ err, connectionId: id }, 'connection release hook failed'));
    this.owned.delete(id);
    await this.locks
      .unlock(CONNECTION_LOCK_SPACE, id)
      .catch((err) => this.ctx.log.warn({ err, connectionId: id }, 'could not unlock a connection'));
  }

  /** The lock session is gone, and every lock with it: another process may bind these now. */
  private lostOwnership() {
    const ids = [...this.owned];
    this.owned.clear();
    for (const id of ids) void this.drop(id).catch(() => {});
    if (ids.length) this.ctx.log.warn({ connections: ids }, 'lost the connection locks; their sessions are closed');
  }

  /**
   * The process's loop: take the connections that want to run and nobody owns, now and every
   * `everyMs` after (a new account's sandbox connection, a start recorded by another process, an
   * owner that died), and at once when told. main.ts calls it once; API-only processes do not bind.
   */
  run(everyMs = 5000): void {
    if (!this.binds) return;
    const tick = () => void this.reconcile();
    void this.locks.session().then(tick, (err) => this.ctx.log.error({ err }, 'connection lock session failed'));
    this.reconciler = setInterval(tick, everyMs);
    this.reconciler.unref();
  }

  /** Lets go of connections no longer wanted, takes the unowned ones that are (failures are logged). */
  reconcile(): Promise<void> {
    this.reconciling ??= this.reconcileOnce()
      .catch((err) => this.ctx.log.error({ err }, 'connection reconcile failed'))
      .finally(() => {
        this.reconciling = null;
      });
    return this.reconciling;
  }

  private async reconcileOnce(): Promise<void> {
    if (this.closed || !this.binds) return;
    if (this.owned.size > 0) {
      const { rows } = await this.ctx.db.$client.query<{ id: number }>(
        `select id from connections where id = any($1::int[]) and desired_state = 'started'`,
        [[...this.owned]],
      );
      const wanted = new Set(rows.map((r) => r.id));
      for (const id of [...this.owned]) if (!wanted.has(id)) await this.release(id); // stopped or deleted elsewhere
    }
    const rows = await unownedToStart(this.ctx);
    await Promise.all(
      rows.map(async (row) => {
        if (this.closed || !(await this.claim(row.id))) return; // another process took it first
        await this.startRow(row).catch((err) =>
          this.ctx.log.warn({ connectionId: row.id, err: (err as Error).message }, 'connection did not start'),
        );
      }),
    );
  }

  /** Process shutdown: close every session and let go; rows say DISCONNECTED until another process binds. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.reconciler) clearInterval(this.reconciler);
    await this.reconciling;
    this.http.clear(); // stateless: their rows stay CONNECTED
    const ids = [...this.live.keys()];
    await Promise.all(ids.map((id) => this.drop(id)));
    // recorded while still owned: a process that takes over writes after this
    await Promise.all(ids.map((id) => this.write(id, { status: 'DISCONNECTED', connected_at: null })));
    await Promise.all([...this.owned].map((id) => this.release(id)));
    await this.locks.close();
    this.removeMetrics();
  }
}
