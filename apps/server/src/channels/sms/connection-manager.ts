/**
 * Owns the live SMPP sessions of this process, one per started connection, and mirrors their state
 * into the connections row (status CREATED → CONNECTING → CONNECTED, DISCONNECTED on a drop with
 * last_error, STOPPED on stop). start/stop/restart set desired_state; `startDesired()` brings up
 * every connection that should run (called once when the process starts).
 *
 * Events for the sending pipeline: 'receipt' (connectionId, accountId, Receipt, defer) and
 * 'mo' (connectionId, accountId, MoMessage, defer) — `defer()` takes over the deliver_sm answer —,
 * 'state' (connectionId, accountId, state, reason). HTTP connections have no session: the manager
 * only remembers which ones are started in this process (`httpIds`), for the dispatcher to drain.
 */
import { EventEmitter } from 'node:events';
import { type Reason, storeReason } from '@risala/shared/i18n/index.ts';
import type { AppContext } from '../../context.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { assertPublicHost } from '../../lib/outbound-url.ts';
import { type ConnectionRow, connectionsToStart, findConnection, setRuntime } from '../../modules/connections/index.ts';
import { ReasonError } from './link-reasons.ts';
import { SmppSession, type SessionState } from './smpp-session.ts';

interface Live {
  session: SmppSession;
  accountId: number;
  row: ConnectionRow;
}

export class ConnectionManager extends EventEmitter {
  private readonly live = new Map<number, Live>();
  /** started HTTP connections of this process → their account */
  private readonly http = new Map<number, number>();
  /** per-connection chain so status writes land in order */
  private readonly writes = new Map<number, Promise<unknown>>();
  private closed = false;
  private reconciler: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: AppContext) {
    super();
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
    await this.startRow(row);
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
          err instanceof AppError ? { key: `errors.${err.code}`, params: err.params } : { key: 'gateway.smpp.connectFailed', params: { reason: (err as Error).message } };
        await this.write(row.id, { desired_state: 'stopped', status: 'DISCONNECTED', last_error: storeReason(reason), connected_at: null });
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
      await this.drop(row.id);
      await this.write(row.id, { desired_state: 'stopped', status: 'DISCONNECTED', last_error: storeReason(reason), connected_at: null });
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

  /** Stops a connection (unbind + close) and records STOPPED. */
  async stop(accountId: number, id: number): Promise<void> {
    const row = await findConnection(this.ctx.db, accountId, id);
    if (!row) throw new AppError('NOT_FOUND');
    await this.drop(id);
    await this.write(id, { desired_state: 'stopped', status: 'STOPPED', connected_at: null });
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

  /**
   * The process's loop: bring up wanted connections now and every `everyMs` after (a new account's
   * sandbox connection, a start recorded by another process). main.ts calls it once.
   */
  run(everyMs = 5000): void {
    const tick = () => void this.startDesired().catch((err) => this.ctx.log.error({ err }, 'connection reconcile failed'));
    tick();
    this.reconciler = setInterval(tick, everyMs);
    this.reconciler.unref();
  }

  /** Starts every connection whose desired_state is started and that has no session here (failures are logged). */
  async startDesired(): Promise<void> {
    if (this.closed) return;
    const rows = (await connectionsToStart(this.ctx.db)).filter((row) => !this.live.has(row.id) && !this.http.has(row.id));
    await Promise.all(
      rows.map((row) =>
        this.startRow(row).catch((err) => this.ctx.log.warn({ connectionId: row.id, err: (err as Error).message }, 'connection did not start')),
      ),
    );
  }

  /** Process shutdown: close every session; rows say DISCONNECTED until the next start. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.reconciler) clearInterval(this.reconciler);
    this.http.clear(); // stateless: their rows stay CONNECTED
    const ids = [...this.live.keys()];
    await Promise.all(ids.map((id) => this.drop(id)));
    await Promise.all(ids.map((id) => this.write(id, { status: 'DISCONNECTED', connected_at: null })));
  }
}
