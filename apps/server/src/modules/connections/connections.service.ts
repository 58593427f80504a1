import type {
  Connection,
  ConnectionListQuery,
  ConnectionStatus,
  CreateConnectionInput,
  UpdateConnectionInput,
} from '@risala/shared/schemas/gateway';
import type { Language } from '@risala/shared';
import { storedReasonText } from '@risala/shared/i18n/index.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { encryptSecret } from '../../lib/crypto.ts';
import { AppError, mapDbError } from '../../lib/errors.ts';
import { assertOutboundUrl, assertPublicHost } from '../../lib/outbound-url.ts';
import { audit, userActor } from '../audit/index.ts';
import type { AuthContext } from '../auth/index.ts';
import * as repo from './connections.repo.ts';

const dbError = (err: unknown) => mapDbError(err) ?? err;

/**
 * A row as the API shows it: secrets become has_* flags; a sandbox row shows the simulator's live
 * address; the last error in the caller's language.
 */
export function toConnection(row: repo.ConnectionRow, lang: string, smsc?: AppContext['config']['smsc']): Connection {
  const { password_enc, http_password_enc, proxy_password_enc, account_id: _a, smsc_login: _l, ...rest } = row;
  return {
    ...rest,
    ...(row.is_sandbox && smsc ? { host: smsc.host, port: smsc.port, system_id: smsc.systemId } : {}),
    last_error: storedReasonText(row.last_error, lang),
    has_password: Boolean(password_enc) || row.is_sandbox,
    has_http_password: Boolean(http_password_enc),
    has_proxy_password: Boolean(proxy_password_enc),
    connected_at: row.connected_at ? new Date(row.connected_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

async function mustFind(db: DbOrTx, accountId: number, id: number, forUpdate = false) {
  const row = await repo.findConnection(db, accountId, id, forUpdate);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Input → columns: secrets encrypted, an empty secret on update keeps the stored one. */
function toColumns(ctx: AppContext, input: CreateConnectionInput | UpdateConnectionInput): repo.Writable {
  const seal = (v: string | null | undefined) => (v ? encryptSecret(ctx.config.encryptionKey, v) : undefined);
  const { password, http_password, proxy_password, ...plain } = input as Record<string, unknown>;
  const out: repo.Writable = {};
  for (const key of repo.WRITABLE) if (key in plain) out[key] = plain[key] as string | number | null;
  out.password_enc = seal(password as string | null | undefined);
  out.http_password_enc = seal(http_password as string | null | undefined);
  out.proxy_password_enc = seal(proxy_password as string | null | undefined);
  return out;
}

/**
 * §7 SSRF: URLs, SMPP hosts and proxies the server will connect to must not point into private
 * networks (sandbox rows are the system's). A host name that does not resolve yet is accepted;
 * the connection manager and the HTTP sender check again when they connect.
 */
async function checkTargets(
  ctx: AppContext,
  input: { type: string; post_url?: string | null; listen_url?: string | null; host?: string | null; proxy_host?: string | null },
) {
  if (input.proxy_host) await assertPublicHost(ctx.config, input.proxy_host, 'proxy_host', { allowUnresolved: true });
  if (input.type === 'smpp') {
    if (input.host) await assertPublicHost(ctx.config, input.host, 'host', { allowUnresolved: true });
    return;
  }
  if (input.post_url) await assertOutboundUrl(ctx.config, input.post_url, 'post_url');
  if (input.listen_url) await assertOutboundUrl(ctx.config, input.listen_url, 'listen_url');
}

export async function list(ctx: AppContext, auth: AuthContext, q: ConnectionListQuery, lang: Language) {
  const { rows, total } = await repo.listConnections(ctx.db, auth.accountId, q);
  return { items: rows.map((r) => toConnection(r, lang, ctx.config.smsc)), page: q.page, limit: q.limit, total };
}

export async function get(ctx: AppContext, auth: AuthContext, id: number, lang: Language) {
  return toConnection(await mustFind(ctx.db, auth.accountId, id), lang, ctx.config.smsc);
}

/** An audit entry for a change of a connection (never its password or keys). */
const auditConnection = (tx: DbOrTx, auth: AuthContext, action: string, id: number, name: string, data: object) =>
  audit(tx, { accountId: auth.accountId, actor: userActor(auth.userId), action, target: { type: 'connection', id, label: name }, data });

export async function create(ctx: AppContext, auth: AuthContext, input: CreateConnectionInput, lang: Language) {
  await checkTargets(ctx, input);
  const id = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertConnection(tx, auth.accountId, toColumns(ctx, input)).catch((err) => {
      throw dbError(err);
    });
    await auditConnection(tx, auth, 'gateway.connection_created', created, input.connection_name, { type: input.type });
    return created;
  });
  return get(ctx, auth, id, lang);
}

export async function update(ctx: AppContext, auth: AuthContext, id: number, input: UpdateConnectionInput, lang: Language) {
  const row = await mustFind(ctx.db, auth.accountId, id);
  if (row.type !== input.type) {
    throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'type', message: 'validation.invalid' }] });
  }
  if (!row.is_sandbox) await checkTargets(ctx, input);
  await ctx.db.transaction(async (tx) => {
    await repo.updateConnection(tx, auth.accountId, id, toColumns(ctx, input)).catch((err) => {
      throw dbError(err);
    });
    await auditConnection(tx, auth, 'gateway.connection_updated', id, input.connection_name ?? row.connection_name, { type: input.type });
  });
  return get(ctx, auth, id, lang);
}

/** §8: a connected connection, or one a router uses, cannot be deleted. */
export async function remove(ctx: AppContext, auth: AuthContext, id: number) {
  const manager = ctx.sms.connections;
  await ctx.db.transaction(async (tx) => {
    const row = await mustFind(tx, auth.accountId, id, true);
    if (row.status === 'CONNECTED' || manager.session(id)?.state === 'CONNECTED') {
      throw new AppError('DELETE_CONNECTED_CONNECTION');
    }
    const router = await repo.usedByRouter(tx, auth.accountId, id);
    if (router) throw new AppError('DELETE_CONNECTION_IN_ROUTER', { params: { name: router } });
    await repo.deleteConnection(tx, auth.accountId, id);
    await auditConnection(tx, auth, 'gateway.connection_deleted', id, row.connection_name, { type: row.type });
  });
  await manager.stopById(id).catch(() => {}); // a session still reconnecting (here or elsewhere): close it
}

export async function start(ctx: AppContext, auth: AuthContext, id: number, lang: Language) {
  await ctx.sms.connections.start(auth.accountId, id);
  return get(ctx, auth, id, lang);
}

export async function stop(ctx: AppContext, auth: AuthContext, id: number, lang: Language) {
  await ctx.sms.connections.stop(auth.accountId, id);
  return get(ctx, auth, id, lang);
}

export async function restart(ctx: AppContext, auth: AuthContext, id: number, lang: Language) {
  await ctx.sms.connections.restart(auth.accountId, id);
  return get(ctx, auth, id, lang);
}

export async function status(ctx: AppContext, auth: AuthContext, id: number, lang: Language): Promise<ConnectionStatus> {
  const row = await mustFind(ctx.db, auth.accountId, id);
  const session = ctx.sms.connections.session(id);
  return {
    id: row.id,
    status: row.status,
    desired_state: row.desired_state,
    last_error: storedReasonText(row.last_error, lang),
    connected_at: row.connected_at ? new Date(row.connected_at).toISOString() : null,
    live: session
      ? {
          pending: session.pending,
          submitted: session.stats.submitted,
          throttled: session.stats.throttled,
          receipts: session.stats.receipts,
        }
      : null,
  };
}
