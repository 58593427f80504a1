import { expect, type Page, test } from '@playwright/test';
import { chooseConsent } from './import-consent.ts';
import { buildDocx, registerVerified, signInReviewer, signInUi } from './fixtures.ts';

/**
 * One new user's journey through audience, content and templates — brand →
 * import 1,000 customers (3 bad rows) → dynamic segment with its live count → email template from
 * a .docx → review by a second user → the author's bell → the same pages in Arabic, right to left.
 */

const ROWS = 1000;
/** Rows (1-based data rows) that must fail: an invalid number, an invalid email, no contact. */
const BAD = { mobile: 10, email: 500, contact: 999 };
const isAe = (i: number) => i % 4 === 0;
const isVip = (i: number) => i % 10 === 0;
const bad = (i: number) => Object.values(BAD).includes(i);
/** The segment built below: country is AE and the tag vip (multiples of 20, minus bad row 500). */
const EXPECTED_SEGMENT = Array.from({ length: ROWS }, (_, k) => k + 1).filter((i) => !bad(i) && isAe(i) && isVip(i)).length;
const EXPECTED_AE = Array.from({ length: ROWS }, (_, k) => k + 1).filter((i) => !bad(i) && isAe(i)).length;

/** 1,000 customers: every 4th in AE (else SA), every 10th tagged vip, three rows bad. */
function customersCsv(): Buffer {
  const lines = ['First Name,Last Name,Mobile,Email,Country,Tags'];
  for (let i = 1; i <= ROWS; i++) {
    let mobile = `+9665${String(20000000 + i)}`;
    let email = `guest${i}@example.com`;
    if (i === BAD.mobile) mobile = '+96612';
    if (i === BAD.email) email = 'not-an-email';
    if (i === BAD.contact) {
      mobile = '';
      email = '';
    }
    const tags = isVip(i) ? 'vip;loyal' : 'loyal';
    lines.push(`Guest${i},Family${i},${mobile},${email},${isAe(i) ? 'AE' : 'SA'},${tags}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function pick(page: Page, input: ReturnType<Page['getByTestId']>, option: string) {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Wait until the toasts are gone: they sit over the header (bell, language, account) and pause
 * while the pointer is over them, so the pointer is moved off them first.
 */
async function waitForToasts(page: Page) {
  await page.mouse.move(400, 600);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
}

/** The page is laid out right to left in Arabic. */
async function expectRtl(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
}

// fail fast instead of waiting forever on a covered control or a stuck navigation
test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

test('one new user: brand → import 1,000 customers → segment → .docx template → review → bell → Arabic RTL', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const author = await registerVerified(request, 'e2e.journey');
  await signInUi(page, author);
  await expect(page).toHaveURL(/\/dashboard/);
  const stamp = Date.now().toString(36);

  // ── 1. brand ───────────────────────────────────────────────────────────────
  const brandName = `Tamr House ${stamp}`;
  await page.goto('/brand');
  await expect(page.getByTestId('brands-page')).toBeVisible();
  await expect(page.getByText('No brands yet')).toBeVisible();
  await page.getByTestId('brand-new').click();
  const form = page.getByTestId('brand-form');
  await form.getByTestId('brand-name').fill(brandName);
  await form.getByTestId('brand-website').fill('https://tamr.example.com');
  await form.getByTestId('brand-save').click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('brand-row').filter({ hasText: brandName })).toBeVisible();

  // ── 2. import 1,000 customers, 3 bad rows reported ────────────────────────
  await page.goto('/customer');
  await expect(page.getByTestId('customers-page')).toBeVisible();
  await expect(page.getByText('No customers yet')).toBeVisible();
  await page.getByTestId('customer-import').click();
  await page.getByTestId('import-file').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: customersCsv() });
  await expect(page.getByTestId('import-preview').locator('tbody tr')).toHaveCount(10);
  await expect(page.getByTestId('import-map-mobile_number')).toHaveValue('Mobile');
  await expect(page.getByTestId('import-map-country')).toHaveValue('Country');
  await expect(page.getByTestId('import-map-tags')).toHaveValue('Tags');
  await chooseConsent(page); // as before consent was asked: nobody consented (the file has no column for it)
  await page.getByTestId('import-start').click();

  await expect(page.getByTestId('import-progress')).toBeVisible();
  await expect(page.getByTestId('import-result')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('import-count-total')).toHaveText('1,000');
  await expect(page.getByTestId('import-count-inserted')).toHaveText('997');
  await expect(page.getByTestId('import-count-failed')).toHaveText('3');
  const link = page.getByTestId('import-errors-link');
  await expect(link).toBeVisible();
  const report = await (await page.request.get((await link.getAttribute('href')) as string)).text();
  const lines = report
    .replace(/^\ufeff/, '')
    .trim()
    .split('\n');
  expect(lines).toHaveLength(4); // header + the 3 bad rows
  // file rows count the header as row 1
  expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([BAD.mobile + 1, BAD.email + 1, BAD.contact + 1]);
  expect(report).toContain(`${BAD.mobile + 1},Mobile,+96612`);
  expect(report).toContain(`${BAD.email + 1},Email,not-an-email`);

  await page.getByRole('link', { name: 'Go to customers' }).click();
  await expect(page.getByTestId('customer-total')).toHaveText('Customers: 997');
  await page.getByTestId('customer-search').fill('Family740');
  await expect(page.getByTestId('customer-row')).toHaveCount(1);
  await page.getByTestId('customer-row').getByText('Guest740 Family740').click();
  await expect(page.getByTestId('customer-detail-name')).toHaveText('Guest740 Family740');
  const customerUrl = page.url();
  await expect(page.getByTestId('customer-detail')).toContainText('United Arab Emirates'); // countries in words
  await expect(page.getByTestId('customer-detail')).toContainText('vip');

  // ── 3. dynamic segment: country AE and tag vip, live count ────────────────
  await page.goto('/customer/groups');
  await expect(page.getByTestId('groups-page')).toBeVisible();
  await page.getByTestId('group-new').click();
  await page.getByTestId('group-new-dynamic').click();
  await expect(page).toHaveURL(/\/customer\/groups\/new\?type=dynamic$/);
  const segmentName = `UAE VIPs ${stamp}`;
  await page.getByTestId('group-name').fill(segmentName);
  const count = page.getByTestId('segment-count');
  await expect(count).toHaveAttribute('data-count', '997');
  await page.getByTestId('rule-add').click();
  await page.getByTestId('rule-value').fill('AE');
  await expect(count).toHaveAttribute('data-count', String(EXPECTED_AE));
  await page.getByTestId('rule-add').click();
  await pick(page, page.getByTestId('rule-type').nth(1), 'Tags');
  const tagInput = page.getByTestId('rule-values');
  await tagInput.fill('vip');
  await tagInput.press('Enter');
  await expect(count).toHaveAttribute('data-count', String(EXPECTED_SEGMENT));
  await expect(count).toHaveAttribute('data-busy', 'false');
  await expect(count).toHaveText(String(EXPECTED_SEGMENT));
  await page.getByTestId('group-save').click();
  await expect(page.getByTestId('group-title')).toHaveText(segmentName);
  await expect(page.getByTestId('group-count')).toContainText(String(EXPECTED_SEGMENT));
  const groupUrl = page.url();

  // ── 4. email template from a generated .docx, submitted for review ────────
  await page.goto('/template');
  await expect(page.getByText('No templates yet')).toBeVisible();
  await page.getByTestId('template-new').click();
  await page.getByTestId('template-new-email').click();
  await expect(page).toHaveURL(/\/template\/new\/email$/);
  const templateName = `VIP welcome ${stamp}`;
  await page.getByTestId('template-name').fill(templateName);
  await page.getByTestId('template-subject').fill('A gift for {{first_name|you}}');
  const docx = await buildDocx('Welcome to the VIP club', ['Dear {{first_name}}, your dates are on us this month.']);
  const converted = page.waitForResponse((r) => r.url().endsWith('/api/templates/upload-docx') && r.ok());
  await page.locator('input[type="file"]').setInputFiles({
    name: 'vip-welcome.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: docx,
  });
  await converted;
  const editor = page.getByTestId('email-editor');
  await expect(editor.locator('h1')).toHaveText('Welcome to the VIP club');
  await expect(editor).toContainText('your dates are on us');
  await page.getByTestId('template-save').click();
  await expect(page).toHaveURL(/\/template\/edit\/\d+$/);
  const templateId = Number(/(\d+)$/.exec(page.url())?.[1]);
  const status = (p: Page) => p.getByTestId('template-status');
  await expect(status(page)).toHaveAttribute('data-status', 'DRAFT');
  await page.getByTestId('template-submit-review').click();
  await expect(status(page)).toHaveAttribute('data-status', 'PENDING_REVIEW');

  // ── 5. a reviewer of the same account approves ────────────────────────────
  const { page: reviewer, context: reviewerContext } = await signInReviewer(browser, request, author, 'e2e.journey');
  try {
    await reviewer.goto('/template');
    await pick(reviewer, reviewer.getByTestId('template-filter-status'), 'Pending review');
    await expect(reviewer.getByTestId('template-row')).toHaveCount(1);
    await reviewer.getByRole('link', { name: templateName }).click();
    await expect(reviewer).toHaveURL(new RegExp(`/template/edit/${templateId}$`));
    await expect(reviewer.getByTestId('template-submit-review')).toHaveCount(0);
    await reviewer.getByTestId('template-approve').click();
    await expect(status(reviewer)).toHaveAttribute('data-status', 'APPROVED');
    await expect(reviewer.getByTestId('review-history')).toContainText('Approved');
  } finally {
    await reviewerContext.close();
  }

  // ── 6. the author's bell (same session) shows the decision ────────────────
  await waitForToasts(page);
  await page.getByTestId('notification-bell').click();
  const decision = page.getByTestId('notification-item').filter({ hasText: templateName });
  await expect(decision).toHaveCount(1);
  await expect(decision).toContainText('Template approved');
  await expect(page.getByTestId('notification-badge')).toHaveText('2'); // the welcome note + the decision
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(status(page)).toHaveAttribute('data-status', 'APPROVED');

  // ── 7. switch to Arabic: the same pages render right to left ──────────────
  await page.getByTestId('language-toggle').click();
  await expectRtl(page);
  await expect(status(page)).toHaveText('معتمد');
  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('notification-item').filter({ hasText: templateName })).toContainText('تم اعتماد القالب');
  await page.keyboard.press('Escape');

  await page.goto('/brand');
  await expectRtl(page);
  await expect(page.getByRole('heading', { name: 'إدارة العلامات التجارية' })).toBeVisible();
  await expect(page.getByTestId('brand-new')).toHaveText('علامة تجارية جديدة');
  await expect(page.getByTestId('brand-table')).toContainText('الاسم');
  await expect(page.getByTestId('brand-row').filter({ hasText: brandName })).toBeVisible();

  await page.goto('/customer');
  await expectRtl(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('العملاء');
  const total = await page.evaluate(() => (997).toLocaleString('ar'));
  await expect(page.getByTestId('customer-total')).toHaveText(`العملاء: ${total}`);
  await expect(page.getByTestId('customer-search')).toHaveAttribute('placeholder', 'ابحث بالاسم أو البريد أو الجوال');

  await page.goto(customerUrl);
  await expectRtl(page);
  await expect(page.getByTestId('customer-detail-name')).toHaveText('Guest740 Family740');
  await expect(page.getByText('العودة إلى العملاء')).toBeVisible();
  await expect(page.getByTestId('customer-detail')).toContainText('الدولة');

  await page.goto('/customer/groups');
  await expectRtl(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('المجموعات');
  const row = page.getByTestId('group-row').filter({ hasText: segmentName });
  await expect(row).toBeVisible();
  await expect(row).toContainText('شريحة ديناميكية');

  await page.goto(groupUrl);
  await expectRtl(page);
  await expect(page.getByTestId('group-title')).toHaveText(segmentName);
  await expect(page.getByText('العودة إلى المجموعات')).toBeVisible();
  await expect(page.getByTestId('segment-count')).toHaveAttribute('data-count', String(EXPECTED_SEGMENT));

  await page.goto('/template');
  await expectRtl(page);
  await expect(page.getByTestId('template-tab-text')).toHaveText('نصوص البريد والرسائل القصيرة وواتساب');
  await expect(page.getByTestId('template-row').filter({ hasText: templateName })).toContainText('معتمد');
});
