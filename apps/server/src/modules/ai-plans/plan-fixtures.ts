/** Test helpers of AI plans: a demo account with a marketer and a reviewer, plan requests, history rows. */
import type { Channel } from '@risala/shared/schemas/messages';
import { seedDemoData } from '../../demo-data.ts';
import { addUserToAccount, bearer, json, signIn, signUpCast, type TestApp } from '../../test/helper.ts';

export async function planCast(t: TestApp) {
  const cast = await signUpCast(t);
  const { owner } = cast;
  await t.ctx.db.transaction((tx) => seedDemoData(tx, owner.accountId, owner.userId));
  const [brand] = await t.sql<{ id: number }>('select id from brands where account_id = $1 order by id limit 1', [owner.accountId]);
  const groups = await t.sql<{ id: number; name: string }>(
    'select id, group_name as name from customer_groups where account_id = $1 order by id',
    [owner.accountId],
  );
  const m = await addUserToAccount(t, owner.accountId, 'marketer', { first_name: 'Maha' });
  const r = await addUserToAccount(t, owner.accountId, 'reviewer', { first_name: 'Rania' });
  return {
    ...cast,
    brandId: (brand as { id: number }).id,
    groups,
    marketer: { userId: m.userId, token: (await signIn(t, m.email)).token },
    reviewer: { userId: r.userId, token: (await signIn(t, r.email)).token },
  };
}

/** A date `days` from today (UTC), as the plan window takes it. */
export const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const planBody = (brandId: number, extra: Record<string, unknown> = {}) => ({
  objective: 'promotion',
  brand_id: brandId,
  budget_credits: 5000,
  start_date: day(1),
  end_date: day(7),
  notes: '20% off everything this weekend',
  link: 'https://shop.example/offer',
  ...extra,
});

export async function call(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  lang = 'en',
) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'accept-language': lang },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return {
    res,
    status: res.statusCode,
    data: res.statusCode < 300 ? json(res).data : null,
    body: res.statusCode >= 300 ? json(res) : null,
  };
}

/**
 * Past campaigns with messages on a channel, sent at an hour (UTC) `daysAgo`: `sent` messages of
 * which `delivered` were delivered, `engaged` opened/clicked. Rows go straight into messages (the
 * pipeline is tested elsewhere): here they are the account's history.
 */
export async function seedHistory(
  t: TestApp,
  accountId: number,
  rows: {
    name: string;
    channel: Channel;
    sent: number;
    delivered: number;
    engaged?: number;
    clicked?: number;
    hour: number;
    daysAgo: number;
    connectionId?: number | null;
    prefix?: string;
  }[],
) {
  for (const r of rows) {
    const [c] = await t.sql<{ id: number }>(
      `insert into campaigns (account_id, name, status, channels, launched_at, completed_at)
       values ($1, $2, 'COMPLETED', array[$3::text], now() - make_interval(days => $4::int), now() - make_interval(days => $4::int)) returning id`,
      [accountId, r.name, r.channel, r.daysAgo],
    );
    await t.sql(
      `insert into messages (account_id, channel, status, stage, bulk_id, campaign_id, customer_id, recipient, body, parts, credits, connection_id,
                             created_at, sent_at, delivered_at, read_at, clicked_at, failed_at, error_code)
       select $1::int, $2::text, case when g <= $4::int then 'DELIVERED' else 'FAILED' end, 'done', 'hist-' || $3::text, $3::int,
              (select id from customers where account_id = $1::int order by id offset (g % 400) limit 1),
              case when $2::text = 'email' then 'h' || g || '@demo.example' else $9::text || lpad(g::text, 7, '0') end, 'x', 1, 1, $10::int,
              ts, ts, case when g <= $4::int then ts + interval '1 minute' end,
              case when g <= $5::int then ts + interval '5 minutes' end, case when g <= $6::int then ts + interval '6 minutes' end,
              case when g > $4::int then ts + interval '1 minute' end, case when g > $4::int then 'ESME_RDELIVERYFAILURE' end
         from generate_series(1, $7::int) g,
              lateral (select date_trunc('day', now() - make_interval(days => $8::int)) + make_interval(hours => $11::int) as ts) x`,
      [
        accountId,
        r.channel,
        c?.id,
        r.delivered,
        r.engaged ?? 0,
        r.clicked ?? 0,
        r.sent,
        r.daysAgo,
        r.prefix ?? '+96650',
        r.connectionId ?? null,
        r.hour,
      ],
    );
  }
}
