import type { CreateRuleInput, RuleListQuery, UpdateRuleInput } from '@risala/shared/schemas/gateway-routing';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, mapDbError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { invalidateRoutingTable } from './routing-table.ts';
import * as repo from './routing.repo.ts';

export const rethrowDb = (err: unknown): never => {
  throw mapDbError(err) ?? err;
};

function present(row: repo.RuleRow) {
  const { account_id: _a, ...rest } = row;
  return rest;
}

async function mustFind(db: DbOrTx, accountId: number, id: number, forUpdate = false) {
  const row = await repo.findRule(db, accountId, id, forUpdate);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A user filter names users of this account only; any other id → NOT_FOUND. */
async function checkReferences(db: DbOrTx, accountId: number, input: { filter_type: string; value: unknown }) {
  if (input.filter_type !== 'user') return;
  const ids = (input.value as { user_ids: number[] }).user_ids;
  const owned = await repo.ownedIds(db, 'users', accountId, ids);
  if (owned.size !== ids.length) throw new AppError('NOT_FOUND');
}

export async function list(ctx: AppContext, auth: AuthContext, q: RuleListQuery) {
  const { rows, total } = await repo.listRules(ctx.db, auth.accountId, q);
  return { items: rows.map(present), page: q.page, limit: q.limit, total };
}

export const get = async (ctx: AppContext, auth: AuthContext, id: number) => present(await mustFind(ctx.db, auth.accountId, id));

/** A transparent rule matches everything and is always ACTIVE (§8: its status cannot change). */
export async function create(ctx: AppContext, auth: AuthContext, input: CreateRuleInput) {
  if (input.filter_type === 'transparent' && input.status !== 'ACTIVE') throw new AppError('TRANSPARENT_RULE_IMMUTABLE');
  await checkReferences(ctx.db, auth.accountId, input);
  const row = await repo
    .insertRule(ctx.db, {
      account_id: auth.accountId,
      rule_name: input.rule_name,
      filter_type: input.filter_type,
      value: input.value,
      status: input.status,
    })
    .catch(rethrowDb);
  invalidateRoutingTable(auth.accountId);
  return present(row);
}

/** Replaces the name and the filter; a rule cannot turn into or out of a transparent one. */
export async function update(ctx: AppContext, auth: AuthContext, id: number, input: UpdateRuleInput) {
  const row = await ctx.db
    .transaction(async (tx) => {
      const current = await mustFind(tx, auth.accountId, id, true);
      if ((current.filter_type === 'transparent') !== (input.filter_type === 'transparent'))
        throw new AppError('TRANSPARENT_RULE_IMMUTABLE');
      await checkReferences(tx, auth.accountId, input);
      return repo.updateRule(tx, auth.accountId, id, { rule_name: input.rule_name, filter_type: input.filter_type, value: input.value });
    })
    .catch(rethrowDb);
  invalidateRoutingTable(auth.accountId);
  return present(row as repo.RuleRow);
}

/** §8: a transparent rule's status never changes; a rule used in a router cannot be deactivated. */
export async function setStatus(ctx: AppContext, auth: AuthContext, id: number, status: 'ACTIVE' | 'INACTIVE') {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await mustFind(tx, auth.accountId, id, true);
    if (current.filter_type === 'transparent') throw new AppError('TRANSPARENT_RULE_IMMUTABLE');
    if (status === 'INACTIVE' && (await repo.routersUsing(tx, auth.accountId, 'rules_ids', id)).length > 0) {
      throw new AppError('DEACTIVATE_RULE_IN_ROUTER');
    }
    return repo.updateRule(tx, auth.accountId, id, { status });
  });
  invalidateRoutingTable(auth.accountId);
  return present(row as repo.RuleRow);
}

/**
 * §8: an ACTIVE rule cannot be deleted — except a transparent one, which can never be deactivated;
 * a rule still used in a router cannot go either (IN_USE).
 */
export async function remove(ctx: AppContext, auth: AuthContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const current = await mustFind(tx, auth.accountId, id, true);
    if (current.status === 'ACTIVE' && current.filter_type !== 'transparent') throw new AppError('DELETE_ACTIVE_RULE');
    if ((await repo.routersUsing(tx, auth.accountId, 'rules_ids', id)).length > 0) throw new AppError('IN_USE');
    await repo.deleteRule(tx, auth.accountId, id);
  });
  invalidateRoutingTable(auth.accountId);
}
