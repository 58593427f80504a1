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
