import { expect, type Page, test } from '@playwright/test';
import { buildDocx, registerVerified, signInReviewer, signInUi, sql } from './fixtures.ts';

const status = (page: Page) => page.getByTestId('template-status');

test('email template from a .docx → submit → a reviewer approves → the author sees the decision in the bell', async ({ page: first, browser, request }) => {
  let page = first;
  const author = await registerVerified(request, 'e2e.tpl.author');
  await signInUi(page, author);
  await expect(page).toHaveURL(/\/dashboard/);

  // the list starts empty, with the tab bar
  await page.goto('/template');
  await expect(page.getByTestId('template-tab-text')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No templates yet')).toBeVisible();

  // new email template filled from a .docx generated here
  await page.getByTestId('template-new').click();
  await page.getByTestId('template-new-email').click();
  await expect(page).toHaveURL(/\/template\/new\/email$/);
  const name = `Eid offer ${Date.now().toString(36)}`;
  await page.getByTestId('template-name').fill(name);
  await page.getByTestId('template-subject').fill('Eid treats for {{first_name|you}}');
  const docx = await buildDocx('Eid Mubarak', ['Dear {{first_name}}, enjoy 30% off this week.']);
  const converted = page.waitForResponse((r) => r.url().endsWith('/api/templates/upload-docx') && r.ok());
  await page.locator('input[type="file"]').setInputFiles({
    name: 'eid-offer.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: docx,
  });
  await converted;
  const editor = page.getByTestId('email-editor');
  await expect(editor.locator('h1')).toHaveText('Eid Mubarak');
  await expect(editor).toContainText('enjoy 30% off');

  await page.getByTestId('template-save').click();
  await expect(page).toHaveURL(/\/template\/edit\/\d+$/);
  const templateId = Number(/(\d+)$/.exec(page.url())?.[1]);
  await expect(status(page)).toHaveAttribute('data-status', 'DRAFT');
  // the server-sanitised, CSS-inlined rendition in a sandboxed frame
  const frame = page.getByTestId('email-preview-frame');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('[data-testid="email-preview-frame"]').locator('h1')).toHaveText('Eid Mubarak');

  await page.getByTestId('template-submit-review').click();
  await expect(status(page)).toHaveAttribute('data-status', 'PENDING_REVIEW');
  // the author (owner) could decide, but the point is a second person does

  // a reviewer of the same account approves
  const { page: reviewer, context: reviewerContext } = await signInReviewer(browser, request, author, 'e2e.tpl');
  await reviewer.goto('/template');
  await reviewer.getByTestId('template-filter-status').click();
  await reviewer.getByRole('option', { name: 'Pending review' }).click();
  await expect(reviewer.getByTestId('template-row')).toHaveCount(1);
  await reviewer.getByRole('link', { name }).click();
  await expect(reviewer).toHaveURL(new RegExp(`/template/edit/${templateId}$`));
  await expect(reviewer.getByTestId('template-submit-review')).toHaveCount(0);
  await reviewer.getByTestId('template-approve').click();
  await expect(status(reviewer)).toHaveAttribute('data-status', 'APPROVED');
  await expect(reviewer.getByTestId('review-history')).toContainText('Approved');
  await reviewerContext.close();

  // the author signs in again (a fresh browser): the bell shows the decision
  const again = await browser.newContext();
  page = await again.newPage();
  await signInUi(page, author);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByTestId('notification-bell').click();
  const item = page.getByTestId('notification-item').filter({ hasText: name });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Template approved');

  // the same pages in Arabic, right to left
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.goto(`/template/edit/${templateId}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(status(page)).toHaveText('معتمد');
  await page.goto('/template');
  await expect(page.getByTestId('template-tab-text')).toHaveText('نصوص البريد والرسائل القصيرة وواتساب');
  await expect(page.getByTestId('template-row')).toHaveCount(1);
  await again.close();
});

test('the SMS editor counts characters and parts with the right encoding, inserts variables and previews for a customer', async ({ page, request }) => {
  const author = await registerVerified(request, 'e2e.tpl.sms');
  await signInUi(page, author);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/template/new/sms');
  const counter = page.getByTestId('sms-counter');
  const text = page.getByTestId('template-text');
  await text.fill('a'.repeat(160));
  await expect(counter).toHaveAttribute('data-encoding', 'GSM-7');
  await expect(counter).toHaveAttribute('data-parts', '1');
  await text.fill('a'.repeat(161));
  await expect(counter).toHaveAttribute('data-parts', '2');
  await expect(page.getByTestId('sms-left')).toHaveText('145 left in this part');
  await text.fill('مرحبا بكم');
  await expect(counter).toHaveAttribute('data-encoding', 'UCS-2');
  await expect(page.getByTestId('sms-left')).toHaveText('61 left in this part');
  await text.fill('Hi ');
  await page.getByTestId('variable-menu').click();
  await page.getByTestId('variable-first_name').click();
  await expect(text).toHaveValue('Hi {{first_name}}');
  await text.fill('Hi {{first_name|Friend}} from {{city}}');
  await page.getByTestId('template-name').fill('Welcome SMS');
  await page.getByTestId('template-save').click();
  await expect(page).toHaveURL(/\/template\/edit\/\d+$/);
  await expect(page.getByTestId('template-status')).toHaveAttribute('data-status', 'DRAFT');

  // preview against one of the account's customers, picked by search
  const [{ account_id }] = await sql('select account_id from users where email = $1', [author]);
  await sql(`insert into customers (account_id, first_name, last_name, city) values ($1, 'Huda', 'Saleh', 'Jeddah')`, [account_id]);
  await page.getByTestId('customer-picker').fill('Huda');
  await page.getByRole('option', { name: 'Huda Saleh' }).click();
  await page.getByTestId('customer-preview-render').click();
  await expect(page.getByTestId('customer-preview-text')).toHaveText('Hi Huda from Jeddah');
});

test('the template list keeps its search, channel, sort and page in the URL: Back from a template and a reload show the same list', async ({ page, request }) => {
  const author = await registerVerified(request, 'e2e.tpl.url');
  await signInUi(page, author);
  await expect(page).toHaveURL(/\/dashboard/);
  // 23 SMS promos (two pages of 20) and an email promo the channel filter leaves out
  for (let i = 1; i <= 23; i++) {
    const res = await page.request.post('/api/templates', {
      data: { template_name: `Promo ${String(i).padStart(2, '0')}`, message_type: 'sms', template_text: `Offer number ${i}` },
    });
    expect(res.status()).toBe(201);
  }
  const email = await page.request.post('/api/templates', {
    data: { template_name: 'Promo mail', message_type: 'email', subject: 'Offers', template_text: 'Offers inside' },
  });
  expect(email.status()).toBe(201);
  await page.request.post('/api/templates', { data: { template_name: 'Welcome', message_type: 'sms', template_text: 'Welcome aboard' } });

  await page.goto('/template');
  const rows = page.getByTestId('template-row');
  const firstName = rows.first().getByRole('link');
  await page.getByTestId('template-search').fill('promo');
  await expect(page).toHaveURL(/search=promo/);
  await page.getByTestId('template-filter-channel').click();
  await page.getByRole('option', { name: 'SMS', exact: true }).click();
  await page.getByTestId('template-sort').click();
  await page.getByRole('option', { name: 'Name A–Z' }).click();
  await expect(page).toHaveURL(/type=sms/);
  await expect(page).toHaveURL(/sort=template_name&order=asc/);
  await expect(firstName).toHaveText('Promo 01');
  await expect(page.getByText('23 templates')).toBeVisible();
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(3);
  await expect(firstName).toHaveText('Promo 21');

  // open a template, come back: same search, filter, sort and page
  await firstName.click();
  await expect(page).toHaveURL(/\/template\/edit\/\d+$/);
  await expect(page.getByTestId('template-name')).toHaveValue('Promo 21');
  await page.goBack();
  await expect(page.getByTestId('template-search')).toHaveValue('promo');
  await expect(page.getByTestId('template-filter-channel')).toHaveValue('SMS');
  await expect(page.getByTestId('template-sort')).toHaveValue('Name A–Z');
  await expect(page.getByRole('button', { name: '2', exact: true })).toHaveAttribute('data-active', 'true');
  await expect(rows).toHaveCount(3);
  await expect(firstName).toHaveText('Promo 21');

  // a reload (or the link shared) shows the same list; a new search starts again on page 1
  await page.reload();
  await expect(page.getByTestId('template-search')).toHaveValue('promo');
  await expect(firstName).toHaveText('Promo 21');
  await page.getByTestId('template-search').fill('promo 1');
  await expect(page).not.toHaveURL(/page=2/);
  await expect(rows).toHaveCount(10);
  await expect(firstName).toHaveText('Promo 10');
});
