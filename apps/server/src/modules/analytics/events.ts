/**
 * The live dashboard: every fold writes the net state changes per account to analytics_events
 * and NOTIFYs `risala_analytics`. GET /api/dashboard/events serves them as a paged list, or as
 * Server-Sent Events (each with its id, so a reconnecting EventSource resumes with
 * Last-Event-ID). One LISTEN connection per process, held only while someone is streaming.
 */
import type { DashboardEvent, DashboardEventsPage } from '@risala/shared/schemas/dashboard';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../../db/client.ts';

export const EVENTS_CHANNEL = 'risala_analytics';
/** How long events are kept for clients that reconnect or page (the screen refetches after a gap anyway). */
export const EVENTS_KEEP_HOURS = 24;

export async function eventsAfter(db: DbOrTx, accountId: number, after: number, limit: number): Promise<DashboardEventsPage> {
  const { rows } = await db.execute<{ id: string; at: Date | string; changes: DashboardEvent['changes'] }>(sql`
    select id, at, changes from analytics_events where account_id = ${accountId} and id > ${after} order by id limit ${limit + 1}`);
  const items = rows.slice(0, limit).map((r) => ({ id: Number(r.id), at: new Date(r.at).toISOString(), changes: r.changes }));
  return { items, last_event_id: items.at(-1)?.id ?? after, has_more: rows.length > limit };
}

export interface Subscriber {
  accountId: number;
  /** called when the account may have new events */
  wake(): void;
}

/** Fans one LISTEN connection out to the streams of this process. */
export class EventsHub {
  private subs = new Set<Subscriber>();
  private client: pg.PoolClient | null = null;
  private connecting: Promise<void> | null = null;

  constructor(
    private db: Db,
    private log: Logger,
  ) {}

  async add(sub: Subscriber): Promise<void> {
    this.subs.add(sub);
    await this.listen();
  }

  remove(sub: Subscriber): void {
    this.subs.delete(sub);
    if (this.subs.size === 0) void this.unlisten();
  }

  private listen(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= (async () => {
      const client = await this.db.$client.connect();
      client.on('notification', () => {
        for (const s of this.subs) s.wake();
      });
      client.on('error', (err) => {
        this.log.warn({ err }, 'dashboard events: LISTEN connection lost');
        this.client = null;
        client.release(err);
        // streams reconnect (EventSource retries) and resume from their last id
      });
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      this.client = client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async unlisten(): Promise<void> {
    await this.connecting;
    const client = this.client;
    if (!client || this.subs.size > 0) return;
    this.client = null;
    try {
      await client.query(`UNLISTEN ${EVENTS_CHANNEL}`);
      client.release();
    } catch (err) {
      client.release(err as Error);
    }
  }

  async close(): Promise<void> {
    this.subs.clear();
    await this.unlisten();
  }
}
