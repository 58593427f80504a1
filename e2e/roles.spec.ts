import { expect, test } from '@playwright/test';
import { audit, type Finding, report, trackRequests, visit } from './a11y-audit.ts';
import { newEmail, registerVerified, signInUi, sql } from './fixtures.ts';

/**
 * Roles and the company profile, with the interface in Arabic: an owner builds a
 * custom role from the matrix (mouse and keyboard), sees it listed with its areas, a colleague who
 * holds it sees only those areas; the company form refuses a bad Saudi VAT number in Arabic.
 */

test('an owner builds a custom role in Arabic; its holder sees only its areas', async ({ page, browser, request }) => {
  const email = await registerVerified(request, 'e2e.roles.owner');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  // the account menu offers Roles (the owner's tree has role_management)
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-roles').click();
  await expect(page).toHaveURL(/\/roles$/);
  await expect(page.getByRole('heading', { name: 'الأدوار', level: 1 })).toBeVisible();
  await expect(page.locator('[data-role="owner"]')).toContainText('المالك');
  await expect(page.locator('[data-role="owner"]')).toContainText('مضمّن');

  await page.getByTestId('role-new').click();
  const editor = page.getByTestId('role-editor');
  await editor.getByTestId('role-name').fill('فريق العملاء');
  await editor.getByTestId('role-description').fill('يدير قوائم العملاء فقط');
  await editor.getByRole('checkbox', { name: 'العملاء: إنشاء' }).check();
  // any action brings "view" with it
  await expect(editor.getByRole('checkbox', { name: 'العملاء: عرض' })).toBeChecked();
  // the keyboard works the matrix too
  await editor.getByRole('checkbox', { name: 'لوحة المعلومات: عرض' }).focus();
  await page.keyboard.press('Space');
  await expect(editor.getByRole('checkbox', { name: 'لوحة المعلومات: عرض' })).toBeChecked();
  await editor.getByTestId('role-save').click();
  await expect(page.getByText('تم إنشاء الدور')).toBeVisible();

  const card = page.locator('[data-role="فريق العملاء"]');
  await expect(card).toContainText('مخصص');
  await expect(card.getByTestId('role-areas')).toHaveText('لوحة المعلومات والعملاء');
  await expect(card.getByTestId('role-users')).toHaveText('المستخدمون: 0');
  const [row] = await sql("select r.permissions, r.account_id, r.id from roles r where r.role_name = 'فريق العملاء'");
  expect(row.permissions.sms_portal).toEqual([
    { entity: 'dashboard', entity_url: '/dashboard', actions: ['view'] },
    { entity: 'customer', entity_url: '/customer', actions: ['view', 'create'] },
  ]);

  // the same name again: refused beside the field, in Arabic
  await page.getByTestId('role-new').click();
  await editor.getByTestId('role-name').fill('فريق العملاء');
  await editor.getByRole('checkbox', { name: 'التحليلات: عرض' }).check();
  await editor.getByTestId('role-save').click();
  await expect(editor.getByText('يوجد دور بهذا الاسم')).toBeVisible();
  await editor.getByTestId('role-cancel').click();

  // a colleague who holds the role sees the dashboard and customers, not campaigns
  const colleague = newEmail('e2e.roles.holder');
  const [owner] = await sql('select password_hash from users where email = $1', [email]);
  await sql(
    `insert into users (account_id, role_id, email, password_hash, first_name, last_name, email_verified_at)
     values ($1, $2, $3, $4, 'Huda', 'Saleh', now())`,
    [row.account_id, row.id, colleague, owner.password_hash],
  );
  const other = await browser.newContext();
  const theirs = await other.newPage();
  await signInUi(theirs, colleague);
  await expect(theirs).toHaveURL(/\/dashboard/);
  await expect(theirs.locator('nav a[href="/customer"]')).toBeVisible();
  await expect(theirs.locator('nav a[href="/campaign"]')).toHaveCount(0);
  await expect(theirs.locator('nav a[href="/brand"]')).toHaveCount(0);

  // the owner takes customers away and gives analytics: the holder's next page load follows
  await page.reload();
  await expect(card.getByTestId('role-users')).toHaveText('المستخدمون: 1');
  await card.getByTestId('role-open').click();
  await editor.getByRole('checkbox', { name: 'العملاء: عرض' }).uncheck();
  await expect(editor.getByRole('checkbox', { name: 'العملاء: إنشاء' })).not.toBeChecked();
  await editor.getByRole('checkbox', { name: 'التحليلات: عرض' }).check();
  await editor.getByTestId('role-save').click();
  await expect(page.getByText('تم حفظ الدور')).toBeVisible();
  await expect(card.getByTestId('role-areas')).toHaveText('لوحة المعلومات والتحليلات');
  await theirs.reload();
  await expect(theirs.locator('nav a[href="/analytics"]')).toBeVisible();
  await expect(theirs.locator('nav a[href="/customer"]')).toHaveCount(0);
  await other.close();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the company form refuses a bad Saudi VAT number with the Arabic message, then saves', async ({ page, request }) => {
    const email = await registerVerified(request, 'e2e.company');
    await signInUi(page, email);
    await expect(page).toHaveURL(/\/dashboard/);
    await page.getByTestId('language-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.goto('/company');
    await page.getByTestId('company-customer_short_name').fill('أكمي');
    await page.getByTestId('company-country').fill('SA');
    await page.getByRole('option', { name: 'المملكة العربية السعودية' }).click();
    await page.getByTestId('company-vat_number').fill('123456789012345');
    await page.getByTestId('company-save').click();
    await expect(page.getByText('الرقم الضريبي السعودي مكوّن من 15 رقمًا ويبدأ وينتهي بالرقم 3', { exact: true })).toBeVisible();
    await expect(page.getByTestId('company-vat_number')).toHaveAttribute('aria-invalid', 'true');

    await page.getByTestId('company-vat_number').fill('300000000000003');
    await page.getByTestId('company-save').click();
    await expect(page.getByText('تم حفظ ملف الشركة')).toBeVisible();
    const [row] = await sql(
      'select a.vat_number, a.country, a.customer_short_name from accounts a join users u on u.account_id = a.id where u.email = $1',
      [email],
    );
    expect(row).toEqual({ vat_number: '300000000000003', country: 'SA', customer_short_name: 'أكمي' });
    // the page fits the phone: nothing wider than the viewport
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
  });
});

test('roles, company and notification settings pass axe in Arabic, wide and on a phone', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = await registerVerified(request, 'e2e.roles.a11y');
  // the phone first: the sidebar opened on a wide screen would cover a narrowed one
  await page.setViewportSize({ width: 390, height: 844 });
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const inflight = trackRequests(page);
  const findings: Finding[] = [];
  for (const size of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    for (const route of ['/roles', '/company', '/notification-settings']) {
      await visit(page, route);
      await audit(page, inflight, `ar ${size.width} ${route}`, findings);
    }
    await visit(page, '/roles');
    await page.getByTestId('role-new').click();
    await audit(page, inflight, `ar ${size.width} role editor`, findings, '[role="dialog"]');
    await page.getByTestId('role-cancel').click();
    await page.locator('[data-role="owner"]').getByTestId('role-open').click();
    await expect(page.getByTestId('role-read-only')).toBeVisible();
    await audit(page, inflight, `ar ${size.width} built-in role`, findings, '[role="dialog"]');
    await page.getByTestId('role-cancel').click();
  }
  expect(report(findings)).toEqual([]);
});
