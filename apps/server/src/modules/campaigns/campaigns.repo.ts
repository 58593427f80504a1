/** Campaign rows, always scoped by account. */
import type { campaignListQuerySchema } from '@risala/shared/schemas/campaigns';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { campaigns } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/search.ts';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignValues = Partial<Omit<typeof campaigns.$inferInsert, 'id' | 'account_id' | 'created_at'>>;
type ListQuery = z.infer<typeof campaignListQuerySchema>;

const SORTS = {
  created_at: campaigns.created_at,
  updated_at: campaigns.updated_at,
  name: sql`lower(${campaigns.name})`,
  status: campaigns.status,
  launched_at: campaigns.launched_at,
} as const;

export async function listCampaigns(db: DbOrTx, accountId: number, q: ListQuery & { createdBy?: number }) {
  const like = q.search ? likePattern(q.search) : undefined;
  const rows = await db
    .select({ campaign: campaigns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.account_id, accountId),
        like ? sql`(${campaigns.name} ilike ${like} or ${campaigns.objective} ilike ${like})` : undefined,
        q.status ? eq(campaigns.status, q.status) : undefined,
        q.channel ? sql`${q.channel}::text = any(${campaigns.channels})` : undefined,
        q.brand_id ? eq(campaigns.brand_id, q.brand_id) : undefined,
        q.createdBy ? eq(campaigns.created_by, q.createdBy) : undefined,
      ),
    )
    .orderBy(sql`${SORTS[q.sort]} ${sql.raw(q.order)} nulls last, ${campaigns.id} ${sql.raw(q.order)}`)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { rows: rows.map((r) => r.campaign), total: rows[0]?.total ?? 0 };
}

export async function findCampaign(db: DbOrTx, accountId: number, id: number, lock = false): Promise<CampaignRow | null> {
  const query = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.account_id, accountId), eq(campaigns.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertCampaign(db: DbOrTx, values: typeof campaigns.$inferInsert) {
  const [row] = await db.insert(campaigns).values(values).returning();
  return row as CampaignRow;
}

export async function updateCampaign(db: DbOrTx, accountId: number, id: number, values: CampaignValues) {
  const [row] = await db
    .update(campaigns)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(campaigns.account_id, accountId), eq(campaigns.id, id)))
    .returning();
  return (row as CampaignRow | undefined) ?? null;
}

export async function deleteCampaign(db: DbOrTx, accountId: number, id: number) {
  await db.delete(campaigns).where(and(eq(campaigns.account_id, accountId), eq(campaigns.id, id)));
}
