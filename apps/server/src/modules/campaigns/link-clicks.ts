/**
 * Clicks of a campaign email per link (campaign_link_clicks): every click adds one, a message's
 * first click of a link adds a unique click. Written by the click redirect, read by the report.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export async function countLinkClick(db: DbOrTx, accountId: number, campaignId: number, url: string, unique: boolean): Promise<void> {
  await db.execute(sql`
    insert into campaign_link_clicks as r (account_id, campaign_id, url_key, url, clicks, unique_clicks)
    values (${accountId}, ${campaignId}, md5(${url}), ${url}, 1, ${unique ? 1 : 0})
    on conflict (account_id, campaign_id, url_key)
    do update set clicks = r.clicks + 1, unique_clicks = r.unique_clicks + excluded.unique_clicks, last_at = now()`);
}

export interface LinkClicks {
  url: string;
  clicks: number;
  unique_clicks: number;
}

/** A campaign's links, most clicked by people first (at most 50). */
export async function linkClicks(db: DbOrTx, accountId: number, campaignId: number): Promise<LinkClicks[]> {
  const { rows } = await db.execute<{ url: string; clicks: string; unique_clicks: string }>(sql`
    select url, clicks, unique_clicks from campaign_link_clicks where account_id = ${accountId} and campaign_id = ${campaignId}
     order by unique_clicks desc, clicks desc, url limit 50`);
  return rows.map((r) => ({ url: r.url, clicks: Number(r.clicks), unique_clicks: Number(r.unique_clicks) }));
}
