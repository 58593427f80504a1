import { expect, test } from '@playwright/test';
import { registerVerified, signInUi, sql } from './fixtures.ts';

/**
 * AI Analytics in Chromium, in Arabic: an account whose SMS delivery fell this week and
 * whose customers were messaged often; the page right to left with its summary written as the
 * reader watches, insights with their figures and confidence, charts with their tables, and an
 * insight's action followed to the screen it opens, pre-filled.
 */
async function accountWithHistory(email: string) {
  const [{ account_id }] = await sql('select account_id from users where email = $1', [email]);
  const acct = Number(account_id);
  await sql(
    `insert into customers (account_id, first_name, language, mobile_number, consent_sms, consent_sms_source, consent_sms_at)
     select $1, 'Client' || n, 'ar', '+9665' || lpad((n * 7919)::text, 8, '0'), true, 'e2e', now() from generate_series(1, 200) n`,
    [acct],
  );
  const [{ id: connection }] = await sql('select id from connections where account_id = $1 order by id limit 1', [acct]);
  // SMS campaigns: two delivered well weeks ago, four poorly this week to the same 75 customers
  for (const [name, days, sent, delivered] of [
    ['Spring 1', 20, 200, 194],
    ['Spring 2', 13, 200, 192],
    ['Flash 1', 2, 75, 45],
    ['Flash 2', 3, 75, 45],
    ['Flash 3', 4, 75, 48],
    ['Flash 4', 5, 75, 47],
  ] as const) {
    const [{ id }] = await sql(
      `insert into campaigns (account_id, name, status, channels, launched_at, completed_at)
       values ($1, $2, 'COMPLETED', '{sms}', now() - make_interval(days => $3::int), now() - make_interval(days => $3::int)) returning id`,
      [acct, name, days],
    );
    await sql(
      `insert into messages (account_id, channel, status, stage, bulk_id, campaign_id, customer_id, recipient, body, parts, credits, connection_id,
                             created_at, sent_at, delivered_at, failed_at, error_code)
       select $1::int, 'sms', case when g <= $4::int then 'DELIVERED' else 'FAILED' end, 'done', 'e2e-' || $2::text, $2::int,
              (select id from customers where account_id = $1::int order by id offset (g % 150) limit 1), '+9665' || lpad(g::text, 8, '0'), 'x', 1, 1, $5::int,
              ts, ts, case when g <= $4::int then ts + interval '1 minute' end, case when g > $4::int then ts + interval '1 minute' end,
              case when g > $4::int then 'ESME_RDELIVERYFAILURE' end
         from generate_series(1, $3::int) g, lateral (select date_trunc('day', now() - make_interval(days => $6::int)) + interval '15 hours' + make_interval(mins => g % 90) as ts) x`,
      [acct, id, sent, delivered, connection, days],
    );
  }
  return { accountId: acct, connectionId: Number(connection) };
}

test('in Arabic: insights with their figures, the summary as it is written, and an action that opens the right screen', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = await registerVerified(request, 'e2e.aianalytics');
  const { connectionId } = await accountWithHistory(email);
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await page.getByRole('link', { name: 'تحليلات الذكاء الاصطناعي' }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تحليلات الذكاء الاصطناعي');
  const summary = page.getByTestId('analytics-summary');
  await expect(summary).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('analytics-summary-text')).toContainText('إليك الخلاصة');

  // the delivery drop on the sandbox connection, with its figures and confidence, in Arabic
  const drop = page.locator(`[data-testid=insight][data-id="delivery_drop:connection:${connectionId}"]`);
  await expect(drop).toBeVisible();
  await expect(drop).toContainText('انخفض التسليم');
  await expect(drop.getByTestId('insight-explanation')).toContainText('61.7%');
  await expect(drop.getByTestId('insight-explanation')).toContainText('96.5%');
  await expect(drop.getByTestId('insight-confidence')).toContainText('300');
  await expect(page.locator('[data-testid=insight][data-kind=fatigue]')).toBeVisible();

  // the charts keep a table for screen readers; one button shows it to everyone
  const channels = page.getByTestId('analytics-channels');
  await channels.getByTestId('analytics-channels-toggle').click();
  await expect(channels.getByRole('table')).toContainText('الرسائل النصية');

  // the insight's action opens the connection it is about
  await drop.getByTestId('insight-action').click();
  await expect(page).toHaveURL(new RegExp(`/sender-management/connections/${connectionId}$`));

  // the fatigue action makes the group to exclude and opens it
  await page.goBack();
  const fatigue = page.locator('[data-testid=insight][data-kind=fatigue]');
  await fatigue.getByTestId('insight-action').click();
  await expect(page).toHaveURL(/\/customer\/groups\/\d+$/);
});

test('a plan without AI sees what AI Analytics offers and where to upgrade', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.aianalytics.starter');
  await sql(`update accounts set plan = 'starter' where id = (select account_id from users where email = $1)`, [email]);
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/analytics');
  await expect(page.getByTestId('analytics-upgrade')).toBeVisible();
  await expect(page.getByTestId('analytics-upgrade').getByRole('link')).toHaveAttribute('href', '/subscriptionplan?upgrade=true');
});
