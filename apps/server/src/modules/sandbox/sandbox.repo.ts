import { and, desc, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sandboxMails } from '../../db/schema/index.ts';
import type { InboxScope } from './sandbox-access.ts';

/** The newest mails the sandbox caught for an address, within what the caller may read. */
export function mailsTo(db: DbOrTx, to: string, scope: Exclude<InboxScope, { kind: 'none' }>, limit: number) {
  return db
    .select()
    .from(sandboxMails)
    .where(
      and(
        sql`${to} = any(${sandboxMails.to_addresses})`,
        scope.kind === 'signup'
          ? and(sql`${sandboxMails.headers}->>'x-risala-mail' = 'otp-register'`, gte(sandboxMails.created_at, scope.since))
          : undefined,
      ),
    )
    .orderBy(desc(sandboxMails.created_at), desc(sandboxMails.id))
    .limit(limit);
}
