import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { RoutingPlugin } from '../../channels/sms/routing.ts';
import type { DbOrTx } from '../../db/client.ts';
import { shortLinks } from '../../db/schema/short-links.ts';
import { AppError } from '../../lib/errors.ts';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const CODE_LENGTH = 7;
const newCode = () => Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Only absolute http(s) links are shortened (never javascript:, data:, …). */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/**
 * The short link for `target` in the account (the same target keeps its code). `baseUrl` ends
 * where the code goes, e.g. `${PUBLIC_URL}/s/`. Any failure → URL_SHORTENING_FAILED.
 */
export async function shortenUrl(db: DbOrTx, accountId: number, target: string, baseUrl: string): Promise<string> {
  if (!isHttpUrl(target) || target.length > 2000) throw new AppError('URL_SHORTENING_FAILED');
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  try {
    const [existing] = await db
      .select({ code: shortLinks.code })
      .from(shortLinks)
      .where(and(eq(shortLinks.account_id, accountId), eq(shortLinks.target_url, target)))
      .limit(1);
    if (existing) return `${base}${existing.code}`;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const [row] = await db
        .insert(shortLinks)
        .values({ account_id: accountId, code: newCode(), target_url: target })
        .onConflictDoNothing()
        .returning({ code: shortLinks.code });
      if (row) return `${base}${row.code}`;
    }
  } catch {
    // fall through: the database could not store the link
  }
  throw new AppError('URL_SHORTENING_FAILED');
}

/** The plugin's base URL, or our own /s/ redirect. */
export const shortenerBase = (plugin: RoutingPlugin, publicUrl: string) =>
  typeof plugin.config.base_url === 'string' && plugin.config.base_url ? plugin.config.base_url : `${publicUrl}/s/`;

/** Counts a click and returns the target, or null for an unknown code. */
export async function followShortLink(db: DbOrTx, code: string): Promise<string | null> {
  const [row] = await db
    .update(shortLinks)
    .set({ clicks: sql`${shortLinks.clicks} + 1` })
    .where(eq(shortLinks.code, code))
    .returning({ target_url: shortLinks.target_url });
  return row && isHttpUrl(row.target_url) ? row.target_url : null;
}
