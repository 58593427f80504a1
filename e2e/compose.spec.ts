import { expect, test } from '@playwright/test';
import { registerVerified, signInUi, sql } from './fixtures.ts';
import { pickMoment } from './pickers.ts';

test('leaving New SMS with a typed message asks first; staying keeps it, leaving discards it', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.compose-guard');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/message-history/new-sms');
  await page.getByTestId('compose-numbers').fill('+966501234567');
  await page.getByTestId('compose-text').fill('Our summer offer starts today');

  await page.getByTestId('sidebar-item-customer').click();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  await page.getByTestId('leave-guard-stay').click();
  await expect(page).toHaveURL(/\/message-history\/new-sms/);
  await expect(page.getByTestId('compose-text')).toHaveValue('Our summer offer starts today');

  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.getByTestId('leave-guard-leave').click();
  await expect(page).toHaveURL(/\/message-history$/);

  // a message without a letter is flagged at the field, and cannot be sent
  await page.goto('/message-history/new-sms');
  await page.getByTestId('compose-numbers').fill('+966501234567');
  await page.getByTestId('compose-text').fill('12345 !!!');
  await expect(page.getByText('Must contain at least one letter')).toBeVisible();
  await expect(page.getByTestId('compose-send')).toBeDisabled();
  await page.getByTestId('compose-text').fill('Code 12345');
  // typed numbers have no customer details: a placeholder without a fallback is pointed out
  await page.getByTestId('compose-var-first_name').click();
  await expect(page.getByTestId('compose-no-fallback')).toContainText('{{first_name|friend}}');
  await expect(page.getByText('Must contain at least one letter')).toHaveCount(0);
  await expect(page.getByTestId('compose-send')).toBeEnabled();
  await page.getByTestId('sidebar-item-message-history').click();
  await page.getByTestId('leave-guard-leave').click();

  // an untouched form leaves without a question
  await page.goto('/message-history/new-sms');
  await page.getByTestId('sidebar-item-customer').click();
  await expect(page).toHaveURL(/\/customer$/);
});

test('free WhatsApp text to someone who has not written in: the estimate says so and Send stays off', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.compose-window');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/message-history/new-whatsapp');
  await page.getByTestId('compose-numbers').fill('+966501112299');
  await page.getByTestId('compose-source').getByText('Free text').click();
  await page.getByTestId('compose-text').fill('Are you still interested?');
  await expect(page.getByTestId('estimate-not-allowed')).toContainText('1 recipient is outside the 24-hour window');
  await expect(page.getByTestId('estimate-nothing')).toBeVisible();
  await expect(page.getByTestId('compose-send')).toBeDisabled();
});

test.describe('in a browser in another time zone', () => {
  test.use({ timezoneId: 'Europe/London' });

  test('a scheduled SMS goes out at the typed time in the account’s zone, not the browser’s', async ({ page, request }) => {
    const email = await registerVerified(request, 'e2e.compose-zone');
    await signInUi(page, email);
    await expect(page).toHaveURL(/\/dashboard/);
    const [{ account_id }] = await sql('select account_id from users where email = $1', [email]);
    // two hours ahead, as a wall time in Riyadh (UTC+3, no daylight saving)
    const at = new Date(Date.now() + 2 * 3600_000);
    at.setUTCSeconds(0, 0);
    const riyadh = new Date(at.getTime() + 3 * 3600_000).toISOString().slice(0, 16);

    await page.goto('/message-history/new-sms');
    await page.getByTestId('compose-numbers').fill('+966501234567');
    await page.getByTestId('compose-text').fill('Doors open at ten');
    await page.getByTestId('compose-schedule').click();
    await pickMoment(page, 'compose-schedule-at', riyadh);
    await expect(page.getByText('Time zone: Saudi Arabia Time')).toBeVisible();
    await page.getByTestId('compose-send').click();
    await expect(page).toHaveURL(/\/message-history\?bulk_id=/);
    const [m] = await sql('select scheduled_at from messages where account_id = $1', [account_id]);
    expect(new Date(m.scheduled_at).toISOString()).toBe(at.toISOString());
  });
});
