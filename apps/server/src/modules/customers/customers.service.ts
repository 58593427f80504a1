import {
  CONSENT_CHANNELS,
  type CustomerInput,
  type CustomerList,
  type CustomerListQuery,
  normalizeMobile,
} from '@risala/shared/schemas/customers';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { assertWithinPlan, planLimit } from '../billing/index.ts';
import { customerWhere } from './customer-filter.ts';
import * as repo from './customers.repo.ts';

export async function list(ctx: AppContext, auth: AuthContext, q: CustomerListQuery): Promise<CustomerList> {
  const where = await customerWhere(ctx.db, auth.accountId, q);
  const capped = await repo.listCapped(ctx.db, where, q);
  if (capped.matched !== null) {
    return { items: capped.rows.map(repo.toCustomer), page: q.page, limit: q.limit, total: capped.matched, total_estimated: false };
  }
  // many matches (or a page past the end): page over the table, count capped or estimated
  const [rows, count] = await Promise.all([repo.listPage(ctx.db, where, q), repo.countMatches(ctx.db, where)]);
  return {
    items: rows.map(repo.toCustomer),
    page: q.page,
    limit: q.limit,
    total: count.total,
    total_estimated: count.estimated,
  };
}

/** GET /customers/user/{userId}: the account's customers when the user is a colleague, else 404. */
export async function listForUser(ctx: AppContext, auth: AuthContext, userId: number, q: CustomerListQuery) {
  const { rows } = await ctx.db.execute(sql`select 1 from users where id = ${userId} and account_id = ${auth.accountId}`);
  if (!rows.length) throw new AppError('NOT_FOUND');
  return list(ctx, auth, q);
}

export async function get(ctx: AppContext, auth: AuthContext, id: number) {
  const row = await repo.findById(ctx.db, auth.accountId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return repo.toCustomer(row);
}

async function assertBrand(db: DbOrTx, accountId: number, brandId: number | null | undefined) {
  if (!brandId) return;
  const { rows } = await db.execute(sql`select 1 from brands where id = ${brandId} and account_id = ${accountId}`);
  if (!rows.length) throw new AppError('NOT_FOUND', { errors: [{ field: 'brand_id', message: 'errors.NOT_FOUND' }] });
}

/**
 * Merge an input over the current values (or defaults), normalise the mobile number to E.164 and
 * stamp consent times where the grant changed. A customer needs a mobile number or an email.
 */
function resolveValues(input: CustomerInput, current: repo.CustomerValues | null): repo.CustomerValues {
  const base: repo.CustomerValues = current ?? {
    first_name: null,
    last_name: null,
    mobile_number: null,
    email: null,
    language: 'en',
    country: null,
    city: null,
    tags: [],
    attributes: {},
    brand_id: null,
    consent_email: false,
    consent_email_source: null,
    consent_email_at: null,
    consent_sms: false,
    consent_sms_source: null,
    consent_sms_at: null,
    consent_whatsapp: false,
    consent_whatsapp_source: null,
    consent_whatsapp_at: null,
  };
  const next: repo.CustomerValues = { ...base };
  for (const key of ['first_name', 'last_name', 'email', 'language', 'country', 'city', 'brand_id'] as const) {
    if (input[key] !== undefined) (next as Record<string, unknown>)[key] = input[key] || null;
  }
  if (!next.language) next.language = 'en';
  if (input.tags !== undefined) next.tags = [...new Set(input.tags)];
  if (input.attributes !== undefined) next.attributes = input.attributes;
  if (input.mobile_number !== undefined) {
    if (!input.mobile_number) next.mobile_number = null;
    else {
      const e164 = normalizeMobile(input.mobile_number, next.country);
      if (!e164) {
        throw new AppError('VALIDATION_ERROR', {
          errors: [{ field: 'mobile_number', message: 'validation.phone.invalid' }],
        });
      }
      next.mobile_number = e164;
    }
  }
  const now = new Date();
  for (const ch of CONSENT_CHANNELS) {
    const c = input.consent?.[ch];
    if (!c) continue;
    if (c.granted !== base[`consent_${ch}`] || !current) next[`consent_${ch}_at`] = now;
    next[`consent_${ch}`] = c.granted;
    next[`consent_${ch}_source`] = c.source ?? null;
  }
  if (!next.mobile_number && !next.email) throw new AppError('CUSTOMER_CONTACT_REQUIRED');
  return next;
}

export async function create(ctx: AppContext, auth: AuthContext, input: CustomerInput) {
  const values = resolveValues(input, null);
  await assertBrand(ctx.db, auth.accountId, values.brand_id);
  // the plan's customers limit (§6 PLAN_LIMIT_EXCEEDED)
  if ((await planLimit(ctx.db, auth.plan, 'customers')) !== null) {
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from customers where account_id = ${auth.accountId}`,
    );
    await assertWithinPlan(ctx.db, auth.plan, 'customers', rows[0]?.n ?? 0);
  }
  return repo.toCustomer(await repo.insert(ctx.db, auth.accountId, values));
}

export async function update(ctx: AppContext, auth: AuthContext, id: number, input: CustomerInput) {
  const current = await repo.findById(ctx.db, auth.accountId, id);
  if (!current) throw new AppError('NOT_FOUND');
  const values = resolveValues(input, current);
  if (input.brand_id !== undefined) await assertBrand(ctx.db, auth.accountId, values.brand_id);
  return repo.toCustomer(await repo.update(ctx.db, auth.accountId, id, values));
}

export async function remove(ctx: AppContext, auth: AuthContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const groups = await repo.groupsOf(tx, auth.accountId, sql`${id}`);
    if (!(await repo.remove(tx, auth.accountId, id))) throw new AppError('NOT_FOUND');
    await repo.refreshGroupCounts(tx, auth.accountId, groups);
  });
  return { id };
}
