/**
 * The company profile (the catalogue's "customer"): read and changed by those whose role has the
 * `company` entity (owner and admin among the built-ins). A change and its audit entry commit
 * together; the entry keeps the fields that changed, before and after.
 */
import type { Company, CompanyChange } from '@risala/shared/schemas/company';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, userActor } from '../audit/index.ts';

interface Actor {
  accountId: number;
  userId: number;
}

async function readCompany(db: DbOrTx, accountId: number, forUpdate = false): Promise<Company> {
  const lock = forUpdate ? sql` for update` : sql``;
  const { rows } = await db.execute<Company & Record<string, unknown>>(sql`
    select name as customer_name, customer_short_name, country, city, street, cr_number, vat_number,
           support_email, contact_persons
      from accounts where id = ${accountId}${lock}`);
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return rows[0];
}

export const getCompany = (ctx: AppContext, auth: Actor) => readCompany(ctx.db, auth.accountId);

export async function updateCompany(ctx: AppContext, auth: Actor, input: CompanyChange, ip: string): Promise<Company> {
  return ctx.db.transaction(async (tx) => {
    const before = await readCompany(tx, auth.accountId, true);
    await tx.execute(sql`
      update accounts set name = ${input.customer_name}, customer_short_name = ${input.customer_short_name},
             country = ${input.country}, city = ${input.city}, street = ${input.street}, cr_number = ${input.cr_number},
             vat_number = ${input.vat_number}, support_email = ${input.support_email},
             contact_persons = ${JSON.stringify(input.contact_persons)}::jsonb, updated_at = now()
       where id = ${auth.accountId}`);
    const after = await readCompany(tx, auth.accountId);
    const changed = (Object.keys(after) as (keyof Company)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    if (changed.length) {
      await audit(tx, {
        accountId: auth.accountId,
        actor: userActor(auth.userId),
        action: 'company.updated',
        target: { type: 'account', id: auth.accountId, label: after.customer_name },
        ip,
        data: {
          fields: changed,
          before: Object.fromEntries(changed.map((k) => [k, before[k]])),
          after: Object.fromEntries(changed.map((k) => [k, after[k]])),
        },
      });
    }
    return after;
  });
}
