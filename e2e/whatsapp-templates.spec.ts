import { expect, test } from '@playwright/test';
import { registerVerified, signInReviewer, signInUi } from './fixtures.ts';

test('build a WhatsApp template, submit it and see the simulator approve it', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.whatsapp');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);

  await page.goto('/template/whatsapp');
  // a sandbox account starts with the approved samples; they used none of the day's submissions
  await expect(page.getByTestId('wa-template-row')).toHaveCount(3);
  await expect(page.getByTestId('wa-limits-usage')).toContainText('0 of 10 used');
  await page.getByTestId('wa-template-new').click();

  // a client-side rule: capitals are refused before anything is sent
  await page.getByTestId('wa-template-name').fill('Order Shipped');
  await page.getByTestId('wa-template-body').fill('Hi ');
  await page.getByTestId('wa-add-variable').click();
  await page.getByTestId('wa-template-save').click();
  await expect(page.getByText('Use lowercase letters, digits and underscores only')).toBeVisible();

  await page.getByTestId('wa-template-name').fill('order_shipped');
  await page.getByTestId('wa-template-body').press('End');
  await page.getByTestId('wa-template-body').pressSequentially(', your order has shipped.');
  await page.getByTestId('wa-body-example-1').fill('Layla');
  await page.getByTestId('wa-template-footer').fill('Risala Store');
  await expect(page.getByTestId('wa-preview-body')).toHaveText('Hi Layla, your order has shipped.');

  await page.getByTestId('wa-template-submit').click();
  await expect(page).toHaveURL(/\/template\/whatsapp\/\d+$/);
  const status = page.getByTestId('wa-template-status');
  await expect(status).toHaveAttribute('data-status', 'PENDING');
  // the sandbox Cloud API decides after ~2 s and posts a signed webhook; the page polls
  await expect(status).toHaveAttribute('data-status', 'APPROVED', { timeout: 15_000 });
  await expect(page.getByTestId('wa-limits-usage')).toContainText('1 of 10 used');

  // the author's bell shows Meta's decision
  await page.reload();
  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('notification-item').first()).toContainText('WhatsApp template approved');

  // the list in Arabic, right-to-left
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.goto('/template/whatsapp');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const row = page.getByTestId('wa-template-row').filter({ hasText: 'order_shipped' });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('wa-template-status')).toHaveText('معتمد');
});

test('a reviewer reads WhatsApp templates but is offered no action the role lacks', async ({ page, browser, request }) => {
  const email = await registerVerified(request, 'e2e.whatsapp.roles');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/template/whatsapp/new');
  await page.getByTestId('wa-template-name').fill('role_check');
  await page.getByTestId('wa-template-body').fill('Your code is ready');
  await page.getByTestId('wa-template-save').click();
  await expect(page).toHaveURL(/\/template\/whatsapp\/\d+$/);
  const url = new URL(page.url()).pathname;
  await expect(page.getByTestId('wa-template-delete')).toBeVisible();

  // the reviewer role may view templates, not create, edit or delete them
  const { page: reviewer, context } = await signInReviewer(browser, request, email, 'e2e.whatsapp.roles');
  await reviewer.goto('/template/whatsapp');
  await expect(reviewer.getByTestId('wa-template-row').filter({ hasText: 'role_check' })).toHaveCount(1);
  await expect(reviewer.getByTestId('wa-template-new')).toHaveCount(0);
  await reviewer.goto(url);
  await expect(reviewer.getByTestId('wa-template-status')).toHaveAttribute('data-status', 'DRAFT');
  await expect(reviewer.getByTestId('wa-template-name')).toBeDisabled();
  for (const id of ['wa-template-delete', 'wa-template-save', 'wa-template-submit']) await expect(reviewer.getByTestId(id)).toHaveCount(0);
  // nor send: the New WhatsApp message screen says so instead of offering a form
  await reviewer.goto('/message-history/new-whatsapp');
  await expect(reviewer.getByTestId('compose-forbidden')).toHaveText("You don't have permission to do this");
  await expect(reviewer.getByTestId('compose-numbers')).toHaveCount(0);
  await context.close();
});

test('promotional text suggests Marketing; kept as Utility it is warned about, rejected with the reason, fixed and approved', async ({
  page,
  request,
}) => {
  const email = await registerVerified(request, 'e2e.whatsapp.reject');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/template/whatsapp/new');
  await page.getByTestId('wa-template-name').fill('summer_offer');
  const category = page.getByTestId('wa-template-category');
  await expect(category).toHaveValue('Utility');
  // the category follows the text until one is picked by hand
  await page.getByTestId('wa-template-body').fill('Summer sale: 30% off everything');
  await expect(category).toHaveValue('Marketing');
  await expect(page.getByTestId('wa-category-warning')).toHaveCount(0);
  await category.click();
  await page.getByRole('option', { name: 'Utility' }).click();
  await expect(page.getByTestId('wa-category-warning')).toContainText('reads as promotional');
  await page.getByTestId('wa-template-submit').click();
  const status = page.getByTestId('wa-template-status');
  await expect(status).toHaveAttribute('data-status', 'REJECTED', { timeout: 15_000 });
  await expect(page.getByTestId('wa-template-rejection')).toContainText('reads as marketing');

  // the simulator's rule: marketing wording is fine in the MARKETING category
  await page.getByTestId('wa-category-use-marketing').click();
  await expect(category).toHaveValue('Marketing');
  await page.getByTestId('wa-template-submit').click();
  await expect(status).toHaveAttribute('data-status', 'PENDING');
  await expect(status).toHaveAttribute('data-status', 'APPROVED', { timeout: 15_000 });
  await expect(page.getByTestId('wa-template-rejection')).toHaveCount(0);
});

test('the builder: Arabic lays out right-to-left, leaving unsaved asks, a double-click submits once, a wrong address is not found', async ({
  page,
  request,
}) => {
  const email = await registerVerified(request, 'e2e.whatsapp.builder');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);

  // an address that names no template is "not found", not an empty builder
  for (const path of ['/template/whatsapp/abc', '/template/whatsapp/999999']) {
    await page.goto(path);
    await expect(page.getByTestId('record-not-found')).toContainText('This WhatsApp template does not exist or was deleted.');
    await expect(page.getByTestId('wa-template-editor')).toHaveCount(0);
  }

  await page.goto('/template/whatsapp/new');
  const dir = (testId: string) => page.getByTestId(testId).evaluate((el) => getComputedStyle(el).direction);
  await page.getByTestId('wa-template-name').fill('eid_greeting');
  await page.getByTestId('wa-template-body').fill('عيد مبارك من متجرنا');
  await page.getByTestId('wa-template-footer').fill('متجر رسالة');
  expect(await dir('wa-template-body')).toBe('rtl');
  expect(await dir('wa-template-footer')).toBe('rtl');
  await page.getByTestId('wa-template-body').fill('Eid Mubarak from our store');
  expect(await dir('wa-template-body')).toBe('ltr');

  // unsaved: leaving asks
  await page.getByRole('link', { name: 'All WhatsApp templates' }).click();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  await page.getByTestId('leave-guard-stay').click();
  await expect(page).toHaveURL(/\/template\/whatsapp\/new$/);

  // saved: its address, without asking
  await page.getByTestId('wa-template-save').click();
  await expect(page).toHaveURL(/\/template\/whatsapp\/\d+$/);
  await expect(page.getByTestId('leave-guard-stay')).toHaveCount(0);

  // a double-click on "Submit to Meta" submits once: no second request, no 409 banner
  let submits = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/whatsapp\/templates\/\d+\/submit$/.test(r.url())) submits += 1;
  });
  await page.getByTestId('wa-template-submit').dblclick();
  await expect(page.getByTestId('wa-template-status')).toHaveAttribute('data-status', /PENDING|APPROVED/);
  await page.waitForTimeout(1000);
  expect(submits).toBe(1);
  await expect(page.getByTestId('wa-template-error')).toHaveCount(0);
  await expect(page.getByTestId('wa-limits-usage')).toContainText('1 of 10 used');
});
