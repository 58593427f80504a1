import type { GettingStarted } from '@risala/shared/schemas/dashboard';
import { SANDBOX_SAMPLE_TEMPLATES } from '@risala/shared/schemas/whatsapp';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { SANDBOX_SMS_SENDER } from '../senders/index.ts';

/** the sandbox's sample templates are given, not made: they do not tick "approve a template" */
const SAMPLE_IDS = SANDBOX_SAMPLE_TEMPLATES.map((t) => t.external_id);

/** One round trip, each answer an EXISTS on an account-first index (no counting of big tables). */
export async function gettingStarted(db: DbOrTx, accountId: number): Promise<GettingStarted> {
  const { rows } = await db.execute<GettingStarted>(sql`
    select (exists (select 1 from sms_senders where account_id = ${accountId}
                      and not (sender_id = ${SANDBOX_SMS_SENDER.sender_id} and description = ${SANDBOX_SMS_SENDER.description}))
             or exists (select 1 from email_senders where account_id = ${accountId} and provider <> 'sandbox')
             or exists (select 1 from whatsapp_senders where account_id = ${accountId} and not is_sandbox)) as sender,
           exists (select 1 from brands where account_id = ${accountId}) as brand,
           exists (select 1 from customers where account_id = ${accountId}) as customers,
           (exists (select 1 from templates where account_id = ${accountId} and status = 'APPROVED')
             or exists (select 1 from whatsapp_templates where account_id = ${accountId} and status = 'APPROVED'
                          and not (coalesce(external_id, '') = any(${sql.param(SAMPLE_IDS)}::text[])))) as approved_template,
           exists (select 1 from messages where account_id = ${accountId}) as sent_message,
           exists (select 1 from campaigns where account_id = ${accountId} and status <> 'DRAFT') as launched_campaign`);
  return rows[0] as GettingStarted;
}

/** Whether a user belongs to the account (the §7 paths that name a user by id). */
export async function isAccountUser(db: DbOrTx, accountId: number, userId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from users where id = ${userId} and account_id = ${accountId}`);
  return rows.length > 0;
}
