import { expect, type Page, test } from '@playwright/test';
import { registerVerified, signInUi, sql } from './fixtures.ts';

/** 50 customers: even ones in SA, odd ones in AE; every third consents to SMS → SA + SMS = 8. */
async function seedCustomers(email: string) {
  const [user] = await sql('select account_id from users where email = $1', [email]);
  await sql(
    `insert into customers (account_id, first_name, last_name, mobile_number, country, consent_sms, tags)
     select $1, 'Customer', g::text, '+9665' || lpad(g::text, 8, '0'),
            case when g % 2 = 0 then 'SA' else 'AE' end, g % 3 = 0,
            case when g % 5 = 0 then array['vip'] else '{}'::text[] end
       from generate_series(1, 50) g`,
    [user?.account_id],
  );
}

async function pick(page: Page, input: ReturnType<Page['getByTestId']>, option: string) {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a segment shows its live audience count; a blacklist check shows the blocking list', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.segments');
  await seedCustomers(email);
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);

  // static group: activation without contacts is refused with the §8 message
  await page.goto('/customer/groups');
  await expect(page.getByTestId('groups-page')).toBeVisible();
  await page.getByTestId('group-new').click();
  await page.getByTestId('group-new-static').click();
  await page.getByTestId('group-name').fill('Hand-picked');
  await page.getByTestId('group-save').click();
  await expect(page.getByTestId('group-title')).toHaveText('Hand-picked');
  await page.getByTestId('group-toggle').click();
  await expect(page.getByTestId('group-error')).toContainText(/without contacts/i);

  // dynamic segment: country = SA, then + SMS consent; the count follows live
  await page.goto('/customer/groups/new?type=dynamic');
  await page.getByTestId('group-name').fill('Saudi SMS');
  await expect(page.getByTestId('segment-count')).toHaveAttribute('data-count', '50');
  await page.getByTestId('rule-add').click();
  await page.getByTestId('rule-value').fill('SA');
  await expect(page.getByTestId('segment-count')).toHaveAttribute('data-count', '25');
  await page.getByTestId('rule-add').click();
  await pick(page, page.getByTestId('rule-type').nth(1), 'Consent');
  await expect(page.getByTestId('segment-count')).toHaveAttribute('data-count', '8');
  await expect(page.getByTestId('segment-count')).toHaveText('8');
  await page.getByTestId('group-save').click();
  await expect(page.getByTestId('group-title')).toHaveText('Saudi SMS');
  await expect(page.getByTestId('group-count')).toContainText('8');
  await expect(page.getByTestId('member-row')).toHaveCount(8);
  await page.getByTestId('group-toggle').click();
  await expect(page.getByTestId('group-status')).toHaveText('Active');

  // blacklist with one number; the check box names the list that blocks it
  await page.goto('/customer/blacklists');
  await page.getByTestId('blacklist-new').click();
  await page.getByTestId('blacklist-name').fill('Opt-outs');
  await page.getByTestId('blacklist-save').click();
  await expect(page.getByTestId('blacklist-title')).toHaveText('Opt-outs');
  await page.getByTestId('entry-value').fill('+966500000002');
  await page.getByTestId('entry-add').click();
  await expect(page.getByTestId('entry-row')).toHaveCount(1);

  // an active list cannot be deleted
  await page.getByTestId('blacklist-delete').click();
  await page.getByTestId('blacklist-delete-confirm').click();
  await expect(page.getByTestId('blacklist-delete-error')).toContainText(/active/i);
  await page.keyboard.press('Escape');

  await page.getByTestId('blacklists-back').click();
  await page.getByTestId('blacklist-check-input').fill('+966 50 000 0002');
  await page.getByTestId('blacklist-check-submit').click();
  const result = page.getByTestId('blacklist-check-result');
  await expect(result).toHaveAttribute('data-blocked', 'true');
  await expect(result).toContainText('Opt-outs');
  await page.getByTestId('blacklist-check-input').fill('+966500000003');
  await page.getByTestId('blacklist-check-submit').click();
  await expect(result).toHaveAttribute('data-blocked', 'false');
});

test('groups and blacklists render right-to-left in Arabic', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.segments.ar');
  await page.addInitScript(() => localStorage.setItem('language', 'ar'));
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/customer/groups');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('المجموعات');
  await expect(page.getByText('لا توجد مجموعات بعد', { exact: false })).toBeVisible();
  await page.goto('/customer/groups/new?type=dynamic');
  await expect(page.getByTestId('segment-count')).toHaveAttribute('data-count', '0');
  await page.goto('/customer/blacklists');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('القوائم السوداء');
  await expect(page.getByText('فحص رقم')).toBeVisible();
});

test('segment builder: brands by name, every problem at its own field, the name kept across kinds, one group per click', async ({
  page,
  request,
}) => {
  const email = await registerVerified(request, 'e2e.segments.builder');
  await seedCustomers(email);
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  const brand = await page.request.post('/api/brands', { data: { name: 'Palm Dates' } });
  expect(brand.status()).toBe(201);
  const brandId = (await brand.json()).data.id as number;
  await sql(
    'update customers set brand_id = $1 where account_id = (select account_id from brands where id = $1) and first_name = $2 and last_name::int % 2 = 0',
    [brandId, 'Customer'],
  );

  // switching Static ⇄ Dynamic keeps what was typed
  await page.goto('/customer/groups/new');
  await page.getByTestId('group-name').fill('Palm buyers');
  await page.getByTestId('group-type').getByText('Dynamic segment').click();
  await expect(page.getByTestId('group-name')).toHaveValue('Palm buyers');
  await page.getByTestId('group-type').getByText('Static group').click();
  await expect(page.getByTestId('group-name')).toHaveValue('Palm buyers');
  await page.getByTestId('group-type').getByText('Dynamic segment').click();

  // the Brand condition is picked by name
  await page.getByTestId('rule-add').click();
  await pick(page, page.getByTestId('rule-field'), 'Brand');
  await pick(page, page.getByTestId('rule-brand'), 'Palm Dates');
  await expect(page.getByTestId('segment-count')).toHaveAttribute('data-count', '25');

  // an empty attribute key and an empty value elsewhere: both reported at once, each at its field
  await page.getByTestId('rule-add').click();
  await pick(page, page.getByTestId('rule-type').nth(1), 'Custom attribute');
  await page.getByTestId('rule-value').nth(0).fill('gold');
  await page.getByTestId('rule-add').click();
  await page.getByTestId('group-save').click();
  const rows = page.getByTestId('rule-row');
  await expect(rows.nth(1).getByTestId('rule-key')).toHaveAttribute('aria-invalid', 'true');
  await expect(rows.nth(1).getByText('This field is required')).toBeVisible();
  await expect(rows.nth(1).getByTestId('rule-value')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(rows.nth(2).getByTestId('rule-value')).toHaveAttribute('aria-invalid', 'true');
  await expect(rows.nth(2).getByText('This field is required')).toBeVisible();
  await expect(rows.nth(0).getByText('This field is required')).toHaveCount(0);
  await rows.nth(2).getByTestId('rule-remove').click();
  await rows.nth(1).getByTestId('rule-remove').click();

  // a double-click on Create makes one segment
  let creates = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/groups')) creates += 1;
  });
  await page.getByTestId('group-save').evaluate((el: HTMLElement) => {
    el.click();
    el.click();
  });
  await expect(page.getByTestId('group-title')).toHaveText('Palm buyers');
  await expect(page.getByTestId('group-count')).toContainText('25');
  expect(creates).toBe(1);
  // saved as the brand's id, shown by its name again
  await expect(page.getByTestId('rule-brand')).toHaveValue('Palm Dates');
});
