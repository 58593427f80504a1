/**
 * The account's audit log: who did what, to what, and when. An entry is written with the caller's
 * database handle — inside the transaction of the change it records, so a change and its entry
 * commit or roll back together.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** Who acted: a user of the account, a platform operator, an API key, or the product itself. */
export interface AuditActor {
  type: 'user' | 'operator' | 'api_key' | 'system' | 'parent_account';
  id: number | null;
  /** a readable name kept with the entry (an operator's or key's name outlives the row) */
  label?: string | null;
}

export interface AuditEntry {
  accountId: number;
  actor: AuditActor;
  /** dotted and stable, e.g. auth.login, user.invited, role.updated, campaign.launched */
  action: string;
  target?: { type: string; id: number | string | null; label?: string | null } | null;
  ip?: string | null;
  /** what changed (never secrets: no passwords, tokens or keys) */
  data?: object;
}

/** A user acting in their own account: the usual actor. */
export const userActor = (userId: number): AuditActor => ({ type: 'user', id: userId });

/**
 * Who decides on an account's item: one of its users, or a platform operator (userId null) deciding
 * from the admin area. The decision is recorded in the account's audit log with this actor.
 */
export interface Reviewer {
  accountId: number;
  userId: number | null;
  actor: AuditActor;
}

export const userReviewer = (auth: { accountId: number; userId: number }): Reviewer => ({
  accountId: auth.accountId,
  userId: auth.userId,
  actor: userActor(auth.userId),
});

export async function audit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  const target = entry.target ?? null;
  await db.execute(sql`
    insert into audit_log (account_id, user_id, actor_type, actor_id, actor_label, action,
                           target_type, target_id, target_label, ip, data)
    values (${entry.accountId}, ${entry.actor.type === 'user' ? entry.actor.id : null}, ${entry.actor.type},
            ${entry.actor.id}, ${entry.actor.label ?? null}, ${entry.action},
            ${target?.type ?? null}, ${target?.id === null || target?.id === undefined ? null : String(target.id)},
            ${target?.label ?? null}, ${entry.ip ?? null}, ${JSON.stringify(entry.data ?? {})}::jsonb)`);
}

/**
 * Several entries in one insert (entries that record no change of their own, such as the public
 * API's calls: written in batches, not one statement per call).
 */
export async function auditMany(db: DbOrTx, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((e) => ({
    account_id: e.accountId,
    user_id: e.actor.type === 'user' ? e.actor.id : null,
    actor_type: e.actor.type,
    actor_id: e.actor.id,
    actor_label: e.actor.label ?? null,
    action: e.action,
    target_type: e.target?.type ?? null,
    target_id: e.target?.id === null || e.target?.id === undefined ? null : String(e.target.id),
    target_label: e.target?.label ?? null,
    ip: e.ip ?? null,
    data: e.data ?? {},
  }));
  await db.execute(sql`
    insert into audit_log (account_id, user_id, actor_type, actor_id, actor_label, action, target_type, target_id, target_label, ip, data)
    select account_id, user_id, actor_type, actor_id, actor_label, action, target_type, target_id, target_label, ip, data
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(account_id int, user_id int, actor_type text, actor_id int, actor_label text, action text,
             target_type text, target_id text, target_label text, ip text, data jsonb)`);
}
