import { expect, type Page, test } from '@playwright/test';
import { buildDocx, docxStyledParagraph, docxTable, registerVerified, signInReviewer, signInUi, sql } from './fixtures.ts';

const status = (page: Page) => page.getByTestId('template-status');

test('email template from a .docx → submit → a reviewer approves → the author sees the decision in the bell', async ({
  page: first,
  browser,
  request,
}) => {
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

test('the SMS editor counts characters and parts with the right encoding, inserts variables and previews for a customer', async ({
  page,
  request,
}) => {
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

test('the template list keeps its search, channel, sort and page in the URL: Back from a template and a reload show the same list', async ({
  page,
  request,
}) => {
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

/** The computed direction of an element (what the browser lays its text out in). */
const direction = (page: Page, testId: string) => page.getByTestId(testId).evaluate((el) => getComputedStyle(el).direction);
const savedHtml = async (page: Page, id: number) =>
  (await (await page.request.get(`/api/templates/template/${id}`)).json()).data.html as string;
/** HTML with spacing dropped, for checks that should not depend on how a sanitiser spaces a style. */
const compact = (html: string) => html.replace(/\s+/g, '');

test('the visual email editor keeps tables, inline styles, wrappers and dir through an edit; HTML it cannot keep opens as source and asks before simplifying', async ({
  page,
  request,
}) => {
  const author = await registerVerified(request, 'e2e.tpl.html');
  await signInUi(page, author);
  await expect(page).toHaveURL(/\/dashboard/);
  const html =
    '<div style="background-color: #f4f4f4; padding: 16px"><table width="100%" cellpadding="8" style="border-collapse: collapse">' +
    '<tr><td style="color: #c92a2a" align="center">Big sale</td><td><p>Second cell</p></td></tr></table>' +
    '<p dir="rtl" style="text-align: right">مرحبا {{first_name}}</p><p>Hello <span style="color: #1c7ed6">blue</span> world</p></div>';
  const created = await page.request.post('/api/templates/rich', { data: { template_name: 'Rich layout', subject: 'Layout', html } });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as number;

  await page.goto(`/template/edit/${id}`);
  const editor = page.getByTestId('email-editor');
  await expect(editor.locator('td').first()).toHaveText('Big sale');
  await editor.getByText('world').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' today');
  await page.getByTestId('template-save').click();
  await expect(page.getByText('Template saved')).toBeVisible();
  const saved = compact(await savedHtml(page, id));
  expect(saved).toContain('worldtoday</p>');
  expect(saved).toMatch(/<divstyle="background-color:#f4f4f4;?padding:16px;?">/);
  expect(saved).toMatch(/<table[^>]*width="100%"/);
  expect(saved).toContain('cellpadding="8"');
  expect(saved).toMatch(/<td[^>]*style="color:#c92a2a;?"[^>]*>Bigsale<\/td>/);
  expect(saved).toMatch(/align="center"/);
  expect(saved).toMatch(/<pdir="rtl"style="text-align:right;?">مرحبا\{\{first_name\}\}<\/p>/);
  expect(saved).toMatch(/<spanstyle="color:#1c7ed6;?">blue<\/span>/);

  // a <style> block is beyond the visual editor: the template opens as HTML source and says why
  const styled = await page.request.post('/api/templates/rich', {
    data: { template_name: 'Styled', subject: 'Styled', html: '<style>p { color: #2b8a3e }</style><p>Green text</p>' },
  });
  const styledId = (await styled.json()).data.id as number;
  await page.goto(`/template/edit/${styledId}`);
  await expect(page.getByTestId('email-html-source')).toBeVisible();
  await expect(page.getByTestId('email-source-only')).toBeVisible();
  await page.getByTestId('email-mode').getByText('Rich text', { exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Switch to the visual editor?' });
  await expect(ask).toContainText('Switching to the visual editor will simplify this HTML: tables/styles may be lost. Continue?');
  await ask.getByTestId('email-simplify-cancel').click();
  await expect(page.getByTestId('email-html-source')).toHaveValue(/<style>/);
  // saving from source keeps the block
  const saved1 = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/${styledId}`));
  await page.getByTestId('template-save').click();
  await saved1;
  expect(await savedHtml(page, styledId)).toContain('<style>');
  // the server still removes scripts, event handlers and javascript: links from what is kept
  const source = page.getByTestId('email-html-source');
  await source.fill(
    `${await source.inputValue()}<p onclick="alert(1)">Click</p><script>alert(2)</script><a href="javascript:alert(3)">Go</a>`,
  );
  const resaved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/${styledId}`) && r.ok());
  await page.getByTestId('template-save').click();
  await resaved;
  const cleaned = await savedHtml(page, styledId);
  expect(cleaned).toContain('<style>');
  expect(cleaned).toContain('Click');
  expect(cleaned).not.toMatch(/onclick|<script|javascript:/i);
  await page.reload();
  // agreeing simplifies: the visual editor shows the text, the body is now what it keeps
  await page.getByTestId('email-mode').getByText('Rich text', { exact: true }).click();
  await page.getByTestId('email-simplify-confirm').click();
  await expect(page.getByTestId('email-editor')).toContainText('Green text');
  await page.getByTestId('email-mode').getByText('HTML source').click();
  await expect(page.getByTestId('email-html-source')).not.toHaveValue(/<style>/);
});

test('a .docx with a table keeps it; importing over a body asks first; the conversion notes are shown', async ({ page, request }) => {
  const author = await registerVerified(request, 'e2e.tpl.docx');
  await signInUi(page, author);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/template/new/email');
  await page.getByTestId('template-name').fill('Weekly menu');
  await page.getByTestId('template-subject').fill('This week');
  const file = page.locator('input[type="file"]');
  const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  const upload = async (name: string, buffer: Buffer) => {
    const converted = page.waitForResponse((r) => r.url().endsWith('/api/templates/upload-docx') && r.ok());
    await file.setInputFiles({ name, mimeType: docx, buffer });
    await converted;
  };
  const menu = await buildDocx(
    'Menu',
    ['Prices this week:'],
    docxTable([
      ['Item', 'Price'],
      ['Dates', '25 SAR'],
    ]),
  );
  const editor = page.getByTestId('email-editor');

  // an empty body: imported at once, the table in the visual editor, the notes listed (names isolated: U+2068 … U+2069)
  await upload('menu.docx', menu);
  await expect(page.getByTestId('docx-replace-confirm')).toHaveCount(0);
  await expect(editor.locator('td')).toHaveText(['Item', 'Price', 'Dates', '25 SAR']);
  await expect(page.getByTestId('docx-notes')).toContainText('Notes from importing “\u2068menu.docx\u2069”');
  await expect(page.getByTestId('docx-note')).toContainText(['The document uses the style “\u2068Heading1\u2069” without defining it']);

  // a second document over the body: asked first; "Cancel" keeps the body
  const offers = await buildDocx('Offers', ['New text'], docxStyledParagraph('Fine print', 'Fancy'));
  await upload('offers.docx', offers);
  const ask = page.getByRole('dialog', { name: 'Replace the email body?' });
  await expect(ask).toContainText('The current email body will be replaced by the content of “\u2068offers.docx\u2069”.');
  await ask.getByTestId('docx-replace-cancel').click();
  await expect(editor.locator('td')).toHaveCount(4);
  await upload('offers.docx', offers);
  await page.getByTestId('docx-replace-confirm').click();
  await expect(editor.locator('h1')).toHaveText('Offers');
  await expect(editor.locator('td')).toHaveCount(0);
  await expect(page.getByTestId('docx-note')).toContainText([
    'The paragraph style “\u2068Fancy\u2069” is unknown: those paragraphs came in as plain paragraphs',
  ]);

  // the table document again, saved: the table is in the stored HTML
  await upload('menu.docx', menu);
  await page.getByTestId('docx-replace-confirm').click();
  await expect(editor.locator('td')).toHaveCount(4);
  await page.getByTestId('template-save').click();
  await expect(page).toHaveURL(/\/template\/edit\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())?.[1]);
  expect(compact(await savedHtml(page, id))).toMatch(/<table>.*<td>(<p>)?Dates(<\/p>)?<\/td><td>(<p>)?25SAR(<\/p>)?<\/td>.*<\/table>/);
});

test('an address that names no template is "not found"', async ({ page, request }) => {
  const author = await registerVerified(request, 'e2e.tpl.missing');
  await signInUi(page, author);
  await expect(page).toHaveURL(/\/dashboard/);
  for (const path of ['/template/edit/abc', '/template/edit/999999']) {
    await page.goto(path);
    await expect(page.getByTestId('record-not-found')).toContainText('This template does not exist or was deleted.');
  }
});

test('HTML with event handlers shown in the visual editor runs nothing: the handlers are not kept', async ({ page, request }) => {
  const author = await registerVerified(request, 'e2e.tpl.xss');
  await signInUi(page, author);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/template/new/email');
  await page.getByTestId('email-mode').getByText('HTML source').click();
  await page
    .getByTestId('email-html-source')
    .fill(
      '<p onmouseover="window.__xss=1" style="color:#c00">Hover me</p><img src="/nothing.png" onerror="window.__xss=2"><p><a href="javascript:window.__xss=3">Go</a></p>',
    );
  await page.getByTestId('email-mode').getByText('Rich text', { exact: true }).click();
  const confirm = page.getByTestId('email-simplify-confirm');
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  const editor = page.getByTestId('email-editor');
  await expect(editor).toContainText('Hover me');
  await editor.getByText('Hover me').hover();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(editor.locator('[onmouseover], [onerror], a[href^="javascript:"]')).toHaveCount(0);
  // what the editor keeps of the rest: the inline style
  await expect(editor.locator('p[style]').first()).toBeVisible();
});

test('template fields follow the typed text: Arabic is right-to-left on the input itself and in the rich editor', async ({
  page,
  request,
}) => {
  const author = await registerVerified(request, 'e2e.tpl.dir');
  await signInUi(page, author);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/template/new/sms');
  await page.getByTestId('template-text').fill('مرحبا بكم في متجرنا');
  expect(await direction(page, 'template-text')).toBe('rtl');
  await page.getByTestId('template-text').fill('Welcome to our shop');
  expect(await direction(page, 'template-text')).toBe('ltr');

  await page.goto('/template/new/email');
  await page.getByTestId('template-subject').fill('عروض نهاية الأسبوع');
  expect(await direction(page, 'template-subject')).toBe('rtl');
  const content = page.getByTestId('email-editor').locator('.ProseMirror');
  await content.click();
  await page.keyboard.type('أهلا بك');
  expect(await content.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  expect(
    await content
      .locator('p')
      .first()
      .evaluate((el) => getComputedStyle(el).direction),
  ).toBe('rtl');

  // in the Arabic interface an empty field keeps the interface's direction; English text is left-to-right
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.goto('/template/new/email');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(await direction(page, 'template-subject')).toBe('rtl');
  await page.getByTestId('template-subject').fill('Weekend offers');
  expect(await direction(page, 'template-subject')).toBe('ltr');
});

test('leaving the template editor with unsaved changes asks first; a saved template leaves freely; the email preview has real desktop and phone widths', async ({
  page,
  request,
}) => {
  const author = await registerVerified(request, 'e2e.tpl.leave');
  await signInUi(page, author);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/template/new/email');
  await page.getByTestId('template-name').fill('Leave check');
  await page.getByTestId('template-subject').fill('Hello');
  await page.getByTestId('email-editor').locator('.ProseMirror').click();
  await page.keyboard.type('Some body text');
  await page.getByRole('link', { name: 'All templates' }).click();
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  await page.getByTestId('leave-guard-stay').click();
  await expect(page).toHaveURL(/\/template\/new\/email$/);
  // saving moves to the template's address without asking
  await page.getByTestId('template-save').click();
  await expect(page).toHaveURL(/\/template\/edit\/\d+$/);
  await expect(page.getByTestId('leave-guard-stay')).toHaveCount(0);

  // the preview: a desktop window scaled to the column, a phone at 375 px
  const frame = page.getByTestId('email-preview-frame');
  await expect(frame).toHaveAttribute('data-device', 'desktop');
  expect(await frame.evaluate((el) => (el as HTMLElement).offsetWidth)).toBeGreaterThanOrEqual(600);
  await page.getByTestId('preview-device').first().getByText('Mobile').click();
  await expect(frame.first()).toHaveAttribute('data-device', 'mobile');
  expect(await frame.first().evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(375);
  await expect(page.frameLocator('[data-testid="email-preview-frame"]').first().locator('body')).toContainText('Some body text');

  // an edit, then leaving asks; "Leave and discard" leaves
  await page.getByTestId('template-subject').fill('Hello again');
  await page.getByRole('link', { name: 'All templates' }).click();
  await page.getByTestId('leave-guard-leave').click();
  await expect(page).toHaveURL(/\/template$/);
});
