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

test('a one-off email from Message History: personalised subject, sent, listed by its bulk, delivered with the name filled in', async ({
  page,
  request,
}) => {
  const email = await registerVerified(request, 'e2e.compose-email');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  const to = `mona.${Date.now().toString(36)}@customer.example`;
  const created = await page.request.post('/api/customer', {
    data: { first_name: 'Mona', last_name: 'Khalil', email: to, consent: { email: { granted: true } } },
  });
  expect(created.status()).toBe(201);

  await page.goto('/message-history');
  await page.getByTestId('message-new-email').click();
  await expect(page).toHaveURL(/\/message-history\/new-email$/);
  await expect(page).toHaveTitle('New email · Risala');
  // a new (sandbox) account's email sender, chosen already
  await expect(page.getByTestId('compose-email-sender')).toHaveValue(/@sandbox\.risala\.local/);

  // a typed address that is not an email is pointed out at the field
  await page.getByTestId('compose-emails').fill('not-an-email');
  await expect(page.getByText(/Not valid email addresses \(1\): .*not-an-email/)).toBeVisible();
  await page.getByTestId('compose-emails').fill('');
  await page.getByTestId('compose-customers').click();
  await page.getByTestId('compose-customers').fill('Mona');
  // name and address are isolated (U+2068 … U+2069) so either direction keeps them whole
  await page.getByRole('option', { name: /^\u2068?Mona Khalil\u2069? · .*mona\./ }).click();
  await page.keyboard.press('Escape');

  // an empty subject is flagged once left
  await page.getByTestId('compose-subject').focus();
  await page.getByTestId('compose-subject').blur();
  await expect(page.getByTestId('new-email-page').getByText('This field is required')).toBeVisible();
  await page.getByTestId('compose-subject').fill('A gift for you, ');
  await page.getByTestId('compose-var-first_name').click();
  await expect(page.getByTestId('compose-subject')).toHaveValue('A gift for you, {{first_name}}');
  await expect(page.getByTestId('new-email-page').getByText('This field is required')).toHaveCount(0);
  await page.getByTestId('email-editor').locator('.ProseMirror').click();
  await page.keyboard.type('Your weekend voucher is waiting in store.');
  await expect(page.getByTestId('compose-send')).toBeEnabled();

  // the preview is the email as sent to the chosen customer; the estimate counts one email
  await expect(page.getByTestId('draft-preview-subject')).toHaveText('A gift for you, Mona', { timeout: 15_000 });
  await expect(page.getByTestId('estimate-accepted')).toHaveText('1', { timeout: 15_000 });
  await expect(page.getByTestId('estimate-credits')).toHaveText('1');
  await expect(page.getByTestId('estimate-parts')).toHaveCount(0);

  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Sending started: 1 message queued' })).toBeVisible();
  await expect(page).toHaveURL(/\/message-history\?bulk_id=/);
  await expect(page.getByTestId('message-total')).toHaveText('Messages: 1');

  let mail: { subject?: string; text?: string } | undefined;
  await expect
    .poll(
      async () => {
        mail = (await (await request.get(`/api/sandbox/mails?to=${encodeURIComponent(to)}`)).json()).data.items[0];
        return mail?.subject;
      },
      { timeout: 20_000 },
    )
    .toBe('A gift for you, Mona');
  expect(mail?.text).toContain('Your weekend voucher is waiting in store.');
});

test('an approved email template to a typed address: previewed, sent, delivered with the fallback for a non-customer', async ({
  page,
  request,
}) => {
  const email = await registerVerified(request, 'e2e.compose-email-template');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  const [{ account_id, id: userId }] = await sql('select account_id, id from users where email = $1', [email]);
  await sql(
    `insert into templates (account_id, template_name, message_type, subject, html, template_text, variables, status, created_by, reviewed_by, reviewed_at)
     values ($1, 'Opening hours', 'email', 'Hello {{first_name|friend}}', '<p>Our doors open at ten.</p>', 'Our doors open at ten.',
             '{first_name}', 'APPROVED', $2, $2, now())`,
    [account_id, userId],
  );
  const to = `walkin.${Date.now().toString(36)}@customer.example`;

  await page.goto('/message-history/new-email');
  await page.getByTestId('compose-emails').fill(to);
  await expect(page.getByTestId('compose-emails-count')).toHaveText('Valid addresses: 1');
  await page.getByTestId('compose-source').getByText('Template').click();
  await page.getByTestId('compose-template').click();
  await page.getByRole('option', { name: 'Opening hours' }).click();
  await expect(page.getByTestId('email-template-preview')).toBeVisible();
  await expect(page.frameLocator('[data-testid="email-preview-frame"]').locator('p')).toHaveText('Our doors open at ten.');
  await expect(page.getByTestId('estimate-accepted')).toHaveText('1', { timeout: 15_000 });
  await page.getByTestId('compose-send').click();
  await expect(page).toHaveURL(/\/message-history\?bulk_id=/);
  await expect
    .poll(async () => (await (await request.get(`/api/sandbox/mails?to=${encodeURIComponent(to)}`)).json()).data.items[0]?.subject, {
      timeout: 20_000,
    })
    .toBe('Hello friend');
});
