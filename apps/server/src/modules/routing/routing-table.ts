import { eq } from 'drizzle-orm';
import type { RoutingPlugin, RoutingRouter, RoutingRule } from '../../channels/sms/routing.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { plugins, routers, rules } from '../../db/schema/gateway.ts';
import { activeSenderIds } from './routing.repo.ts';

export interface RoutingTable {
  routers: RoutingRouter[];
  rules: RoutingRule[];
  plugins: RoutingPlugin[];
  timezone: string;
}

/**
 * A sender override whose sender id is not (or no longer) ACTIVE for the account is never applied:
 * it would send under an id nobody approved. It stays on its routers, skipped like an uninstalled one.
 */
const NOT_APPROVED = 'SENDER_NOT_APPROVED';
function overridesApproved(plugin: RoutingPlugin, approved: Set<string>): boolean {
  if (plugin.plugin_type !== 'sender_override') return true;
  const id = plugin.config.sender_id;
  return typeof id === 'string' && approved.has(id.trim().toLowerCase());
}

// a short cache: the pipeline routes many messages per second; writes here invalidate at once
const TTL_MS = 5_000;
const cache = new Map<number, { at: number; table: Promise<RoutingTable> }>();

async function readTable(db: DbOrTx, accountId: number): Promise<RoutingTable> {
  // one after another: `db` may be a transaction, whose one connection must not run queries at once
  const routerRows = await db.select().from(routers).where(eq(routers.account_id, accountId));
  const ruleRows = await db.select().from(rules).where(eq(rules.account_id, accountId));
  const pluginRows = await db.select().from(plugins).where(eq(plugins.account_id, accountId));
  const accountRows = await db.select({ timezone: accounts.timezone }).from(accounts).where(eq(accounts.id, accountId));
  const approved = new Set((await activeSenderIds(db, accountId)).map((id) => id.toLowerCase()));
  return {
    routers: routerRows as RoutingRouter[],
    rules: ruleRows as RoutingRule[],
    plugins: (pluginRows as RoutingPlugin[]).map((p) => (overridesApproved(p, approved) ? p : { ...p, status: NOT_APPROVED })),
    timezone: accountRows[0]?.timezone ?? 'UTC',
  };
}

/** An account's routers, rules, plugins and time zone: one query per table, cached briefly. */
export function loadRoutingTable(db: DbOrTx, accountId: number, now = Date.now()): Promise<RoutingTable> {
  const hit = cache.get(accountId);
  if (hit && now - hit.at < TTL_MS) return hit.table;
  const table = readTable(db, accountId);
  cache.set(accountId, { at: now, table });
  table.catch(() => cache.delete(accountId));
  return table;
}

/** Called after every routing write of the account. */
export function invalidateRoutingTable(accountId: number) {
  cache.delete(accountId);
}
