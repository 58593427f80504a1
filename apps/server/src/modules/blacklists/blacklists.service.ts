import type {
  AddEntriesInput,
  BlacklistCheckResult,
  BlacklistImportReport,
  BlacklistListQuery,
  blacklistCheckSchema,
  CreateBlacklistInput,
  EntryListQuery,
  UpdateBlacklistInput,
} from '@risala/shared/schemas/blacklists';
import { phoneSchema } from '@risala/shared/schemas/common';
import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { dbError } from '../groups/index.ts';
import { findBlocking } from './blacklist-match.ts';
import * as repo from './blacklists.repo.ts';

async function mustFind(db: DbOrTx, accountId: number, id: number, forUpdate = false) {
  const row = await repo.findBlacklist(db, accountId, id, forUpdate);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function list(ctx: AppContext, auth: AuthContext, q: BlacklistListQuery) {
  const { rows, total } = await repo.listBlacklists(ctx.db, auth.accountId, q);
  return { items: rows, page: q.page, limit: q.limit, total };
}

export const get = (ctx: AppContext, auth: AuthContext, id: number) => mustFind(ctx.db, auth.accountId, id);

export async function create(ctx: AppContext, auth: AuthContext, input: CreateBlacklistInput) {
  const id = await repo
    .insertBlacklist(ctx.db, {
      account_id: auth.accountId,
      blacklist_name: input.blacklist_name,
      blacklist_type: input.blacklist_type,
      description: input.description ?? null,
      status: input.status,
      created_by: auth.userId,
    })
    .catch((err) => {
      throw dbError(err);
    });
  return mustFind(ctx.db, auth.accountId, id);
}

export async function update(ctx: AppContext, auth: AuthContext, id: number, input: UpdateBlacklistInput) {
  const updated = await repo.updateBlacklist(ctx.db, auth.accountId, id, input).catch((err) => {
    throw dbError(err);
  });
  if (!updated) throw new AppError('NOT_FOUND');
  return mustFind(ctx.db, auth.accountId, id);
}

export async function setStatus(ctx: AppContext, auth: AuthContext, id: number, status: 'ACTIVE' | 'INACTIVE') {
  if (!(await repo.updateBlacklist(ctx.db, auth.accountId, id, { status }))) throw new AppError('NOT_FOUND');
  return mustFind(ctx.db, auth.accountId, id);
}

/** §8: an active blacklist cannot be deleted; deactivate it first. */
export async function remove(ctx: AppContext, auth: AuthContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const row = await mustFind(tx, auth.accountId, id, true);
    if (row.status === 'ACTIVE') throw new AppError('DELETE_ACTIVE_BLACKLIST');
    await repo.deleteBlacklist(tx, auth.accountId, id);
  });
}

export async function listEntries(ctx: AppContext, auth: AuthContext, id: number, q: EntryListQuery) {
  await mustFind(ctx.db, auth.accountId, id);
  const { rows, total } = await repo.listEntries(ctx.db, auth.accountId, id, q);
  return { items: rows, page: q.page, limit: q.limit, total };
}

/** Adds entries; when every one is already on the list → DATA_EXISTS. */
export async function addEntries(ctx: AppContext, auth: AuthContext, id: number, input: AddEntriesInput) {
  await mustFind(ctx.db, auth.accountId, id);
  const added = await repo.insertEntries(ctx.db, auth.accountId, id, input.entries);
  if (added === 0) throw new AppError('DATA_EXISTS');
  return { added, duplicates: input.entries.length - added };
}

export async function removeEntry(ctx: AppContext, auth: AuthContext, id: number, entryId: number) {
  await mustFind(ctx.db, auth.accountId, id);
  if (!(await repo.deleteEntry(ctx.db, auth.accountId, id, entryId))) throw new AppError('NOT_FOUND');
}

export async function check(
  ctx: AppContext,
  auth: AuthContext,
  input: z.output<typeof blacklistCheckSchema>,
): Promise<BlacklistCheckResult> {
  const matches = await findBlocking(ctx.db, auth.accountId, input);
  return { blocked: matches.length > 0, matches };
}

const NUMBER_COLUMNS = ['number', 'mobile_number', 'mobile', 'phone', 'phone_number', 'msisdn'];
const MAX_REPORTED = 1000;

/** The numbers of a CSV/TXT file with their line numbers: a `number` column, or one number per line. */
export function readNumbers(buffer: Buffer): { line: number; value: string }[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    throw new AppError('IMPORT_ENCODING');
  }
  if (text.includes('\0')) throw new AppError('IMPORT_FILE_INVALID');
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const header = (lines[0] ?? '').split(/[,;\t]/).map((h) => h.trim().replace(/^"|"$/g, '').toLowerCase());
  const column = header.findIndex((h) => NUMBER_COLUMNS.includes(h));
  let rows: { line: number; value: string }[];
  if (column >= 0) {
    const delimiter = [',', ';', '\t'].find((d) => (lines[0] ?? '').includes(d)) ?? ',';
    let records: string[][];
    try {
      records = parse(text.replace(/^\uFEFF/, ''), { delimiter, relax_column_count: true, skip_empty_lines: false, bom: true });
    } catch {
      throw new AppError('IMPORT_FILE_INVALID');
    }
    rows = records.slice(1).map((r, i) => ({ line: i + 2, value: (r[column] ?? '').trim() }));
  } else {
    rows = lines.map((l, i) => ({ line: i + 1, value: l.trim() }));
  }
  rows = rows.filter((r) => r.value !== '');
  if (rows.length === 0) throw new AppError('IMPORT_EMPTY');
  return rows;
}

/** Imports numbers from a file in one transaction; invalid lines are reported, not inserted. */
export async function importNumbers(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  file: { buffer: Buffer; filename: string } | null,
): Promise<BlacklistImportReport> {
  await mustFind(ctx.db, auth.accountId, id);
  if (!file) throw new AppError('FILE_REQUIRED');
  if (!/\.(csv|txt)$/i.test(file.filename)) throw new AppError('INVALID_FILE_TYPE');
  const rows = readNumbers(file.buffer);
  const valid = new Map<string, number>();
  const invalid: BlacklistImportReport['invalid'] = [];
  let invalidCount = 0;
  for (const row of rows) {
    const parsed = phoneSchema.safeParse(row.value);
    if (parsed.success) {
      valid.set(parsed.data, row.line);
      continue;
    }
    invalidCount += 1;
    if (invalid.length < MAX_REPORTED)
      invalid.push({ line: row.line, value: row.value.slice(0, 64), message: parsed.error.issues[0]?.message ?? 'validation.invalid' });
  }
  const added = await ctx.db.transaction(async (tx) => {
    await mustFind(tx, auth.accountId, id, true);
    const entries = [...valid.keys()].map((value) => ({ kind: 'number', value }));
    let total = 0;
    for (let i = 0; i < entries.length; i += 5000) {
      total += await repo.insertEntries(tx, auth.accountId, id, entries.slice(i, i + 5000));
    }
    return total;
  });
  return { total: rows.length, added, duplicates: rows.length - invalidCount - added, invalid_count: invalidCount, invalid };
}
