/**
 * Messages over years. `messages` is partitioned by month (ensure_message_partitions() makes the
 * coming months ahead, daily); on top of that:
 * - each plan keeps a message's content for `message_retention_months`; past it the content is
 *   redacted a day at a time from the account's watermark, in bounded batches, so an hourly run
 *   catches up on any backlog without a long transaction or a scan of what is already done;
 * - an operator may archive whole months past `MESSAGE_ARCHIVE_AFTER_MONTHS`: the partition is
 *   copied out as gzipped CSV under DATA_DIR/archive, then detached and dropped. The dashboard's
 *   rollups are separate tables and keep every figure.
 */
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { to as copyTo } from 'pg-copy-streams';
import type { AppContext } from '../../context.ts';
import { dropPartition, nextMessageAt, partitionsEndingBefore, redactionsDue, setRedactedBefore } from './retention.repo.ts';
import { redactContent } from './states/index.ts';

const DAY_MS = 86_400_000;
const BATCH = 5_000;

export interface RetentionRun {
  redacted: number;
  accounts: number;
  archived: string[];
  /** the run stopped at its time budget with work left (the next run goes on from the watermarks) */
  unfinished: boolean;
}

/** Redacts what is past each plan's retention, then archives old months; stops after `budgetMs`. */
export async function applyRetention(ctx: AppContext, opts: { budgetMs?: number; now?: Date } = {}): Promise<RetentionRun> {
  const deadline = Date.now() + (opts.budgetMs ?? 50_000);
  const run: RetentionRun = { redacted: 0, accounts: 0, archived: [], unfinished: false };
  const dues = await redactionsDue(ctx.db);
  for (const [i, due] of dues.entries()) {
    run.accounts++;
    if (!due.from || due.from >= due.cutoff) {
      await setRedactedBefore(ctx.db, due.account_id, due.cutoff); // nothing older than the cutoff
      continue;
    }
    let from = due.from;
    while (from < due.cutoff) {
      const to = new Date(Math.min(from.getTime() + DAY_MS, due.cutoff.getTime()));
      let n: number;
      do {
        n = await redactContent(ctx.db, due.account_id, from, to, BATCH);
        run.redacted += n;
      } while (n === BATCH && Date.now() <= deadline);
      if (n < BATCH) {
        // the day is done: the watermark passes it (a stop mid-day resumes that day next time)
        // an account that sends now and then: go straight to its next message's day (nothing lies between)
        from = to < due.cutoff ? ((await nextMessageAt(ctx.db, due.account_id, to, due.cutoff)) ?? due.cutoff) : to;
        await setRedactedBefore(ctx.db, due.account_id, from);
      }
      if (Date.now() > deadline) {
        run.unfinished = from < due.cutoff || i < dues.length - 1;
        return run;
      }
    }
  }
  const months = ctx.config.messages.archiveAfterMonths;
  if (months > 0) {
    const now = opts.now ?? new Date();
    const before = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
    for (const name of await partitionsEndingBefore(ctx.db, before)) {
      if (Date.now() > deadline) {
        run.unfinished = true;
        break;
      }
      await archivePartition(ctx, name);
      run.archived.push(name);
    }
  }
  if (run.redacted || run.archived.length) ctx.log.info({ ...run }, 'message retention applied');
  return run;
}

/** Copies a monthly partition to `<archiveDir>/<name>.csv.gz` (written whole, then renamed), then drops it. */
export async function archivePartition(ctx: AppContext, name: string): Promise<string> {
  if (!/^messages_\d{4}_\d{2}$/.test(name)) throw new Error(`not a monthly messages partition: ${name}`);
  const dir = ctx.config.messages.archiveDir;
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.csv.gz`);
  const partial = `${file}.partial`;
  const client = await ctx.db.$client.connect();
  try {
    await pipeline(
      client.query(copyTo(`copy "${name}" to stdout with (format csv, header true)`)),
      createGzip(),
      createWriteStream(partial),
    );
    client.release();
  } catch (err) {
    client.release(err as Error);
    rmSync(partial, { force: true });
    throw err;
  }
  renameSync(partial, file);
  await dropPartition(ctx.db, name);
  return file;
}
