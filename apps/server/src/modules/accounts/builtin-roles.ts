/**
 * The built-in roles follow the code: when a release adds an area (an entity of the permission
 * tree) or changes what a built-in role may do, every account's built-in roles get the new tree at
 * start. Custom roles are the account's own and are never touched.
 */
import { BUILTIN_ROLES, permissionTreeFor, ROLE_DESCRIPTIONS } from '@risala/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** Returns how many roles changed. Idempotent; cheap when nothing changed (one indexed update per key). */
export async function syncBuiltinRoles(db: DbOrTx): Promise<number> {
  let changed = 0;
  for (const key of BUILTIN_ROLES) {
    const tree = JSON.stringify(permissionTreeFor(key));
    const { rowCount } = await db.execute(sql`
      update roles set permissions = ${tree}::jsonb, role_description = ${ROLE_DESCRIPTIONS[key]}, updated_at = now()
       where is_builtin and key = ${key}
         and (permissions <> ${tree}::jsonb or role_description <> ${ROLE_DESCRIPTIONS[key]})`);
    changed += rowCount ?? 0;
  }
  return changed;
}
