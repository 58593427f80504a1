import type { Page } from '@risala/shared';
import {
  type ContentItem,
  type ContentListQuery,
  type ContentType,
  contentRequirementIssues,
  type CreateContentInput,
  type UpdateContentInput,
} from '@risala/shared/schemas/content';
import { type FileKind, IMAGE_KINDS } from '@risala/shared/schemas/storage';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuthContext, findInAccount } from '../auth/index.ts';
import { countBrandsInAccount } from '../brands/index.ts';
import { kindOf, requireFile, toFileDto } from '../storage/index.ts';
import * as repo from './content.repo.ts';

export function toContentDto(r: repo.ContentRecord): ContentItem {
  return {
    id: r.item.id,
    title: r.item.title,
    type: r.item.type as ContentType,
    body: r.item.body,
    url: r.item.url,
    file_id: r.item.file_id,
    file: r.file ? toFileDto(r.file) : null,
    tags: r.item.tags,
    brands: r.brands,
    created_by: r.item.created_by,
    created_at: r.item.created_at.toISOString(),
    updated_at: r.item.updated_at.toISOString(),
  };
}

const FILE_TYPES: ContentType[] = ['image', 'document'];

/** Tags trimmed, lower-cased and de-duplicated, so the tag filter finds them. */
const normaliseTags = (tags: string[]) => [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))];

/** An image item needs a JPG/PNG, a document any other stored kind; the file must be the account's. */
async function checkFile(db: DbOrTx, accountId: number, type: ContentType, fileId: number) {
  const file = await requireFile(db, accountId, fileId);
  const isImage = IMAGE_KINDS.includes(kindOf(file.content_type) as FileKind);
  if (isImage !== (type === 'image')) {
    throw new AppError('INVALID_FILE_TYPE', { errors: [{ field: 'file_id', message: 'validation.file' }] });
  }
}

/** Every brand id must be one of the account's brands (another account's → 404). */
async function checkBrands(db: DbOrTx, accountId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if ((await countBrandsInAccount(db, accountId, unique)) !== unique.length) {
    throw new AppError('NOT_FOUND', { errors: [{ field: 'brand_ids', message: 'errors.NOT_FOUND' }] });
  }
  return unique;
}

async function requireContent(db: DbOrTx, accountId: number, id: number, lock = false) {
  const row = await repo.findContent(db, accountId, id, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function listContent(ctx: AppContext, auth: AuthContext, q: ContentListQuery, createdBy?: number): Promise<Page<ContentItem>> {
  if (createdBy !== undefined && !(await findInAccount(ctx.db, auth.accountId, createdBy))) {
    throw new AppError('NOT_FOUND');
  }
  const { rows, total } = await repo.listContent(ctx.db, auth.accountId, {
    ...q,
    tag: q.tag?.toLowerCase(),
    createdBy,
  });
  return { items: rows.map(toContentDto), page: q.page, limit: q.limit, total };
}

export async function getContent(ctx: AppContext, auth: AuthContext, id: number) {
  return toContentDto(await requireContent(ctx.db, auth.accountId, id));
}

export async function contentBrands(ctx: AppContext, auth: AuthContext, id: number) {
  const row = await requireContent(ctx.db, auth.accountId, id);
  return { items: row.brands };
}

export async function createContent(ctx: AppContext, auth: AuthContext, input: CreateContentInput) {
  const fileId = FILE_TYPES.includes(input.type) ? (input.file_id ?? null) : null;
  return ctx.db.transaction(async (tx) => {
    if (fileId) await checkFile(tx, auth.accountId, input.type, fileId);
    const brandIds = await checkBrands(tx, auth.accountId, input.brand_ids ?? []);
    const row = await repo.insertContent(tx, {
      account_id: auth.accountId,
      title: input.title,
      type: input.type,
      body: input.body ?? null,
      url: input.url ?? null,
      file_id: fileId,
      tags: normaliseTags(input.tags ?? []),
      created_by: auth.userId,
    });
    await repo.setContentBrands(tx, auth.accountId, row.id, brandIds);
    return toContentDto(await requireContent(tx, auth.accountId, row.id));
  });
}

/** A partial update, checked as a whole: the merged item must still meet its type's needs. */
export async function updateContent(ctx: AppContext, auth: AuthContext, id: number, input: UpdateContentInput) {
  return ctx.db.transaction(async (tx) => {
    const { item } = await requireContent(tx, auth.accountId, id, true);
    const type = input.type ?? (item.type as ContentType);
    const merged = {
      type,
      body: input.body === undefined ? item.body : input.body,
      url: input.url === undefined ? item.url : input.url,
      file_id: FILE_TYPES.includes(type) ? (input.file_id === undefined ? item.file_id : input.file_id) : null,
    };
    const issues = contentRequirementIssues(merged);
    if (issues.length > 0) {
      throw new AppError('VALIDATION_ERROR', { errors: issues.map((i) => ({ field: i.path, message: i.message })) });
    }
    if (merged.file_id && (merged.file_id !== item.file_id || type !== item.type)) {
      await checkFile(tx, auth.accountId, type, merged.file_id);
    }
    await repo.updateContent(tx, auth.accountId, id, {
      ...merged,
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.tags !== undefined ? { tags: normaliseTags(input.tags) } : {}),
    });
    if (input.brand_ids !== undefined) {
      await repo.setContentBrands(tx, auth.accountId, id, await checkBrands(tx, auth.accountId, input.brand_ids));
    }
    return toContentDto(await requireContent(tx, auth.accountId, id));
  });
}

/** Deletes the item and its brand links; its file stays in storage (DELETE /api/s3/files/{key}). */
export async function deleteContent(ctx: AppContext, auth: AuthContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    await requireContent(tx, auth.accountId, id, true);
    await repo.deleteContent(tx, auth.accountId, id);
  });
  return { id };
}
