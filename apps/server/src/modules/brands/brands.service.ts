import type { Page } from '@risala/shared';
import type { Brand, BrandListQuery, CreateBrandInput, UpdateBrandInput } from '@risala/shared/schemas/brands';
import { IMAGE_KINDS, type FileKind } from '@risala/shared/schemas/storage';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, mapDbError } from '../../lib/errors.ts';
import { type AuthContext, findInAccount } from '../auth/index.ts';
import { assertWithinPlan } from '../billing/index.ts';
import { fileUrl, kindOf, requireFile } from '../storage/index.ts';
import * as repo from './brands.repo.ts';

/**
 * Drizzle wraps the driver's error (the PostgreSQL code sits on `cause`), which the central
 * mapDbError does not look into; map it here so a duplicate name is 409 NAME_EXISTS, not 500.
 */
function dbError(err: unknown): unknown {
  return mapDbError((err as { cause?: unknown }).cause) ?? err;
}

export function toBrandDto(row: repo.BrandRow): Brand {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    logo: row.logo,
    logo_file_id: row.logo_file_id,
    website: row.website,
    industry: row.industry,
    colors: row.colors,
    voice_tone: row.voice_tone,
    default_language: row.default_language === 'ar' ? 'ar' : 'en',
    created_by: row.created_by,
    content_count: row.content_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The logo columns for an uploaded image of the account (null clears the logo). */
async function logoColumns(db: DbOrTx, accountId: number, fileId: number | null) {
  if (fileId === null) return { logo_file_id: null, logo: null };
  const file = await requireFile(db, accountId, fileId);
  if (!IMAGE_KINDS.includes(kindOf(file.content_type) as FileKind)) {
    throw new AppError('INVALID_FILE_TYPE', { errors: [{ field: 'logo_file_id', message: 'validation.file' }] });
  }
  return { logo_file_id: file.id, logo: fileUrl(file.key) };
}

async function requireBrand(db: DbOrTx, accountId: number, id: number, lock = false) {
  const row = await repo.findBrand(db, accountId, id, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function listBrands(ctx: AppContext, auth: AuthContext, q: BrandListQuery, createdBy?: number): Promise<Page<Brand>> {
  if (createdBy !== undefined && !(await findInAccount(ctx.db, auth.accountId, createdBy))) {
    throw new AppError('NOT_FOUND');
  }
  const { rows, total } = await repo.listBrands(ctx.db, auth.accountId, { ...q, createdBy });
  return { items: rows.map(toBrandDto), page: q.page, limit: q.limit, total };
}

export async function getBrand(ctx: AppContext, auth: AuthContext, id: number) {
  return toBrandDto(await requireBrand(ctx.db, auth.accountId, id));
}

export async function createBrand(ctx: AppContext, auth: AuthContext, input: CreateBrandInput) {
  const { logo_file_id, ...fields } = input;
  // the plan's brands limit (§6 PLAN_LIMIT_EXCEEDED)
  await assertWithinPlan(ctx.db, auth.plan, 'brands', await repo.countBrands(ctx.db, auth.accountId));
  const logo = await logoColumns(ctx.db, auth.accountId, logo_file_id ?? null);
  const row = await repo
    .insertBrand(ctx.db, {
      ...fields,
      ...logo,
      colors: fields.colors?.map((c) => c.toUpperCase()) ?? [],
      account_id: auth.accountId,
      created_by: auth.userId,
    })
    .catch((err) => {
      throw dbError(err);
    });
  return toBrandDto({ ...row, content_count: 0 });
}

export async function updateBrand(ctx: AppContext, auth: AuthContext, id: number, input: UpdateBrandInput) {
  const { logo_file_id, ...rest } = input;
  const fields = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as repo.BrandValues;
  if (fields.colors) fields.colors = fields.colors.map((c) => c.toUpperCase());
  return ctx.db
    .transaction(async (tx) => {
      const current = await requireBrand(tx, auth.accountId, id, true);
      const logo = logo_file_id === undefined ? {} : await logoColumns(tx, auth.accountId, logo_file_id);
      const row = await repo.updateBrand(tx, auth.accountId, id, { ...fields, ...logo });
      if (!row) throw new AppError('NOT_FOUND');
      return toBrandDto({ ...row, content_count: current.content_count });
    })
    .catch((err) => {
      throw dbError(err);
    });
}

/** Delete a brand nothing uses (409 BRAND_IN_USE with the usage counts otherwise). */
export async function deleteBrand(ctx: AppContext, auth: AuthContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    await requireBrand(tx, auth.accountId, id, true);
    const usage = await repo.brandUsage(tx, auth.accountId, id);
    if (Object.values(usage).some((n) => n > 0)) throw new AppError('BRAND_IN_USE', { data: usage });
    await repo.deleteBrand(tx, auth.accountId, id);
  });
  return { id };
}
