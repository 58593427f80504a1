/**
 * What the SMS senders learned, written in batches (what arrives while the previous write runs, up
 * to 1,000 outcomes per transaction): SENT / PARTIALLY_SENT with the part keys receipts are matched
 * by, failover to the route's next connection, FAILED with the readable ESME text, or back to the
 * queue when a connection stopped. Each outcome first takes its claimed row out of `sms_queue`.
 */
import type pg from 'pg';
import type { AppContext } from '../../../context.ts';
import { normalizeMessageId } from '../../../channels/sms/dlr.ts';
import { queueSms, takeInflight, unclaim } from './sms-queue.ts';
import { Batcher } from './batcher.ts';
import { flagPossibleDuplicates, markSmsSent, moveToNextConnection, refuse, type StageRow } from '../states/index.ts';
import { stageTx } from './stage-repo.ts';

export interface ClaimedSms extends StageRow {
  created_at: string;
  recipient: string;
  sender: string | null;
  body: string;
  parts: number;
  connection_id: number;
  route_connection_ids: number[] | null;
  attempt: number;
  possible_duplicate: boolean;
}

/**
 * `written` (when given) runs once the outcome is committed. `whole`: one id stands for the whole
 * message (an HTTP gateway splits it itself) — all its parts count as sent, its key is part 0.
 */
export type SmsOutcome = (
  | { kind: 'sent'; row: ClaimedSms; ids: (string | null)[]; whole?: boolean }
  | { kind: 'failover'; row: ClaimedSms; next: number; reason: string }
  | { kind: 'failed'; row: ClaimedSms; code: string; reason: string }
  | { kind: 'release'; row: ClaimedSms; submitted: boolean }
) & { written?: () => void };

export class SmsResultWriter {
  readonly batcher: Batcher<SmsOutcome>;

  constructor(
    private readonly ctx: AppContext,
    /** the pipeline pool (pipeline-pool.ts): asynchronous commit, no sequential scans */
    private readonly pool: pg.Pool,
    /** new work for a connection; `fromId`: the oldest message id put back in its queue */
    private readonly wake: (connectionId: number, fromId?: number) => void,
  ) {
    this.batcher = new Batcher(
      (items) => this.write(items),
      (err, items) => {
        ctx.log.error({ err, count: items.length }, 'SMS result write failed; retrying');
        setTimeout(() => {
          for (const i of items) this.batcher.push(i);
        }, 1000).unref();
      },
      // a short gather, and up to 3 writes at once: a connection submits only while its window of
      // parts is not waiting for these commits
      2,
      1000,
      3,
    );
  }

  push(o: SmsOutcome) {
    this.batcher.push(o);
  }

  private async write(items: SmsOutcome[]) {
    const sent = items.filter((o) => o.kind === 'sent') as Extract<SmsOutcome, { kind: 'sent' }>[];
    const others = items.filter((o) => o.kind !== 'sent');
    await Promise.all([this.writeSent(sent), this.writeOthers(others)]);
    // failover and release put older ids back in a queue: the claims there must look again
    for (const o of items) {
      if (o.kind === 'failover') this.wake(o.next, o.row.id);
      else if (o.kind === 'release') this.wake(o.row.connection_id, o.row.id);
    }
    for (const o of items) o.written?.();
  }

  /**
   * SENT / PARTIALLY_SENT in one statement on the pipeline pool (the hot path: a connection's window
   * waits for this commit): the claimed queue rows go, the messages change (HOT: no indexed
   * column), the part keys receipts match by go in, and the timeline gets an event only where
   * sent_at does not say it all (parts missing, a duplicate risk).
   */
  private async writeSent(sent: Extract<SmsOutcome, { kind: 'sent' }>[]) {
    if (sent.length === 0) return;
    const done = sent.map((o) => ({ o, ps: o.whole ? o.row.parts : o.ids.filter((id) => id !== null).length }));
    const keys = done.flatMap((d) =>
      d.o.ids.flatMap((id, i) => (id === null ? [] : [{ row: d.o.row, key: normalizeMessageId(id), part: d.o.whole ? 0 : i + 1 }])),
    );
    await markSmsSent(
      this.pool,
      done.map((d) => ({
        id: d.o.row.id,
        created_at: d.o.row.created_at,
        conn: d.o.row.connection_id,
        ps: d.ps,
        pid: d.o.ids.find((id) => id !== null) ?? null,
        dup: d.o.row.possible_duplicate,
      })),
      keys.map((k) => ({
        conn: k.row.connection_id,
        key: k.key,
        id: k.row.id,
        created_at: k.row.created_at,
        part: k.part,
        account: k.row.account_id,
      })),
    );
  }

  /** Failover, FAILED and release: rare, several statements in one transaction. */
  private async writeOthers(items: SmsOutcome[]) {
    if (items.length === 0) return;
    const key = (o: SmsOutcome) => ({ connection_id: o.row.connection_id, id: o.row.id, created_at: o.row.created_at });
    const release = items.filter((o) => o.kind === 'release');
    await this.ctx.db.transaction(async (tx) => {
      await stageTx(tx);
      // an outcome counts once: only messages still claimed in the queue move on
      const taken = await takeInflight(tx, items.filter((o) => o.kind !== 'release').map(key));
      const failover = items.filter((o) => o.kind === 'failover' && taken.has(o.row.id)) as Extract<SmsOutcome, { kind: 'failover' }>[];
      const failed = items.filter((o) => o.kind === 'failed' && taken.has(o.row.id)) as Extract<SmsOutcome, { kind: 'failed' }>[];
      if (failover.length > 0) {
        await moveToNextConnection(
          tx,
          failover.map((o) => ({
            id: o.row.id,
            created_at: o.row.created_at,
            account_id: o.row.account_id,
            from: o.row.connection_id,
            to: o.next,
            reason: o.reason,
          })),
        );
        await queueSms(
          tx,
          failover.map((o) => ({ ...key(o), connection_id: o.next })),
        );
      }
      await refuse(
        tx,
        failed.map((o) => ({ row: o.row, status: 'FAILED' as const, error_code: o.code, error_message: o.reason })),
      );
      const back = await unclaim(tx, release.map(key));
      await flagPossibleDuplicates(
        tx,
        release.filter((o) => o.submitted && back.has(o.row.id)).map((o) => o.row),
      );
    });
  }
}
