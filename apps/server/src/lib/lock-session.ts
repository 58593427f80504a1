/**
 * A dedicated PostgreSQL session for session-level advisory locks (and LISTEN). PostgreSQL drops
 * such locks the moment the session ends — a SIGKILL, a power cut, a network cut — which is what
 * makes them a process's claim on something. When the session is lost, `onLost` runs at once
 * (whatever the locks guarded is no longer this process's alone), and a new session is opened
 * with a growing wait; `onRestored` runs on it before anything else uses it (take the locks
 * again, LISTEN again).
 */
import pg from 'pg';
import type { Logger } from 'pino';

/** waits between attempts to open a lost session again */
const RECONNECT_MS = [250, 1_000, 5_000];

export interface LockSessionHooks {
  onLost?(): void;
  onRestored?(client: pg.Client): Promise<void> | void;
  onNotification?(channel: string, payload: string | undefined): void;
}

export class LockSession {
  private client: pg.Client | null = null;
  private opening: Promise<pg.Client> | null = null;
  private closed = false;
  private attempts = 0;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly log: Logger,
    private readonly name: string,
    private readonly hooks: LockSessionHooks = {},
  ) {}

  /** The open session (opened on first use; while a lost one is being replaced, waits for it). */
  session(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error(`${this.name}: closed`));
    if (this.client) return Promise.resolve(this.client);
    this.opening ??= this.open().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  get connected(): boolean {
    return this.client !== null;
  }

  private async open(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: this.url });
    c.on('error', (err) => this.log.warn({ err, session: this.name }, 'lock session: connection error'));
    c.on('notification', (n) => this.hooks.onNotification?.(n.channel, n.payload));
    c.on('end', () => {
      if (this.client !== c) return;
      this.client = null;
      if (this.closed) return;
      this.log.warn({ session: this.name }, 'lock session lost; its locks are gone');
      this.hooks.onLost?.();
      this.reconnect();
    });
    await c.connect();
    const restoring = this.attempts > 0;
    await this.hooks.onRestored?.(c);
    this.client = c;
    this.attempts = 0;
    if (restoring) this.log.info({ session: this.name }, 'lock session restored');
    return c;
  }

  private reconnect() {
    const wait = RECONNECT_MS[Math.min(this.attempts++, RECONNECT_MS.length - 1)];
    this.retry = setTimeout(() => {
      this.retry = null;
      this.session().catch((err) => {
        this.log.warn({ err, session: this.name }, 'lock session: could not reconnect');
        this.reconnect();
      });
    }, wait);
    this.retry.unref();
  }

  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]) {
    return (await this.session()).query<R>(text, values);
  }

  async tryLock(space: number, key: number): Promise<boolean> {
    const { rows } = await this.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [space, key]);
    return rows[0]?.ok === true;
  }

  async unlock(space: number, key: number): Promise<void> {
    if (!this.client) return; // a lost session holds nothing
    await this.client.query('select pg_advisory_unlock($1, $2)', [space, key]);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.opening?.catch(() => {});
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => {});
  }
}

/**
 * SQL that is true while some session of this database holds the two-key advisory lock
 * (`space`, `keyExpr`): `keyExpr` is a column or expression of the caller's query.
 */
export function lockHeldSql(space: number, keyExpr: string): string {
  return `exists (select 1 from pg_locks l
    where l.locktype = 'advisory' and l.granted and l.objsubid = 2
      and l.database = (select oid from pg_database where datname = current_database())
      and l.classid = ${Math.trunc(space)} and l.objid = (${keyExpr})::oid)`;
}
