import { translate } from '@risala/shared/i18n/index.ts';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { JobHandlers } from '../../../jobs/registry.ts';
import { csvCell } from '../../../lib/csv-formula.ts';
import { AppError } from '../../../lib/errors.ts';
import type { AuthContext } from '../../auth/index.ts';
import { assertWithinPlan, planLimit } from '../../billing/index.ts';
import { readRows } from './file-reader.ts';
import { runImport } from './import-runner.ts';
import { type ImportOptions, loadJob } from './imports.service.ts';
import { planImport, type RowError } from './row-validate.ts';

type QueuedJob = {
  id: number;
  account_id: number;
  status: string;
  mode: 'insert' | 'upsert';
  mapping: Record<string, string>;
  options: ImportOptions;
  target_id: number | null;
};

/** The rows after the header. */
async function* dataRows(rows: AsyncGenerator<string[]>): AsyncGenerator<string[]> {
  let header = true;
  for await (const cells of rows) {
    if (header) header = false;
    else yield cells;
  }
}

/**
 * Run one queued customers import: validate and stage every row, write the customers, record
 * counts and the row-level report, all in ONE transaction. A failure leaves no customer behind
 * and marks the job FAILED (or REJECTED when the file itself was refused).
 */
export async function runImportJob(ctx: AppContext, id: number) {
  const { rows } = await ctx.db.execute<QueuedJob>(
    sql`select id, account_id, status, mode, mapping, options, target_id from import_jobs
         where id = ${id} and kind = 'customers'`,
  );
  const job = rows[0];
  if (job?.status !== 'VALIDATING') return; // already handled
  let progress = Promise.resolve();
  const setProgress = (n: number) => {
    progress = progress
      .then(() => ctx.db.execute(sql`update import_jobs set processed_rows = ${n} where id = ${id}`))
      .then(
        () => undefined,
        () => undefined,
      );
  };
  const client = await ctx.db.$client.connect();
  try {
    const data = await ctx.storage.get(job.options.file_key);
    if (!data) throw new AppError('IMPORT_FILE_INVALID');
    const plan = planImport(job.options.columns, job.mapping, job.options.default_country, job.options.consent_all ?? []);
    await client.query('begin');
    // one runner per import, even if it were ever queued twice
    const lock = await client.query<{ ok: boolean }>(`select pg_try_advisory_xact_lock(hashtext('customers_import'), $1) as ok`, [id]);
    const fresh = await client.query<{ status: string }>('select status from import_jobs where id = $1', [id]);
    if (!lock.rows[0].ok || fresh.rows[0]?.status !== 'VALIDATING') {
      await client.query('rollback');
      return;
    }
    const outcome = await runImport({
      client,
      accountId: job.account_id,
      rows: dataRows(readRows(data, job.options.file)),
      plan,
      mode: job.mode,
      addToGroupId: job.target_id,
      onProgress: setProgress,
      onValidated: () => {
        progress = progress
          .then(async () => {
            await ctx.db.execute(sql`update import_jobs set status = 'IMPORTING' where id = ${id}`);
          })
          .catch(() => undefined);
      },
    });
    await progress;
    // the plan's customers limit (§6 PLAN_LIMIT_EXCEEDED), counted inside the import's transaction:
    // an import that would pass it is rejected whole (nothing half-imported)
    const { rows: acct } = await client.query<{ plan: string }>('select plan from accounts where id = $1', [job.account_id]);
    const planKey = acct[0]?.plan ?? 'free';
    if (outcome.inserted > 0 && (await planLimit(ctx.db, planKey, 'customers')) !== null) {
      const { rows: had } = await client.query<{ n: number }>('select count(*)::int as n from customers where account_id = $1', [
        job.account_id,
      ]);
      const before = (had[0]?.n ?? 0) - outcome.inserted;
      await assertWithinPlan(ctx.db, planKey, 'customers', before, outcome.inserted);
    }
    const errorsKey = outcome.errors.length ? `imports/${job.account_id}/${id}-errors.csv` : null;
    if (errorsKey) await ctx.storage.put(errorsKey, errorsCsv(outcome.errors), 'text/csv');
    await client.query(
      `update import_jobs set status = 'COMPLETED', total_rows = $2, processed_rows = $2, inserted_rows = $3,
              updated_rows = $4, failed_rows = $5, errors_file_key = $6, finished_at = now() where id = $1`,
      [id, outcome.total, outcome.inserted, outcome.updated, outcome.failed, errorsKey],
    );
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    await progress;
    const known = err instanceof AppError;
    if (!known) ctx.log.error({ err, importId: id }, 'customers import failed');
    await ctx.db.execute(
      sql`update import_jobs set status = ${known ? 'REJECTED' : 'FAILED'}, inserted_rows = 0, updated_rows = 0,
              error_code = ${known ? err.code : 'INTERNAL_ERROR'}, error_message = ${(err as Error).message.slice(0, 500)},
              finished_at = now() where id = ${id}`,
    );
  } finally {
    client.release();
  }
}

export function customersImportJobs(ctx: AppContext): JobHandlers {
  return { customers_import: (p) => runImportJob(ctx, p.id) };
}

function errorsCsv(errors: RowError[]): Buffer {
  return Buffer.from(
    stringify(
      errors.map((e) => [e.row, e.column, e.value, e.code]),
      { header: true, columns: ['row', 'column', 'value', 'code'] },
    ),
  );
}

/** The row-level report in the reader's language, with a BOM so Excel reads UTF-8 (Arabic). */
export async function errorsReport(ctx: AppContext, auth: AuthContext, id: number, lang: string): Promise<string> {
  const job = await loadJob(ctx, auth.accountId, id);
  if (job.status !== 'COMPLETED') throw new AppError('IMPORT_NOT_READY');
  const stored = job.errors_file_key ? await ctx.storage.get(job.errors_file_key) : null;
  const records: string[][] = stored ? parse(stored, { from_line: 2 }) : [];
  // the cells come from the uploaded file: written so a spreadsheet never runs them as formulas,
  // and quoted whenever they hold a separator of any list (, ; tab)
  const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\n`;
  const rows = records.map(([row, column, value, code]) => line([row, column ?? '', value ?? '', translate(lang, code as string)]));
  return `\ufeff${line(['row', 'column', 'value', 'message'])}${rows.join('')}`;
}
