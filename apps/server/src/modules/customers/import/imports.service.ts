import { randomUUID } from 'node:crypto';
import type { Page } from '@risala/shared';
import type { PageQuery } from '@risala/shared/schemas/common';
import type { ConsentChannel, ImportConfig, ImportJob, ImportUpload } from '@risala/shared/schemas/customers';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { enqueue } from '../../../jobs/queue.ts';
import { AppError } from '../../../lib/errors.ts';
import { audit, userActor } from '../../audit/index.ts';
import type { AuthContext } from '../../auth/index.ts';
import { detectImportFile, headerNames, type ImportFile, readRows, toUtf8 } from './file-reader.ts';
import { planImport, suggestMapping } from './row-validate.ts';

const PREVIEW_ROWS = 10;

/** What the upload learnt about the file, kept on the job (import_jobs.options). */
export interface ImportOptions {
  file: ImportFile;
  file_key: string;
  file_name: string | null;
  columns: string[];
  default_country?: string | null;
  /** channels the importer declared every customer consented to (ImportConfig.consent_all) */
  consent_all?: ConsentChannel[];
  errors_total?: number;
}

type JobRow = {
  id: number;
  account_id: number;
  status: ImportJob['status'];
  mode: 'insert' | 'upsert';
  mapping: Record<string, string> | null;
  options: ImportOptions;
  target_id: number | null;
  total_rows: number;
  processed_rows: number;
  inserted_rows: number;
  updated_rows: number;
  failed_rows: number;
  errors_file_key: string | null;
  error_code: string | null;
  error_message: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
};

export async function loadJob(ctx: AppContext, accountId: number, id: number): Promise<JobRow> {
  const { rows } = await ctx.db.execute<JobRow>(
    sql`select * from import_jobs where id = ${id} and account_id = ${accountId} and kind = 'customers'`,
  );
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return rows[0];
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function toImportJob(j: JobRow): ImportJob {
  return {
    id: j.id,
    status: j.status,
    mode: j.mode,
    file_name: j.options.file_name,
    columns: j.options.columns,
    mapping: j.mapping,
    total_rows: j.total_rows,
    processed_rows: j.processed_rows,
    inserted_rows: j.inserted_rows,
    updated_rows: j.updated_rows,
    failed_rows: j.failed_rows,
    error_code: j.error_code,
    error_message: j.error_message,
    created_at: iso(j.created_at) as string,
    started_at: iso(j.started_at),
    finished_at: iso(j.finished_at),
  };
}

/**
 * Step 1: read the whole file once (format by content, encoding, structure, row count) and keep
 * it. A rejected file creates nothing.
 */
export async function upload(
  ctx: AppContext,
  auth: AuthContext,
  file: { buffer: Buffer; filename: string | null } | null,
): Promise<ImportUpload> {
  if (!file?.buffer.length) throw new AppError(file ? 'IMPORT_EMPTY' : 'FILE_REQUIRED');
  // kept as UTF-8: the worker reads the stored file like any other CSV
  const buffer = toUtf8(file.buffer);
  const detected = detectImportFile(buffer);
  let columns: string[] | null = null;
  const preview: string[][] = [];
  let total = 0;
  for await (const cells of readRows(buffer, detected)) {
    if (!columns) {
      columns = headerNames(cells);
      continue;
    }
    if (cells.every((c) => !c.trim())) continue;
    total += 1;
    if (preview.length < PREVIEW_ROWS) preview.push(cells);
  }
  if (!columns || total === 0) throw new AppError('IMPORT_EMPTY');

  const key = `imports/${auth.accountId}/${randomUUID()}.${detected.format}`;
  const contentType = detected.format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv';
  await ctx.storage.put(key, buffer, contentType);
  const options: ImportOptions = { file: detected, file_key: key, file_name: file.filename, columns };
  const id = await ctx.db.transaction(async (tx) => {
    const f = await tx.execute<{ id: number }>(
      sql`insert into files (account_id, user_id, key, original_name, content_type, size, purpose)
          values (${auth.accountId}, ${auth.userId}, ${key}, ${file.filename}, ${contentType}, ${buffer.length},
                  'customer_import') returning id`,
    );
    const job = await tx.execute<{ id: number }>(
      sql`insert into import_jobs (account_id, user_id, kind, file_id, status, options, total_rows)
          values (${auth.accountId}, ${auth.userId}, 'customers', ${f.rows[0].id}, 'UPLOADED',
                  ${JSON.stringify(options)}::jsonb, ${total}) returning id`,
    );
    return job.rows[0].id;
  });
  return { id, columns, preview, total_rows: total, suggested_mapping: suggestMapping(columns) };
}

/** Step 2: the column mapping and mode, checked against the file's header. */
export async function configure(ctx: AppContext, auth: AuthContext, id: number, body: ImportConfig) {
  const job = await loadJob(ctx, auth.accountId, id);
  if (job.status !== 'UPLOADED') throw new AppError('IMPORT_NOT_READY');
  planImport(job.options.columns, body.mapping, body.default_country, body.consent_all);
  if (body.add_to_group_id) {
    const { rows } = await ctx.db.execute(
      sql`select 1 from customer_groups where id = ${body.add_to_group_id} and account_id = ${auth.accountId}
            and type = 'static'`,
    );
    if (!rows.length) throw new AppError('NOT_FOUND', { errors: [{ field: 'add_to_group_id', message: 'errors.NOT_FOUND' }] });
  }
  const options: ImportOptions = { ...job.options, default_country: body.default_country ?? null, consent_all: body.consent_all };
  await ctx.db.execute(
    sql`update import_jobs set mapping = ${JSON.stringify(body.mapping)}::jsonb, mode = ${body.mode},
            options = ${JSON.stringify(options)}::jsonb, target_id = ${body.add_to_group_id ?? null}
         where id = ${id} and account_id = ${auth.accountId}`,
  );
  return toImportJob(await loadJob(ctx, auth.accountId, id));
}

/** Step 3: queue the import (the job row and the queue entry commit together). */
export async function start(ctx: AppContext, auth: AuthContext, id: number) {
  const job = await loadJob(ctx, auth.accountId, id);
  // already started (a second click): the job comes with the refusal, so a client can follow it
  if (job.status !== 'UPLOADED') throw new AppError('IMPORT_NOT_READY', { data: toImportJob(job) });
  if (!job.mapping) throw new AppError('IMPORT_NOT_READY');
  await ctx.db.transaction(async (tx) => {
    const { rowCount } = await tx.execute(
      sql`update import_jobs set status = 'VALIDATING', started_at = now()
           where id = ${id} and account_id = ${auth.accountId} and status = 'UPLOADED'`,
    );
    if (!rowCount) throw new AppError('IMPORT_NOT_READY', { data: toImportJob(await loadJob(ctx, auth.accountId, id)) });
    // idempotent: the task checks the status under an advisory lock and writes in one transaction
    await enqueue(ctx.db.$client, tx, 'customers_import', { id }, { jobKey: `customers_import:${id}`, maxAttempts: 3 });
  });
  // consent nobody can show row by row: who said everyone gave it, when, for which file
  if (job.options.consent_all?.length) {
    await audit(ctx.db, {
      accountId: auth.accountId,
      actor: userActor(auth.userId),
      action: 'customers.import.consent_declared',
      data: { import_id: id, file_name: job.options.file_name, channels: job.options.consent_all, rows: job.total_rows },
    });
  }
  return toImportJob(await loadJob(ctx, auth.accountId, id));
}

export async function status(ctx: AppContext, auth: AuthContext, id: number) {
  return toImportJob(await loadJob(ctx, auth.accountId, id));
}

/** The account's customer imports, newest first (started ones and files still waiting for a start). */
export async function list(ctx: AppContext, auth: AuthContext, q: PageQuery): Promise<Page<ImportJob>> {
  const { rows } = await ctx.db.execute<JobRow & { total: number }>(
    sql`select *, count(*) over()::int as total from import_jobs
         where account_id = ${auth.accountId} and kind = 'customers'
         order by created_at desc, id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return { items: rows.map(toImportJob), page: q.page, limit: q.limit, total: rows[0]?.total ?? 0 };
}
