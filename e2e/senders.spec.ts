import { expect, test } from '@playwright/test';
import { registerVerified, signInUi } from './fixtures.ts';

test('a new user finds sandbox senders, requests and approves a sender id, and tries an auto-reply', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = await registerVerified(request, 'e2e.senders');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);

  // email: the sandbox sender is active; a test mail goes to the SMTP sink
  await page.goto('/sender-management');
  await expect(page.getByTestId('email-tab')).toBeVisible();
  await expect(page.getByTestId('email-status')).toHaveText('Active');
  await page.getByTestId('email-test-to').fill('someone@example.com');
  await page.getByTestId('email-test-send').click();
  await expect(page.getByTestId('email-test-result')).toHaveText('Test email sent through Sandbox.');

  // SMS: the tab is the URL; live §5 validation; request → waiting → approve
  await page.getByTestId('senders-tab-sms').click();
  await expect(page).toHaveURL(/\/sender-management\/sms$/);
  await expect(page.getByTestId('gateway-link-connections')).toHaveAttribute('href', '/sender-management/connections');
  await expect(page.locator('[data-testid="sender-id-row"][data-sender="Risala"] [data-testid="sender-status"]')).toHaveText('Active');
  await page.getByTestId('sender-id-input').fill('TooLongSender1');
  await expect(page.getByText('Sender ID must be up to 15 digits or up to 11 letters and digits')).toBeVisible();
  await expect(page.getByTestId('sender-id-submit')).toBeDisabled();
  await page.getByTestId('sender-id-input').fill('AcmeShop');
  await page.getByTestId('sender-id-submit').click();
  const row = page.locator('[data-testid="sender-id-row"][data-sender="AcmeShop"]');
  await expect(row.getByTestId('sender-status')).toHaveText('Waiting for approval');
  await row.getByTestId('sender-approve').click();
  await expect(row.getByTestId('sender-status')).toHaveText('Active');

  // WhatsApp: the sandbox number, an auto-reply rule tried live and saved
  await page.goto('/sender-management/whatsapp');
  await expect(page.getByTestId('wa-sandbox-note')).toBeVisible();
  await expect(page.getByTestId('wa-status')).toHaveText('Active');
  await page.getByTestId('auto-reply-enabled').check({ force: true }); // Mantine's switch track sits over the visually hidden input
  await page.getByTestId('auto-reply-add').click();
  await page.getByTestId('auto-reply-keyword').fill('price');
  await page.getByTestId('auto-reply-reply').fill('See our prices');
  await page.getByTestId('auto-reply-try').fill('What is the PRICE?');
  await expect(page.getByTestId('auto-reply-answer')).toHaveText('Reply: See our prices');
  await page.getByTestId('auto-reply-save').click();
  await page.reload();
  await expect(page.getByTestId('auto-reply-keyword')).toHaveValue('price');
});

test('the verification link lands on the email tab with a banner', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.verify');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/sender-management?verified=0');
  await expect(page.getByTestId('email-verified-banner')).toHaveText('This verification link is invalid, expired or already used.');
});
