/**
 * Which ACTIVE blacklists of an account block a number (and optionally a message text). Shared by
 * the "check a number" action and the send pipeline. Numbers match exactly, prefixes match any
 * leading part of the number (looked up by the (account_id, kind, value) index), keywords match
 * whole words or phrases, case-insensitively, in any script.
 */
import { type BlacklistMatch, type BlacklistType, normalizeDigits, normalizeWords } from '@risala/shared/schemas/blacklists';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface BlockingQuery {
  number: string;
  /** MT (outgoing) or MO (incoming); both when omitted. */
  type?: BlacklistType;
  text?: string;
}

/** "+96650123" → ["+9", "+96", …, "+96650123"]. */
export function numberPrefixes(number: string): string[] {
  const digits = normalizeDigits(number);
  const out: string[] = [];
  for (let i = 2; i <= digits.length; i++) out.push(digits.slice(0, i));
  return out;
}

export async function findBlocking(db: DbOrTx, accountId: number, query: BlockingQuery): Promise<BlacklistMatch[]> {
  const number = normalizeDigits(query.number);
  const words = query.text ? normalizeWords(query.text) : '';
  // keywords are stored as normalised words joined by single spaces: pad both sides to match whole words
  const keywordMatch = words ? sql`or (e.kind = 'keyword' and strpos(${` ${words} `}::text, ' ' || e.value || ' ') > 0)` : sql``;
  const { rows } = await db.execute<BlacklistMatch & Record<string, unknown>>(sql`
    select b.id as blacklist_id, b.blacklist_name, b.blacklist_type, e.kind, e.value
      from blacklist_entries e
      join blacklists b on b.id = e.blacklist_id and b.account_id = e.account_id
     where e.account_id = ${accountId} and b.status = 'ACTIVE'
       ${query.type ? sql`and b.blacklist_type = ${query.type}` : sql``}
       and ((e.kind = 'number' and e.value = ${number}::text)
         or (e.kind = 'prefix' and e.value = any(${sql.param(numberPrefixes(number))}::text[]))
         ${keywordMatch})
     order by b.blacklist_name, e.kind, e.value`);
  return rows;
}
