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

test('WhatsApp auto-replies: the switches toggle without a crash, and unsaved changes ask before leaving', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const email = await registerVerified(request, 'e2e.senders.switch');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/sender-management/whatsapp');
  const editor = page.getByTestId('auto-reply-editor');
  await expect(editor).toBeVisible();
  const enabled = page.getByTestId('auto-reply-enabled');
  const away = page.getByTestId('auto-reply-away-enabled');
  // quick successive toggles (a state update still pending when the next event comes)
  for (let i = 0; i < 3; i++) {
    await enabled.click({ force: true });
    await away.click({ force: true });
  }
  await expect(page.getByTestId('auto-reply-away-text')).toBeVisible();
  await page.getByTestId('auto-reply-away-text').fill('نحن خارج أوقات العمل');
  expect(await page.getByTestId('auto-reply-away-text').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  await away.click({ force: true });
  await away.click({ force: true });
  await expect(editor).toBeVisible();
  expect(errors).toEqual([]);

  // unsaved: another tab asks first; saved: it does not
  await page.getByTestId('senders-tab-email').click();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  await page.getByTestId('leave-guard-stay').click();
  await expect(page).toHaveURL(/\/sender-management\/whatsapp$/);
  await page.getByTestId('auto-reply-save').click();
  await expect(page.getByText('Auto-reply saved')).toBeVisible();
  await page.getByTestId('senders-tab-email').click();
  await expect(page).toHaveURL(/\/sender-management$/);
  await expect(page.getByTestId('leave-guard-stay')).toHaveCount(0);
});

test('email sender: a failed test says why in the reader\'s language, an unknown host is "not found", and Sandbox can be chosen again after SMTP', async ({
  page,
  request,
}) => {
  const email = await registerVerified(request, 'e2e.senders.smtp');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/sender-management');
  const provider = page.getByTestId('email-provider');
  await expect(page.getByTestId('email-status')).toHaveText('Active');

  // SMTP on a host name that does not resolve: said so, not "Enter a valid URL or IP address"
  await provider.getByText('SMTP relay').click();
  await page.getByTestId('email-from_email').fill('news@example.com');
  await page.getByTestId('email-smtp_host').fill('no-such-relay.invalid');
  await page.getByTestId('email-smtp_port').fill('1');
  await page.getByTestId('email-smtp_security').click();
  await page.getByRole('option', { name: 'None' }).click();
  // unsaved settings: leaving asks
  await page.getByTestId('senders-tab-sms').click();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  await page.getByTestId('leave-guard-stay').click();
  await page.getByTestId('email-config-save').click();
  await expect(page.getByText('This host name could not be found: check the spelling, or that the name exists in DNS')).toBeVisible();
  await expect(page.getByText('Enter a valid URL or IP address')).toHaveCount(0);

  // a port where nothing listens: the reason, not nodemailer's words
  await page.getByTestId('email-smtp_host').fill('127.0.0.1');
  await page.getByTestId('email-config-save').click();
  await expect(page.getByText('Email settings saved')).toBeVisible();
  await page.getByTestId('email-test-to').fill('someone@example.com');
  await page.getByTestId('email-test-send').click();
  const result = page.getByTestId('email-test-result');
  await expect(result).toContainText('The test failed: \u2068127.0.0.1\u2069 refused the connection on port 1: check the port');
  await expect(result).not.toContainText('ECONNREFUSED');
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('email-test-send').click();
  await expect(result).toContainText('فشلت التجربة: رفض \u2068127.0.0.1\u2069 الاتصال على المنفذ 1');
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // back to the sandbox, which the server offers while it runs
  await provider.getByText('Sandbox').click();
  await page.getByTestId('email-config-save').click();
  await expect(page.getByTestId('email-status')).toHaveText('Active');
  await page.getByTestId('email-test-send').click();
  await expect(result).toHaveText('Test email sent through Sandbox.');
});
