/**
 * What the SMS senders learned, written in batches (what arrives while the previous write runs, up to 1,000 outcomes per transaction): SENT /
 * PARTIALLY_SENT with the part keys receipts are matched by, failover to the route's next
 * connection, FAILED with the readable ESME text, or back to the queue when a connection stopped.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { normalizeMessageId } from '../../../channels/sms/dlr.ts';
import { recordEvents } from './events.ts';
import { SMS_QUEUE_CHANNEL } from './filter-stage.ts';
import { Batcher } from './batcher.ts';
import { refuse, type StageRow, stageTx } from './stage-repo.ts';

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
    private readonly wake: (connectionId: number) => void,
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
    const sent = items.filter((o) => o.kind === 'sent');
    const failover = items.filter((o) => o.kind === 'failover');
    const failed = items.filter((o) => o.kind === 'failed');
    const release = items.filter((o) => o.kind === 'release');
    await this.ctx.db.transaction(async (tx) => {
      await stageTx(tx);
      if (sent.length > 0) {
        const done = sent.map((o) => ({ o, ps: o.whole ? o.row.parts : o.ids.filter((id) => id !== null).length }));
        const { rows } = await tx.execute<{ id: string; status: string }>(sql`
          update messages m set status = case when v.ps >= m.parts then 'SENT' else 'PARTIALLY_SENT' end, stage = 'done', parts_sent = v.ps,
                 provider_message_id = v.pid, sent_at = now(), updated_at = now(), possible_duplicate = m.possible_duplicate or v.dup
            from unnest(${sql.param(done.map((d) => d.o.row.id))}::bigint[], ${sql.param(done.map((d) => d.o.row.created_at))}::timestamptz[],
                        ${sql.param(done.map((d) => d.ps))}::int[], ${sql.param(done.map((d) => d.o.ids.find((id) => id !== null) ?? null))}::text[],
                        ${sql.param(done.map((d) => d.o.row.possible_duplicate))}::bool[]) as v(id, created_at, ps, pid, dup)
           where m.id = v.id and m.created_at = v.created_at and m.stage = 'inflight'
          returning m.id, m.status`);
        const keys = done.flatMap((d) =>
          d.o.ids.flatMap((id, i) => (id === null ? [] : [{ row: d.o.row, key: normalizeMessageId(id), part: d.o.whole ? 0 : i + 1 }])),
        );
        await tx.execute(sql`
          insert into sms_part_keys (connection_id, key, message_id, message_created_at, part, account_id)
          select * from unnest(${sql.param(keys.map((k) => k.row.connection_id))}::int[], ${sql.param(keys.map((k) => k.key))}::text[],
                               ${sql.param(keys.map((k) => k.row.id))}::bigint[], ${sql.param(keys.map((k) => k.row.created_at))}::timestamptz[],
                               ${sql.param(keys.map((k) => k.part))}::smallint[], ${sql.param(keys.map((k) => k.row.account_id))}::int[])`);
        const status = new Map(rows.map((r) => [Number(r.id), r.status]));
        await recordEvents(
          tx,
          done
            .filter((d) => status.has(d.o.row.id))
            .map((d) => ({
              message_id: d.o.row.id,
              account_id: d.o.row.account_id,
              event: status.get(d.o.row.id) as string,
              detail: d.o.row.possible_duplicate ? 'possible duplicate' : null,
              data: { connection_id: d.o.row.connection_id, parts: d.ps },
            })),
        );
      }
      if (failover.length > 0) {
        await tx.execute(sql`
          update messages m set connection_id = v.conn, attempt = m.attempt + 1, stage = 'connection', updated_at = now()
            from unnest(${sql.param(failover.map((o) => o.row.id))}::bigint[], ${sql.param(failover.map((o) => o.next))}::int[]) as v(id, conn)
           where m.id = v.id and m.stage = 'inflight'`);
        await recordEvents(
          tx,
          failover.map((o) => ({ message_id: o.row.id, account_id: o.row.account_id, event: 'FAILOVER', detail: o.reason, data: { from: o.row.connection_id, to: o.next } })),
        );
        for (const c of new Set(failover.map((o) => o.next))) await tx.execute(sql`select pg_notify(${SMS_QUEUE_CHANNEL}, ${String(c)})`);
      }
      await refuse(
        tx,
        failed.map((o) => ({ row: o.row, status: 'FAILED' as const, error_code: o.code, error_message: o.reason })),
      );
      if (release.length > 0) {
        await tx.execute(sql`
          update messages m set stage = 'connection', possible_duplicate = m.possible_duplicate or v.dup, updated_at = now()
            from unnest(${sql.param(release.map((o) => o.row.id))}::bigint[], ${sql.param(release.map((o) => o.submitted))}::bool[]) as v(id, dup)
           where m.id = v.id and m.stage = 'inflight'`);
      }
    });
    for (const c of new Set(failover.map((o) => o.next))) this.wake(c);
    for (const o of items) o.written?.();
  }
}
