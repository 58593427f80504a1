import type { CreatePluginInput, PluginListQuery, UpdatePluginInput } from '@risala/shared/schemas/gateway-routing';
import type { ShortenUrl } from '../../channels/sms/routing.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { invalidateRoutingTable } from './routing-table.ts';
import * as repo from './routing.repo.ts';
import { rethrowDb } from './rules.service.ts';
import { shortenerBase, shortenUrl } from './short-links.ts';

function present(row: repo.PluginRow) {
  const { account_id: _a, ...rest } = row;
  return rest;
}

async function mustFind(db: DbOrTx, accountId: number, id: number, forUpdate = false) {
  const row = await repo.findPlugin(db, accountId, id, forUpdate);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function list(ctx: AppContext, auth: AuthContext, q: PluginListQuery) {
  const { rows, total } = await repo.listPlugins(ctx.db, auth.accountId, q);
  return { items: rows.map(present), page: q.page, limit: q.limit, total };
}

export const get = async (ctx: AppContext, auth: AuthContext, id: number) => present(await mustFind(ctx.db, auth.accountId, id));

/**
 * A sender override may only set a sender id that is ACTIVE (approved in Sender Management) for
 * the account: otherwise it would bypass the approval. Returns the config with the id spelled as
 * approved; refuses with SENDER_NOT_APPROVED at the field.
 */
async function approvedConfig(db: DbOrTx, accountId: number, input: Pick<CreatePluginInput, 'plugin_type' | 'config'>) {
  if (input.plugin_type !== 'sender_override') return input.config;
  const wanted = (input.config as { sender_id: string }).sender_id.trim().toLowerCase();
  const approved = (await repo.activeSenderIds(db, accountId)).find((id) => id.toLowerCase() === wanted);
  if (!approved) {
    throw new AppError('SENDER_NOT_APPROVED', { errors: [{ field: 'config.sender_id', message: 'validation.gateway.senderNotApproved' }] });
  }
  return { ...input.config, sender_id: approved };
}

export async function create(ctx: AppContext, auth: AuthContext, input: CreatePluginInput) {
  const config = await approvedConfig(ctx.db, auth.accountId, input);
  const row = await repo
    .insertPlugin(ctx.db, {
      account_id: auth.accountId,
      plugin_name: input.plugin_name,
      plugin_type: input.plugin_type,
      description: input.description ?? null,
      config,
      status: input.status,
    })
    .catch(rethrowDb);
  invalidateRoutingTable(auth.accountId);
  return present(row);
}

export async function update(ctx: AppContext, auth: AuthContext, id: number, input: UpdatePluginInput) {
  await mustFind(ctx.db, auth.accountId, id);
  const config = await approvedConfig(ctx.db, auth.accountId, input);
  const row = await repo
    .updatePlugin(ctx.db, auth.accountId, id, {
      plugin_name: input.plugin_name,
      plugin_type: input.plugin_type,
      description: input.description ?? null,
      config,
    })
    .catch(rethrowDb);
  if (!row) throw new AppError('NOT_FOUND');
  invalidateRoutingTable(auth.accountId);
  return present(row);
}

/** Uninstalled plugins stay on their routers and are skipped when routing. */
export async function setStatus(ctx: AppContext, auth: AuthContext, id: number, status: 'INSTALLED' | 'UNINSTALLED') {
  if (status === 'INSTALLED') {
    const current = await mustFind(ctx.db, auth.accountId, id);
    await approvedConfig(ctx.db, auth.accountId, current as unknown as Pick<CreatePluginInput, 'plugin_type' | 'config'>);
  }
  const row = await repo.updatePlugin(ctx.db, auth.accountId, id, { status });
  if (!row) throw new AppError('NOT_FOUND');
  invalidateRoutingTable(auth.accountId);
  return present(row);
}

/** An INSTALLED plugin cannot be deleted (DELETE_ACTIVE_PLUGIN); one still on a router → IN_USE. */
export async function remove(ctx: AppContext, auth: AuthContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const current = await mustFind(tx, auth.accountId, id, true);
    if (current.status === 'INSTALLED') throw new AppError('DELETE_ACTIVE_PLUGIN');
    if ((await repo.routersUsing(tx, auth.accountId, 'plugins_ids', id)).length > 0) throw new AppError('IN_USE');
    await repo.deletePlugin(tx, auth.accountId, id);
  });
  invalidateRoutingTable(auth.accountId);
}

/** The shortener the send pipeline hands to applyPlugins for one account (failures: URL_SHORTENING_FAILED). */
export function urlShortenerFor(ctx: AppContext, accountId: number): ShortenUrl {
  return (url, plugin) => {
    const base = shortenerBase(plugin, ctx.config.publicUrl);
    // a link that is already ours stays as it is
    return url.startsWith(base) ? Promise.resolve(url) : shortenUrl(ctx.db, accountId, url, base);
  };
}
