/**
 * Blacklists for a whole chunk: one query loads the account's ACTIVE entries of a type that can
 * touch the chunk (its numbers, their prefixes, every keyword), then each message is matched in
 * memory with the rules of modules/blacklists/blacklist-match.ts.
 */
import { normalizeDigits, normalizeWords } from '@risala/shared/schemas/blacklists';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { numberPrefixes } from '../../blacklists/index.ts';

export type BlacklistMatcher = (number: string | null, text: string | null) => string | null;

export async function loadBlacklistMatcher(db: DbOrTx, accountId: number, type: 'MT' | 'MO', numbers: string[]): Promise<BlacklistMatcher> {
  const normalized = numbers.map(normalizeDigits);
  const candidates = [...new Set(normalized.flatMap(numberPrefixes))];
  const { rows } = await db.execute<{ blacklist_name: string; kind: string; value: string }>(sql`
    select b.blacklist_name, e.kind, e.value
      from blacklist_entries e join blacklists b on b.id = e.blacklist_id and b.account_id = e.account_id
     where e.account_id = ${accountId} and b.status = 'ACTIVE' and b.blacklist_type = ${type}
       and (e.kind = 'keyword' or (e.kind in ('number', 'prefix') and e.value = any(${sql.param(candidates)}::text[])))
     order by b.blacklist_name`);
  if (rows.length === 0) return () => null;
  const byNumber = new Map<string, string>();
  const byPrefix = new Map<string, string>();
  const keywords: { words: string; list: string }[] = [];
  for (const r of rows) {
    if (r.kind === 'number' && !byNumber.has(r.value)) byNumber.set(r.value, r.blacklist_name);
    else if (r.kind === 'prefix' && !byPrefix.has(r.value)) byPrefix.set(r.value, r.blacklist_name);
    else if (r.kind === 'keyword') keywords.push({ words: r.value, list: r.blacklist_name });
  }
  return (number, text) => {
    if (number) {
      const n = normalizeDigits(number);
      const hit =
        byNumber.get(n) ??
        numberPrefixes(n)
          .map((p) => byPrefix.get(p))
          .find(Boolean);
      if (hit) return hit;
    }
    if (text && keywords.length > 0) {
      const words = ` ${normalizeWords(text)} `;
      const k = keywords.find((kw) => words.includes(` ${kw.words} `));
      if (k) return k.list;
    }
    return null;
  };
}
