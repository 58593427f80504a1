import { expect, test } from '@playwright/test';
import { registerVerified, signInUi } from './fixtures.ts';

/**
 * A new (sandbox) account can send WhatsApp at once — it starts with approved
 * sample templates; each blank of a template is labelled with its sample value and can take a
 * customer field; free text explains the 24-hour window and offers a template instead.
 */
test('a new account sends an approved sample template, its blanks labelled and fillable from customer fields', async ({
  page,
  request,
}) => {
  const email = await registerVerified(request, 'e2e.ux.whatsapp');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  // a customer whose first name fills blank 1 when the message is made
  expect(
    (
      await page.request.post('/api/customer', {
        data: { first_name: 'Huda', mobile_number: '+966553100001', consent: { whatsapp: { granted: true } } },
      })
    ).status(),
  ).toBe(201);

  await page.goto('/message-history/new-whatsapp');
  // free text first: the window is explained, and a template is one click away
  await page.getByTestId('compose-source').getByText('Free text').click();
  await expect(page.getByTestId('wa-window-note')).toContainText('within 24 hours of the customer');
  await page.getByTestId('wa-window-use-template').click();

  await page.getByTestId('compose-numbers').fill('+966553100001');
  await page.getByTestId('compose-wa-template').click();
  await page.getByRole('option', { name: 'weekend_offer · English' }).click();
  await expect(page.getByText('Blank 1 (for example “Sara”)')).toBeVisible();
  await expect(page.getByText('Blank 2 (for example “20%”)')).toBeVisible();
  await page.getByTestId('compose-param-1-var-first_name').click();
  await expect(page.getByTestId('compose-param-1')).toHaveValue('{{first_name}}');
  await page.getByTestId('compose-param-2').fill('25%');
  await expect(page.getByTestId('estimate-accepted')).toHaveText('1', { timeout: 15_000 });
  await page.getByTestId('compose-send').click();
  await expect(page).toHaveURL(/\/message-history\?bulk_id=/);
  const row = page.locator('[data-testid="message-row"][data-status="READ"]');
  await expect(row).toHaveCount(1, { timeout: 45_000 });
  const [message] = (await (await page.request.get('/api/messages?channel=whatsapp')).json()).data.items;
  expect(message.body).toContain('Hi Huda, our weekend offer is here: 25% off everything');
});
