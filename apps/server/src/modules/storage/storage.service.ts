import { randomUUID } from 'node:crypto';
import type { Page } from '@risala/shared';
import {
  type FileKind,
  type FileListQuery,
  type FilePurpose,
  KIND_MIME,
  type SignedUrl,
  type SignedUrlInput,
  type StorageStats,
  type StoredFile,
} from '@risala/shared/schemas/storage';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyDownload, verifyPublicImage } from '../../storage/signing.ts';
import { type AuthContext, findInAccount } from '../auth/index.ts';
import { detectKind } from './file-rules.ts';
import * as repo from './storage.repo.ts';

const KIND_BY_MIME = Object.fromEntries(Object.entries(KIND_MIME).map(([k, m]) => [m, k])) as Record<string, FileKind>;

export const kindOf = (contentType: string): string => KIND_BY_MIME[contentType] ?? 'other';

/** The in-app address of a file: streamed to signed-in people of the same account. */
export const fileUrl = (key: string) => `/api/s3/raw/${key}`;

export function toFileDto(row: repo.FileRow): StoredFile {
  return {
    id: row.id,
    key: row.key,
    kind: kindOf(row.content_type),
    original_name: row.original_name,
    content_type: row.content_type,
    size: row.size,
    purpose: row.purpose,
    user_id: row.user_id,
    url: fileUrl(row.key),
    created_at: row.created_at.toISOString(),
  };
}

/** Storage driver failures (a bucket down) become 503 STORAGE_UNAVAILABLE, never a bare 500. */
async function driver<T>(ctx: AppContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    ctx.log.error({ err }, 'storage driver failed');
    throw new AppError('STORAGE_UNAVAILABLE');
  }
}

/**
 * Store an upload for the caller's account: type by content for the purpose, ≤ 10 MB (enforced
 * while reading the request), key `acc_<accountId>/<uuid>.<ext>`, one `files` row. Other modules
 * (template DOCX, customer imports) call this too.
 */
export async function storeUpload(
  ctx: AppContext,
  auth: AuthContext,
  file: { buffer: Buffer; filename: string } | null,
  purpose: FilePurpose,
): Promise<StoredFile> {
  if (!file || file.buffer.length === 0) throw new AppError('FILE_REQUIRED');
  const kind = await detectKind(file.buffer, purpose);
  if (!kind) throw new AppError('INVALID_FILE_TYPE', { errors: [{ field: 'file', message: 'validation.file' }] });
  const key = `${repo.accountPrefix(auth.accountId)}${randomUUID()}.${kind}`;
  const contentType = KIND_MIME[kind];
  await driver(ctx, () => ctx.storage.put(key, file.buffer, contentType));
  try {
    const row = await repo.insertFile(ctx.db, {
      account_id: auth.accountId,
      user_id: auth.userId,
      key,
      original_name: file.filename.slice(0, 255) || null,
      content_type: contentType,
      size: file.buffer.length,
      purpose,
    });
    return toFileDto(row);
  } catch (err) {
    await ctx.storage.remove(key).catch(() => {}); // no object without its row
    throw err;
  }
}

/** A file of the caller's account by id (for brand logos and content items), else 404. */
export async function requireFile(db: DbOrTx, accountId: number, id: number): Promise<repo.FileRow> {
  const row = await repo.findById(db, accountId, id);
  if (!row) throw new AppError('NOT_FOUND', { errors: [{ field: 'file_id', message: 'errors.NOT_FOUND' }] });
  return row;
}

async function requireKey(ctx: AppContext, auth: AuthContext, key: string) {
  const row = await repo.findByKey(ctx.db, auth.accountId, key);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** GET /api/s3/files/{userId}: the account's files, newest first (the user must be a colleague). */
export async function listFiles(ctx: AppContext, auth: AuthContext, userId: number, q: FileListQuery): Promise<Page<StoredFile>> {
  if (!(await findInAccount(ctx.db, auth.accountId, userId))) throw new AppError('NOT_FOUND');
  const { rows, total } = await repo.listFiles(ctx.db, auth.accountId, {
    page: q.page,
    limit: q.limit,
    purpose: q.purpose,
    contentType: q.kind ? KIND_MIME[q.kind] : undefined,
  });
  return { items: rows.map(toFileDto), page: q.page, limit: q.limit, total };
}

/** Delete a file no brand or content item uses any more (409 IN_USE otherwise). */
export async function deleteFile(ctx: AppContext, auth: AuthContext, key: string) {
  const row = await requireKey(ctx, auth, key);
  await ctx.db.transaction(async (tx) => {
    if ((await repo.fileReferences(tx, auth.accountId, row.id)) > 0) throw new AppError('IN_USE');
    await repo.deleteFile(tx, auth.accountId, row.id);
  });
  // after the row is gone: a failed removal leaves an unreachable object, never a dangling row
  await ctx.storage.remove(key).catch((err) => ctx.log.warn({ err, key }, 'storage object not removed'));
  return { key };
}

export async function signedUrl(ctx: AppContext, auth: AuthContext, input: SignedUrlInput): Promise<SignedUrl> {
  const row = await requireKey(ctx, auth, input.key);
  const url = await driver(ctx, () =>
    ctx.storage.signedUrl(row.key, input.expires_in, {
      filename: row.original_name ?? undefined,
      contentType: row.content_type,
    }),
  );
  return { url, expires_at: new Date(Date.now() + input.expires_in * 1000).toISOString() };
}

export async function stats(ctx: AppContext, auth: AuthContext): Promise<StorageStats> {
  const rows = await repo.statsByContentType(ctx.db, auth.accountId);
  return {
    total: { count: rows.reduce((n, r) => n + r.count, 0), bytes: rows.reduce((n, r) => n + r.bytes, 0) },
    by_type: rows.map((r) => ({ kind: kindOf(r.content_type), count: r.count, bytes: r.bytes })),
  };
}

/** The bytes of one of the caller's files (GET /api/s3/raw/…). */
export async function readOwnFile(ctx: AppContext, auth: AuthContext, key: string) {
  const row = await requireKey(ctx, auth, key);
  const body = await driver(ctx, () => ctx.storage.get(key));
  if (!body) throw new AppError('NOT_FOUND');
  return { row, body };
}

/** The bytes behind a signed link (GET /api/s3/download): valid signature, not expired, still stored. */
export async function readSignedFile(ctx: AppContext, q: { key: string; exp: number; sig: string }) {
  if (!verifyDownload(ctx.config.jwtSecret, q.key, q.exp, q.sig)) throw new AppError('NOT_FOUND');
  const accountId = Number(/^acc_(\d+)\//.exec(q.key)?.[1]);
  const row = await repo.findByKey(ctx.db, accountId, q.key);
  if (!row) throw new AppError('NOT_FOUND');
  const body = await driver(ctx, () => ctx.storage.get(q.key));
  if (!body) throw new AppError('NOT_FOUND');
  return { row, body };
}

/** The bytes behind an image's public address (GET /api/s3/public/{sig}/{key}): images only, still stored. */
export async function readPublicImage(ctx: AppContext, sig: string, key: string) {
  if (!/\.(?:png|jpg)$/.test(key) || !verifyPublicImage(ctx.config.jwtSecret, key, sig)) throw new AppError('NOT_FOUND');
  const accountId = Number(/^acc_(\d+)\//.exec(key)?.[1]);
  const row = await repo.findByKey(ctx.db, accountId, key);
  if (!row?.content_type.startsWith('image/')) throw new AppError('NOT_FOUND');
  const body = await driver(ctx, () => ctx.storage.get(key));
  if (!body) throw new AppError('NOT_FOUND');
  return { row, body };
}
