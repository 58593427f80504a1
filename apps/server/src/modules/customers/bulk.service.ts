import type { CustomerBulk } from '@risala/shared/schemas/customers';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { customerWhere } from './customer-filter.ts';
import * as repo from './customers.repo.ts';

/**
 * POST /customers/bulk: one action on chosen ids or on a whole filtered set, in one transaction.
 * Ids outside the caller's account are ignored; when none is left the answer is 404.
 */
export async function bulk(ctx: AppContext, auth: AuthContext, body: CustomerBulk) {
  return ctx.db.transaction(async (tx) => {
    const where: SQL = body.ids
      ? sql`customers.account_id = ${auth.accountId} and customers.id = any(${sql.param(body.ids)}::bigint[])`
      : await customerWhere(tx, auth.accountId, body.filter ?? {});
    const ids = sql`select customers.id from customers where ${where}`;
    const tags = sql`${sql.param(body.tags ?? [])}::text[]`;
    let affected: number;
    switch (body.action) {
      case 'delete': {
        const groups = await repo.groupsOf(tx, auth.accountId, ids);
        const res = await tx.execute(sql`delete from customers where ${where}`);
        affected = res.rowCount ?? 0;
        await repo.refreshGroupCounts(tx, auth.accountId, groups);
        break;
      }
      case 'tag': {
        const res = await tx.execute(
          sql`update customers set tags = array(select distinct t from unnest(customers.tags || ${tags}) t order by t),
                     updated_at = now()
               where ${where}`,
        );
        affected = res.rowCount ?? 0;
        break;
      }
      case 'untag': {
        const res = await tx.execute(
          sql`update customers set tags = array(select t from unnest(customers.tags) t where t <> all(${tags})),
                     updated_at = now()
               where ${where} and customers.tags && ${tags}`,
        );
        affected = res.rowCount ?? 0;
        break;
      }
      case 'add_to_group':
        affected = await addToGroup(tx, auth.accountId, body.group_id as number, ids);
        break;
    }
    if (affected === 0 && body.ids && body.action !== 'untag') {
      const { rows } = await tx.execute(sql`select 1 from customers where ${where} limit 1`);
      if (!rows.length) throw new AppError('NOT_FOUND');
    }
    return { action: body.action, affected };
  });
}

/** Add to a static group; when every chosen contact is already a member → CONTACTS_ALREADY_ASSIGNED. */
async function addToGroup(tx: Tx, accountId: number, groupId: number, ids: SQL) {
  const { rows } = await tx.execute<{ type: string }>(
    sql`select type from customer_groups where id = ${groupId} and account_id = ${accountId} for update`,
  );
  if (!rows[0]) throw new AppError('NOT_FOUND');
  if (rows[0].type !== 'static') throw new AppError('INVALID_CONTACTS_OR_GROUPS');
  const res = await tx.execute<{ chosen: number; added: number }>(
    sql`with chosen as (${ids}),
             added as (insert into group_members (account_id, group_id, customer_id)
                       select ${accountId}, ${groupId}, id from chosen on conflict do nothing returning 1)
        select (select count(*) from chosen)::int as chosen, (select count(*) from added)::int as added`,
  );
  const { chosen, added } = res.rows[0];
  if (chosen > 0 && added === 0) throw new AppError('CONTACTS_ALREADY_ASSIGNED');
  await repo.refreshGroupCounts(tx, accountId, [groupId]);
  return added;
}
