import { expect, type Page, test } from '@playwright/test';
import { registerVerified, signInUi, sql } from './fixtures.ts';
import { pickDay } from './pickers.ts';

/**
 * One moment reads the same on every screen — in the account's zone (here Dubai),
 * not the browser's (New York) — the zone is said in words, exports carry its offset, and date
 * filters are a calendar in the interface language, not the browser's mm/dd/yyyy.
 */
test.use({ timezoneId: 'America/New_York' });

const inDubai = (page: Page, iso: string) =>
  page.evaluate(
    (at) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dubai' }).format(new Date(at)),
    iso,
  );

test('one moment, one format, in the account zone: list, drawer, export; Arabic date filters on a calendar', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.ux.time');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  expect((await page.request.put('/api/account', { data: { timezone: 'Asia/Dubai' } })).status()).toBe(200);
  const at = new Date(Date.now() + 3 * 3600_000);
  at.setUTCSeconds(0, 0);
  const sent = await page.request.post('/api/messages/sms', {
    data: { recipients: { numbers: ['+966556100001'] }, text: 'Doors open at nine', schedule_at: at.toISOString() },
  });
  expect(sent.status()).toBe(201);
  const expected = await inDubai(page, at.toISOString());

  await page.goto('/message-history');
  const row = page.locator('[data-testid="message-row"][data-status="SCHEDULED"]');
  await expect(row.getByTestId('message-scheduled-for')).toContainText(expected);
  // the row's own creation time is written the same way ("Nov 26, 2026, 8:41 AM"), with the zone on hover
  const created = row.locator('time').first();
  await expect(created).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
  await expect(created).toHaveAttribute('title', 'United Arab Emirates Time');
  await row.click();
  await expect(page.getByTestId('message-detail-scheduled')).toHaveText(expected);
  await expect(page.getByTestId('message-detail')).toContainText('(United Arab Emirates Time)');
  await page.keyboard.press('Escape');

  // the export says which zone its times are in: ISO 8601 with Dubai's offset
  const csv = await (await page.request.get('/api/messages/export.csv')).text();
  expect(csv.split('\r\n')[1]).toMatch(/,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+04:00,/);

  // Arabic: no browser date field; a calendar with Arabic month names, the day written in Arabic
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.goto('/message-history');
  await expect(page.locator('input[type="date"], input[type="datetime-local"]')).toHaveCount(0);
  await page.getByTestId('message-filter-from').click();
  await expect(page.locator('[data-day]').first()).toBeVisible();
  await expect(page.getByText(/يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر/).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await pickDay(page, 'message-filter-from', '2026-02-20');
  await expect(page).toHaveURL(/from=2026-02-20/);
  await expect(page.getByTestId('message-filter-from')).toHaveText(
    await page.evaluate(() =>
      new Intl.DateTimeFormat('ar-u-ca-gregory', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2026, 1, 20, 12)),
    ),
  );
  await page.screenshot({ path: 'test-results/ux-time-ar.png' });

  // a number typed without its country code is read in the company's country (as an import reads it), and the screen says which
  await sql(`update accounts set country = 'AE' where id = (select account_id from users where lower(email) = lower($1))`, [email]);
  await page.goto('/message-history/new-sms');
  await page.reload(); // the account's country comes with the profile
  await page.getByTestId('compose-numbers').fill('0501234567');
  await expect(page.getByTestId('compose-numbers-read')).toContainText('+971501234567');
  await expect(page.getByTestId('compose-numbers-count')).toBeVisible();
});
