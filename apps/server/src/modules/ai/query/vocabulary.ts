/**
 * The account's own names for the parser's lexicon — cities, tags, groups, campaigns, senders,
 * templates, brands — each list bounded (the most used or most recent first), so a question can
 * name them ("customers in Jeddah", "the Ramadan campaign") without the lexicon growing unbounded.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Vocabulary } from './types.ts';

/** The most names per list (a big account's tail of rare cities and old campaigns stays out). */
export const VOCABULARY_LIMIT = 200;

export async function accountVocabulary(db: DbOrTx, accountId: number): Promise<Vocabulary> {
  const names = async (query: ReturnType<typeof sql>) => {
    const { rows } = await db.execute<{ name: string | null }>(query);
    return [...new Set(rows.map((r) => r.name?.trim()).filter((n): n is string => Boolean(n)))];
  };
  const limit = VOCABULARY_LIMIT;
  const [cities, countries, languages, tags, groups, campaigns, senders, templates, whatsapp_templates, brands, failure_reasons] =
    await Promise.all([
      names(sql`select min(city) as name from customers where account_id = ${accountId} and nullif(trim(city), '') is not null
                 group by lower(trim(city)) order by count(*) desc limit ${limit}`),
      names(sql`select country as name from customers where account_id = ${accountId} and country is not null
                 group by country order by count(*) desc limit ${limit}`),
      names(sql`select language as name from customers where account_id = ${accountId} group by language order by count(*) desc limit 20`),
      names(sql`select tag as name from customers, unnest(tags) as tag where account_id = ${accountId}
                 group by tag order by count(*) desc limit ${limit}`),
      names(sql`select group_name as name from customer_groups where account_id = ${accountId} order by updated_at desc limit ${limit}`),
      names(sql`select name from campaigns where account_id = ${accountId} order by created_at desc limit ${limit}`),
      names(sql`select name from (
                   select sender_id as name, created_at from sms_senders where account_id = ${accountId}
                   union all select from_name, created_at from email_senders where account_id = ${accountId}
                   union all select from_email, created_at from email_senders where account_id = ${accountId}
                   union all select display_name, created_at from whatsapp_senders where account_id = ${accountId}
                 ) s order by created_at desc limit ${limit}`),
      names(sql`select template_name as name from templates where account_id = ${accountId} order by updated_at desc limit ${limit}`),
      names(sql`select distinct on (name) name from whatsapp_templates where account_id = ${accountId} order by name limit ${limit}`),
      names(sql`select name from brands where account_id = ${accountId} order by name limit ${limit}`),
      names(sql`select error_code as name from messages where account_id = ${accountId} and error_code is not null
                  and created_at >= now() - interval '90 days' group by error_code order by count(*) desc limit 50`),
    ]);
  return { cities, countries, languages, tags, groups, campaigns, senders, templates, whatsapp_templates, brands, failure_reasons };
}
