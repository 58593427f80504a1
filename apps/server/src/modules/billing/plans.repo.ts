/**
 * The plan catalogue (table `plans`, seeded by 0041_billing) and the limits it sets. Plans change
 * rarely: they are cached per process for a minute.
 */
import type { PlanOffer } from '@risala/shared/schemas/billing';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

export interface PlanRow {
  key: string;
  name: string;
  currency: string;
  monthly_price: number;
  yearly_price: number;
  vat_bp: number;
  included_sms: number;
  included_email: number;
  included_whatsapp: number;
  on_net_rate: number;
  off_net_rate: number;
  international_rate: number;
  email_rate: number;
  whatsapp_rate: number;
  max_users: number | null;
  max_brands: number | null;
  max_customers: number | null;
  ai_enabled: boolean;
  features: string[];
  recommended: boolean;
  public: boolean;
  sort_order: number;
}

const NUMERIC = [
  'monthly_price',
  'yearly_price',
  'included_sms',
  'included_email',
  'included_whatsapp',
  'on_net_rate',
  'off_net_rate',
  'international_rate',
  'email_rate',
  'whatsapp_rate',
] as const;

let cache: { at: number; rows: PlanRow[] } | null = null;
const TTL_MS = 60_000;

export async function allPlans(db: DbOrTx, fresh = false): Promise<PlanRow[]> {
  if (!fresh && cache && Date.now() - cache.at < TTL_MS) return cache.rows;
  const { rows } = await db.execute<PlanRow & Record<string, unknown>>(sql`select * from plans order by sort_order, key`);
  // bigint columns arrive as strings
  const plans = rows.map((r) => {
    const p = { ...r } as Record<string, unknown>;
    for (const k of NUMERIC) p[k] = Number(r[k]);
    return p as unknown as PlanRow;
  });
  cache = { at: Date.now(), rows: plans };
  return plans;
}

export async function getPlan(db: DbOrTx, key: string): Promise<PlanRow> {
  const plan = (await allPlans(db)).find((p) => p.key === key);
  if (!plan) throw new AppError('PLAN_NOT_FOUND');
  return plan;
}

/** The plan of an account's `accounts.plan` value; an unknown value reads as the free plan. */
export async function planOf(db: DbOrTx, key: string): Promise<PlanRow> {
  const plans = await allPlans(db);
  return plans.find((p) => p.key === key) ?? (plans.find((p) => p.key === 'free') as PlanRow);
}

export function toOffer(p: PlanRow): PlanOffer {
  return {
    key: p.key,
    name: p.name,
    price: p.monthly_price,
    yearly_price: p.yearly_price,
    currency: p.currency,
    interval: 'month',
    vat_bp: p.vat_bp,
    recommended: p.recommended,
    features: p.features,
    included: { sms: p.included_sms, email: p.included_email, whatsapp: p.included_whatsapp },
    rates: {
      on_net: p.on_net_rate,
      off_net: p.off_net_rate,
      international: p.international_rate,
      email: p.email_rate,
      whatsapp: p.whatsapp_rate,
    },
    limits: { users: p.max_users, brands: p.max_brands, customers: p.max_customers, ai: p.ai_enabled },
  };
}

export type LimitName = 'users' | 'brands' | 'customers';
const COLUMN: Record<LimitName, 'max_users' | 'max_brands' | 'max_customers'> = {
  users: 'max_users',
  brands: 'max_brands',
  customers: 'max_customers',
};

/** The plan's limit (null: none). */
export async function planLimit(db: DbOrTx, planKey: string, name: LimitName): Promise<number | null> {
  return (await planOf(db, planKey))[COLUMN[name]];
}

/**
 * PLAN_LIMIT_EXCEEDED (§6) when `used + adding` would pass the plan's limit for `name`. The error
 * carries the limit and the count, so the screen can say which.
 */
export async function assertWithinPlan(db: DbOrTx, planKey: string, name: LimitName, used: number, adding = 1): Promise<void> {
  const limit = await planLimit(db, planKey, name);
  if (limit === null || used + adding <= limit) return;
  throw new AppError('PLAN_LIMIT_EXCEEDED', { params: { limit }, data: { limit: { name, used, limit } } });
}

/** FEATURE_NOT_AVAILABLE (§6) when the plan does not include AI features. */
export async function assertAiIncluded(db: DbOrTx, planKey: string): Promise<void> {
  if (!(await planOf(db, planKey)).ai_enabled) throw new AppError('FEATURE_NOT_AVAILABLE');
}
