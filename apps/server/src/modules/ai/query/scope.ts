/** The scope a question runs in for a signed-in user: the account, its zone, the reader's language, what the user's role may see. */
import { can, type PermissionTree } from '@risala/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { QUERY_CATALOGUE } from './catalogue.ts';
import type { Lang, QueryScope } from './types.ts';

export async function scopeFor(
  db: DbOrTx,
  auth: { accountId: number; userId: number; permissions: PermissionTree },
  lang: Lang,
): Promise<QueryScope> {
  const { rows } = await db.execute<{ timezone: string }>(sql`select timezone from accounts where id = ${auth.accountId}`);
  return {
    accountId: auth.accountId,
    timezone: rows[0]?.timezone ?? 'Asia/Riyadh',
    lang,
    userId: auth.userId,
    // an entity is seen as its screen is: with the view permission of that screen (none needed for the account and one's notifications)
    can: (entity) => {
      const permission = QUERY_CATALOGUE[entity].permission;
      return permission === null || can(auth.permissions, permission, 'view');
    },
  };
}
