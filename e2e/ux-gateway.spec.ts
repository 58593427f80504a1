import { expect, test } from '@playwright/test';
import { addReviewer, registerVerified, signInUi, sql } from './fixtures.ts';

/**
 * The SMS gateway has its own area for those who run it (owners, admins); a
 * marketer's screens keep to marketing words, each technical term with its explanation; WhatsApp
 * setup says where Meta keeps each value.
 */
test('the gateway is its own area for owners; a marketer sees plain words and no gateway', async ({ page, browser, request }) => {
  const email = await registerVerified(request, 'e2e.ux.gateway');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);

  // the owner: "SMS Gateway" is a setting (the account menu), not a sidebar entry; its four pages share one tab bar
  await expect(page.getByTestId('sidebar-item-gateway')).toHaveCount(0);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-gateway').click();
  await expect(page).toHaveURL(/\/gateway\/connections$/);
  await page.getByTestId('routing-tab-plugins').click();
  await expect(page).toHaveURL(/\/gateway\/plugins$/);
  await page.getByTestId('routing-tab-connections').click();
  await expect(page.getByTestId('connections-page')).toBeVisible();
  // old addresses lead there
  await page.goto('/sender-management/rules?search=x');
  await expect(page).toHaveURL(/\/gateway\/rules\?search=x$/);
  await expect(page.getByTestId('routing-tab-rules')).toHaveAttribute('aria-selected', 'true');
  // Sender Management › SMS keeps to senders
  await page.goto('/sender-management/sms');
  await expect(page.getByTestId('sms-tab')).toBeVisible();
  await expect(page.getByTestId('gateway-links')).toHaveCount(0);
  // WhatsApp setup: where each value is in Meta's consoles
  await page.goto('/sender-management/whatsapp');
  const guide = page.getByTestId('wa-setup-guide');
  await guide.getByRole('button', { name: 'Where to find these values in Meta, step by step' }).click();
  await expect(guide).toContainText('WhatsApp → API setup: under your number you find the Phone number ID');

  // a message's technical details carry their explanation
  const sent = await page.request.post('/api/messages/sms', { data: { recipients: { numbers: ['+966556200001'] }, text: 'Hello' } });
  expect(sent.status()).toBe(201);

  // a marketer of the same account
  const marketer = await addReviewer(request, email, 'e2e.ux.gateway');
  await sql(
    `update users set role_id = (select id from roles r where r.account_id = users.account_id and r.key = 'marketer') where email = $1`,
    [marketer],
  );
  const context = await browser.newContext();
  const mp = await context.newPage();
  await signInUi(mp, marketer);
  await expect(mp).toHaveURL(/\/dashboard/);
  await expect(mp.getByRole('link', { name: 'Sender Management' })).toBeVisible();
  await expect(mp.getByRole('link', { name: 'SMS Gateway' })).toHaveCount(0);
  await mp.getByTestId('user-menu').click();
  await expect(mp.getByTestId('menu-notification-settings')).toBeVisible();
  await expect(mp.getByTestId('menu-gateway')).toHaveCount(0);
  await mp.keyboard.press('Escape');
  await mp.goto('/sender-management/sms');
  await expect(mp.getByTestId('sms-tab')).toBeVisible();
  await expect(mp.getByTestId('gateway-links')).toHaveCount(0);
  await mp.goto('/message-history');
  await mp.getByTestId('message-row').first().click();
  const detail = mp.getByTestId('message-detail');
  await expect(detail).toContainText('Send reference');
  await expect(detail).not.toContainText('Send id');
  await detail.getByTestId('term-help').first().hover();
  await expect(mp.getByRole('tooltip')).toContainText('each part is charged');
  await context.close();
});
