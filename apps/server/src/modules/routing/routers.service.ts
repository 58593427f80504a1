import {
  connectionsFit,
  type CreateRouterInput,
  type RouterListQuery,
  type RouterType,
  type RouteTestInput,
  type UpdateRouterInput,
} from '@risala/shared/schemas/gateway-routing';
import { applyPlugins, chooseRouteInSlices } from '../../channels/sms/routing.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { timeSlice } from '../../lib/time-slice.ts';
import type { AuthContext } from '../auth/index.ts';
import { invalidateRoutingTable, loadRoutingTable } from './routing-table.ts';
import * as repo from './routing.repo.ts';
import { rethrowDb } from './rules.service.ts';
import { shortenerBase } from './short-links.ts';

function present(row: repo.RouterRow) {
  const { account_id: _a, ...rest } = row;
  return rest;
}

async function mustFind(db: DbOrTx, accountId: number, id: number) {
  const row = await repo.findRouter(db, accountId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Every referenced connection, rule and plugin must belong to the account (else NOT_FOUND). */
async function checkReferences(
  tx: DbOrTx,
  accountId: number,
  input: { connection_ids?: number[]; rules_ids?: number[]; plugins_ids?: number[] },
) {
  const checks = [
    ['connections', input.connection_ids],
    ['rules', input.rules_ids],
    ['plugins', input.plugins_ids],
  ] as const;
  for (const [table, ids] of checks) {
    if (!ids?.length) continue;
    const owned = await repo.ownedIds(tx, table, accountId, ids);
    if (owned.size !== ids.length) throw new AppError('NOT_FOUND');
  }
}

function checkShape(type: RouterType, input: { connection_ids?: number[]; rules_ids?: number[] }) {
  if (input.connection_ids && !connectionsFit(type, input.connection_ids.length)) {
    throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'connection_ids', message: `validation.gateway.connections.${type}` }] });
  }
  // the default router catches what nothing else matched: it has no rules
  if (type === 'default' && input.rules_ids?.length) {
    throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'rules_ids', message: 'validation.gateway.defaultRules' }] });
  }
}

const activeDefault = (rows: repo.RouterRow[]) => rows.find((r) => r.router_type === 'default' && r.status === 'ACTIVE');

export async function list(ctx: AppContext, auth: AuthContext, q: RouterListQuery) {
  const { rows, total } = await repo.listRouters(ctx.db, auth.accountId, q);
  return { items: rows.map(present), page: q.page, limit: q.limit, total };
}

export const get = async (ctx: AppContext, auth: AuthContext, id: number) => present(await mustFind(ctx.db, auth.accountId, id));

/**
 * §8 "add default router first": a non-default router needs the account's ACTIVE default router;
 * an account has one default router, and it is never inactive.
 */
export async function create(ctx: AppContext, auth: AuthContext, input: CreateRouterInput) {
  checkShape(input.router_type, input);
  const row = await ctx.db
    .transaction(async (tx) => {
      await repo.lockAccountRouters(tx, auth.accountId);
      const existing = await repo.accountRouters(tx, auth.accountId);
      if (input.router_type === 'default') {
        if (input.status !== 'ACTIVE') throw new AppError('DEACTIVATE_DEFAULT_ROUTER');
        if (existing.some((r) => r.router_type === 'default')) throw new AppError('DATA_EXISTS');
      } else if (!activeDefault(existing)) {
        throw new AppError('ADD_DEFAULT_ROUTER_FIRST');
      }
      await checkReferences(tx, auth.accountId, input);
      return repo.insertRouter(tx, { account_id: auth.accountId, ...input, rate: String(input.rate) });
    })
    .catch(rethrowDb);
  invalidateRoutingTable(auth.accountId);
  return present(row);
}

/** §8: the router type cannot change (TRANSPARENT_RULE_IMMUTABLE carries that text). */
export async function update(ctx: AppContext, auth: AuthContext, id: number, input: UpdateRouterInput) {
  const row = await ctx.db
    .transaction(async (tx) => {
      await repo.lockAccountRouters(tx, auth.accountId);
      const current = await mustFind(tx, auth.accountId, id);
      const type = current.router_type as RouterType;
      if (input.router_type && input.router_type !== type) throw new AppError('TRANSPARENT_RULE_IMMUTABLE');
      checkShape(type, input);
      await checkReferences(tx, auth.accountId, input);
      const { router_type: _t, rate, ...patch } = input;
      return repo.updateRouter(tx, auth.accountId, id, { ...patch, ...(rate !== undefined ? { rate: String(rate) } : {}) });
    })
    .catch(rethrowDb);
  invalidateRoutingTable(auth.accountId);
  return present(row as repo.RouterRow);
}

export async function setStatus(ctx: AppContext, auth: AuthContext, id: number, status: 'ACTIVE' | 'INACTIVE') {
  const row = await ctx.db.transaction(async (tx) => {
    await repo.lockAccountRouters(tx, auth.accountId);
    const current = await mustFind(tx, auth.accountId, id);
    if (current.router_type === 'default' && status === 'INACTIVE') throw new AppError('DEACTIVATE_DEFAULT_ROUTER');
    if (status === 'ACTIVE' && current.router_type !== 'default' && !activeDefault(await repo.accountRouters(tx, auth.accountId))) {
      throw new AppError('ADD_DEFAULT_ROUTER_FIRST');
    }
    return repo.updateRouter(tx, auth.accountId, id, { status });
  });
  invalidateRoutingTable(auth.accountId);
  return present(row as repo.RouterRow);
}

/** The default router goes last: it cannot be deleted while other routers exist (IN_USE). */
export async function remove(ctx: AppContext, auth: AuthContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    await repo.lockAccountRouters(tx, auth.accountId);
    const current = await mustFind(tx, auth.accountId, id);
    if (current.router_type === 'default' && (await repo.accountRouters(tx, auth.accountId)).length > 1) throw new AppError('IN_USE');
    await repo.deleteRouter(tx, auth.accountId, id);
  });
  invalidateRoutingTable(auth.accountId);
}

/**
 * Puts the given routers in this sequence, in one transaction: they take the order values they
 * held between them, sorted (so gaps like 10, 20, 30 survive); other routers keep theirs. The
 * default router stays last (DEFAULT_ROUTER_LAST).
 */
export async function reorder(ctx: AppContext, auth: AuthContext, ids: number[]) {
  await ctx.db.transaction(async (tx) => {
    await repo.lockAccountRouters(tx, auth.accountId);
    const rows = await repo.accountRouters(tx, auth.accountId);
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (ids.some((id) => !byId.has(id))) throw new AppError('NOT_FOUND');
    // the default router takes what no other router matched: it cannot be put before one
    const defaultAt = ids.findIndex((id) => byId.get(id)?.router_type === 'default');
    if (defaultAt !== -1 && defaultAt !== ids.length - 1) throw new AppError('DEFAULT_ROUTER_LAST');
    const slots = ids.map((id) => (byId.get(id) as repo.RouterRow).order).sort((a, b) => a - b);
    await repo.setOrders(
      tx,
      auth.accountId,
      ids.map((id, i) => ({ id, order: slots[i] as number })),
    );
  });
  invalidateRoutingTable(auth.accountId);
  return (await repo.accountRouters(ctx.db, auth.accountId)).map(present);
}

/** Which router and connections a message would take now, with its plugins (no links are made). */
export async function testRoute(ctx: AppContext, auth: AuthContext, input: RouteTestInput) {
  const table = await loadRoutingTable(ctx.db, auth.accountId);
  const message = {
    destination: input.destination,
    sender: input.sender ?? null,
    user_id: auth.userId,
    content: input.content,
    channel: 'sms',
  };
  const choice = await chooseRouteInSlices(
    timeSlice(),
    message,
    table.routers,
    table.rules,
    new Date(),
    table.timezone,
    Math.random,
    table.plugins,
  );
  if (!choice) return { matched: false, router: null, connections: [], plugins: [], preview: null };
  const names = new Map((await repo.connectionNames(ctx.db, auth.accountId, choice.connectionIds)).map((c) => [c.id, c]));
  const preview = await applyPlugins(message, choice.plugins, async (_url, plugin) => `${shortenerBase(plugin, ctx.config.publicUrl)}…`);
  const { router } = choice;
  return {
    matched: true,
    router: { id: router.id, router_name: router.router_name, router_type: router.router_type, order: router.order, rate: router.rate },
    connections: choice.connectionIds.map((id) => names.get(id) ?? { id, connection_name: null, status: null }),
    plugins: choice.plugins.map((p) => ({ id: p.id, plugin_type: p.plugin_type })),
    preview: { sender: preview.sender, content: preview.content },
  };
}
