import { expect, type Page, test } from '@playwright/test';
import { registerVerified, signInUi } from './fixtures.ts';

/** Message and campaign history as seen from a browser in another zone than the account's (Asia/Riyadh). */
test.use({ timezoneId: 'Europe/London' });

/** A time as the app formats it in the account's zone, with the browser's own ICU. */
const inRiyadh = (page: Page, iso: string, options: Intl.DateTimeFormatOptions) =>
  page.evaluate(
    ([at, opts]) =>
      new Intl.DateTimeFormat('en', { ...(opts as Intl.DateTimeFormatOptions), timeZone: 'Asia/Riyadh' }).format(new Date(at as string)),
    [iso, options] as const,
  );

test('a scheduled SMS shows the typed (account) time in its drawer, which opens on the inline end in English and Arabic', async ({
  page,
  request,
}) => {
  const email = await registerVerified(request, 'e2e.history-drawer');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  const at = new Date(Date.now() + 2 * 3600_000);
  at.setUTCSeconds(0, 0);
  const sent = await page.request.post('/api/messages/sms', {
    data: { recipients: { numbers: ['+966501234567'] }, text: 'Doors open at ten', schedule_at: at.toISOString() },
  });
  expect(sent.status()).toBe(201);

  await page.goto('/message-history');
  await page.getByTestId('message-row').click();
  // London is three hours behind Riyadh: the drawer used to show the browser's wall time
  await expect(page.getByTestId('message-detail-scheduled')).toHaveText(
    await inRiyadh(page, at.toISOString(), { dateStyle: 'medium', timeStyle: 'short' }),
  );
  const width = page.viewportSize()?.width ?? 0;
  const english = await page.getByTestId('message-detail').boundingBox();
  expect(english?.x).toBeGreaterThan(width / 2);

  await page.keyboard.press('Escape');
  await expect(page.getByTestId('message-detail')).toBeHidden();
  // the row opens from the keyboard too
  await page.getByTestId('message-row').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('message-detail')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('message-detail')).toBeHidden();
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('message-row').click();
  await expect(page.getByTestId('message-detail')).toBeVisible();
  // right-to-left, the inline end is the left: the drawer no longer covers the sidebar on the right
  await expect
    .poll(async () => {
      const box = await page.getByTestId('message-detail').boundingBox();
      return box ? box.x + box.width : Number.POSITIVE_INFINITY;
    })
    .toBeLessThan(width / 2);
});

test('a page past the end of a history list (a stale link) shows page 1, not "no messages yet"; a scheduled campaign shows the account time', async ({
  page,
  request,
}) => {
  const email = await registerVerified(request, 'e2e.history-pages');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  const sent = await page.request.post('/api/messages/sms', { data: { recipients: { numbers: ['+966501234567'] }, text: 'Hello there' } });
  expect(sent.status()).toBe(201);

  await page.goto('/message-history?page=7');
  await expect(page.getByTestId('message-row')).toHaveCount(1);
  await expect(page).not.toHaveURL(/page=/);

  const at = new Date(Date.now() + 26 * 3600_000);
  at.setUTCSeconds(0, 0);
  const created = await page.request.post('/api/campaigns', { data: { name: 'Spring sale', schedule_at: at.toISOString() } });
  expect(created.status()).toBe(201);
  await page.goto('/campaignhistory?page=4');
  await expect(page.getByTestId('campaign-row')).toHaveCount(1);
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.getByTestId('campaign-when')).toHaveText(
    await inRiyadh(page, at.toISOString(), { dateStyle: 'medium', timeStyle: 'short' }),
  );
});
