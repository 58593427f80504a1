import { expect, type Locator, test } from '@playwright/test';
import { chooseConsent } from './import-consent.ts';
import { registerVerified, signInUi, sql } from './fixtures.ts';

/**
 * Two clicks in one go, before the page can re-render (a fast double-click on a busy page): the
 * button is not yet disabled or loading for the second one.
 */
async function clickTwice(target: Locator) {
  await target.evaluate((el: HTMLElement) => {
    el.click();
    el.click();
  });
}

/** 1,000 customers, three of them bad: an invalid number, an invalid email, no contact at all. */
function customersCsv(): Buffer {
  const lines = ['First Name,Last Name,Mobile,Email'];
  for (let i = 1; i <= 1000; i++) {
    let mobile = `+9665${String(20000000 + i)}`;
    let email = `guest${i}@example.com`;
    if (i === 10) mobile = '+96612';
    if (i === 500) email = 'not-an-email';
    if (i === 999) {
      mobile = '';
      email = '';
    }
    lines.push(`Guest${i},Family${i},${mobile},${email}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

test('a new user imports 1,000 customers with 3 bad rows, sees 997 and finds one by name', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.customers');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/customer');
  await expect(page.getByTestId('customers-page')).toBeVisible();
  await expect(page.getByText('No customers yet')).toBeVisible();

  await page.getByTestId('customer-import').click();
  await page.getByTestId('import-file').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: customersCsv() });
  await expect(page.getByTestId('import-preview').locator('tbody tr')).toHaveCount(10);
  await expect(page.getByTestId('import-map-mobile_number')).toHaveValue('Mobile');
  // a double-click starts the import once and moves on to its progress
  const starts: number[] = [];
  page.on('response', (r) => {
    if (/\/api\/customers\/imports\/\d+\/start$/.test(r.url())) starts.push(r.status());
  });
  await chooseConsent(page); // as before consent was asked: nobody consented (the file has no column for it)
  await clickTwice(page.getByTestId('import-start'));

  await expect(page.getByTestId('import-progress')).toBeVisible();
  await expect(page).toHaveURL(/\/customer\/import\?job=\d+$/);
  const result = page.getByTestId('import-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  expect(starts).toEqual([202]);
  await expect(page.getByTestId('import-count-inserted')).toHaveText('997');
  await expect(page.getByTestId('import-count-failed')).toHaveText('3');
  // the import lives in the address: a reload shows its result and its error report again
  await page.reload();
  await expect(page.getByTestId('import-result')).toBeVisible();
  await expect(page.getByTestId('import-count-inserted')).toHaveText('997');
  const link = page.getByTestId('import-errors-link');
  const csv = await (await page.request.get((await link.getAttribute('href')) as string)).text();
  expect(csv.trim().split('\n')).toHaveLength(4); // header + the 3 bad rows
  expect(csv).toContain('11,Mobile,+96612');
  // "Import another file" goes back to the upload, which lists the finished import
  await page.getByTestId('import-another').click();
  await expect(page).toHaveURL(/\/customer\/import$/);
  await expect(page.getByTestId('import-file')).toBeAttached();
  await expect(page.getByTestId('recent-import')).toHaveCount(1);
  await expect(page.getByTestId('recent-import')).toContainText('customers.csv');
  await expect(page.getByTestId('recent-import')).toContainText('Finished');
  await page.getByTestId('recent-import').getByRole('link', { name: 'customers.csv' }).click();
  await expect(page.getByTestId('import-count-inserted')).toHaveText('997');

  await page.getByRole('link', { name: 'Go to customers' }).click();
  await expect(page.getByTestId('customer-total')).toHaveText('Customers: 997');
  await page.getByTestId('customer-search').fill('Family734');
  await expect(page.getByTestId('customer-row')).toHaveCount(1);
  await expect(page.getByTestId('customer-row')).toContainText('Guest734');
  await page.getByTestId('customer-row').getByText('Guest734 Family734').click();
  await expect(page.getByTestId('customer-detail-name')).toHaveText('Guest734 Family734');

  // the list's view lives in the URL: Back from a customer returns to the same search, sort and page
  await page.goBack();
  await expect(page.getByTestId('customer-search')).toHaveValue('Family734');
  await page.getByTestId('customer-search').fill('Guest1');
  await expect(page).toHaveURL(/search=Guest1/);
  await page.getByTestId('customer-sort-name').click();
  const firstOnPage2 = page.getByTestId('customer-row').first().getByRole('link');
  await expect(firstOnPage2).toHaveText('Guest1 Family1'); // sorted by name: page 1 starts with Guest1
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(firstOnPage2).not.toHaveText('Guest1 Family1');
  const name = (await firstOnPage2.textContent()) ?? '';
  expect(name).toMatch(/^Guest1\d* Family1\d*$/);
  await firstOnPage2.click();
  await expect(page.getByTestId('customer-detail-name')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('customer-search')).toHaveValue('Guest1');
  await expect(page.getByRole('button', { name: '2', exact: true })).toHaveAttribute('data-active', 'true');
  await expect(firstOnPage2).toHaveText(name);
  await page.reload();
  await expect(firstOnPage2).toHaveText(name);
  // the page's own "Back to customers" link returns to the same view too
  await firstOnPage2.click();
  await page.getByTestId('customer-back').click();
  await expect(page).toHaveURL(/search=Guest1/);
  await expect(page).toHaveURL(/page=2/);
  await expect(firstOnPage2).toHaveText(name);
});

test('the customer form shows every wrong field at once; a number typed the local way finds the customer', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.customer-form');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/customer');
  await page.getByTestId('customer-new').click();
  const form = page.getByTestId('customer-form');
  await page.getByTestId('customer-mobile').fill('12');
  await page.getByTestId('customer-email').fill('not-an-email');
  // the country is picked from a list of names: a half-typed code is no country
  await page.getByTestId('customer-country').fill('S');
  await page.getByTestId('customer-save').click();
  await expect(form.getByText('Phone number is too short')).toBeVisible();
  await expect(form.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByTestId('customer-country')).toHaveValue('');
  // an edit clears its own message and leaves the others
  await page.getByTestId('customer-email').fill('layla@example.com');
  await expect(form.getByText('Enter a valid email address')).toBeHidden();
  await expect(form.getByText('Phone number is too short')).toBeVisible();

  await page.getByTestId('customer-first-name').fill('Layla');
  await page.getByTestId('customer-last-name').fill('Hamdan');
  await page.getByTestId('customer-mobile').fill('0501234567');
  await page.getByTestId('customer-country').fill('saudi');
  await page.getByRole('option', { name: 'Saudi Arabia' }).click();
  await expect(page.getByTestId('customer-country')).toHaveValue('Saudi Arabia');
  // one save per click: a double-click adds the customer once
  let creates = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/customer')) creates += 1;
  });
  await clickTwice(page.getByTestId('customer-save'));
  await expect(form).toBeHidden();
  await page.getByTestId('customer-search').fill('050 123 4567');
  await expect(page.getByTestId('customer-row')).toHaveCount(1);
  await expect(page.getByTestId('customer-row')).toContainText('Layla Hamdan');
  expect(creates).toBe(1);

  // the same checks speak Arabic
  await page.getByTestId('language-toggle').click();
  await page.getByTestId('customer-new').click();
  await page.getByTestId('customer-email').fill('not-an-email');
  await page.getByTestId('customer-save').click();
  await expect(page.getByTestId('customer-form').getByText('أدخل بريدًا إلكترونيًا صالحًا')).toBeVisible();
});

test('an import started elsewhere is followed; the preview keeps numbers left to right in Arabic', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.import-follow');
  await page.addInitScript(() => localStorage.setItem('language', 'ar'));
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/customer/import');
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/customers/imports') && r.request().method() === 'POST');
  const file = 'الاسم,Mobile\nنورة,+966501110001\nسارة,+966501110002\n';
  await page.getByTestId('import-file').setInputFiles({ name: 'arabic.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  const { data: upload } = await (await uploaded).json();
  const cell = page.getByTestId('import-preview').locator('tbody tr').first().locator('td').nth(1).locator('bdi');
  await expect(cell).toHaveText('+966501110001');
  // a number is laid out left to right inside the right-to-left table ("+966…", not "…966+")
  await expect(cell).toHaveAttribute('dir', 'ltr');
  await expect(cell).toHaveCSS('direction', 'ltr');

  // the same import started in another tab: "Start" is refused with 409 and the page follows that import
  expect(
    (
      await page.request.put(`/api/customers/imports/${upload.id}`, { data: { mapping: { first_name: 'الاسم', mobile_number: 'Mobile' } } })
    ).status(),
  ).toBe(200);
  expect((await page.request.post(`/api/customers/imports/${upload.id}/start`)).status()).toBe(202);
  await chooseConsent(page);
  const refused = page.waitForResponse((r) => r.url().endsWith(`/api/customers/imports/${upload.id}/start`));
  await page.getByTestId('import-start').click();
  expect((await refused).status()).toBe(409);
  await expect(page).toHaveURL(new RegExp(`/customer/import\\?job=${upload.id}$`));
  await expect(page.getByTestId('import-result')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('import-start-error')).toHaveCount(0);
});

test('the customer list: audience tabs, filters that never break the list, tags typed without Enter, not-found pages', async ({
  page,
  request,
}) => {
  const email = await registerVerified(request, 'e2e.customer-list');
  const [{ account_id }] = await sql('select account_id from users where email = $1', [email]);
  await sql(
    `insert into customers (account_id, first_name, last_name, mobile_number, country, tags, consent_sms, consent_sms_source, consent_sms_at)
     values ($1, 'Sara', 'Saudi', '+966501000001', 'SA', '{}', true, 'demo', '2026-11-25T10:00:00Z'),
            ($1, 'Amy', 'American', '+14155552671', 'US', '{}', false, null, null),
            ($1, 'Ivan', 'Russian', '+79161234567', 'RU', '{}', false, null, null)`,
    [account_id],
  );
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/customer');

  // groups and blacklists are reached from the customer list
  const tabs = page.getByTestId('audience-links');
  await expect(tabs.getByRole('link')).toHaveText(['Customer Management', 'Groups', 'Blacklists']);
  await tabs.getByRole('link', { name: 'Groups' }).click();
  await expect(page.getByTestId('groups-page')).toBeVisible();
  await page.getByTestId('audience-links').getByRole('link', { name: 'Customer Management' }).click();
  await expect(page.getByTestId('customer-row')).toHaveCount(3);

  // country: a searchable list of names; a typed letter is not a filter yet
  const country = page.getByTestId('customer-filter-country');
  await country.fill('S');
  await expect(page.getByTestId('customer-row')).toHaveCount(3);
  await expect(page.getByTestId('load-error')).toHaveCount(0);
  await country.fill('saudi');
  await page.getByRole('option', { name: 'Saudi Arabia' }).click();
  await expect(page).toHaveURL(/country=SA/);
  await expect(page.getByTestId('customer-row')).toHaveCount(1);
  await page.goto('/customer');
  await expect(page.getByTestId('customer-row')).toHaveCount(3);

  // a tag longer than 50 and a search longer than 100: a hint at the field, the list stays
  await page.getByTestId('customer-filter-tag').fill('t'.repeat(51));
  await expect(page.getByText('Too long: at most 50 characters')).toBeVisible();
  await page.getByTestId('customer-search').fill(`Sara${'x'.repeat(100)}`);
  await expect(page.getByText('Too long: at most 100 characters')).toBeVisible();
  await page.waitForTimeout(600); // past the URL's debounce
  await expect(page.getByTestId('customer-row')).toHaveCount(3);
  await expect(page.getByTestId('load-error')).toHaveCount(0);
  expect(page.url()).not.toMatch(/tag=|search=/);
  await page.getByTestId('customer-filter-tag').fill('');
  await page.getByTestId('customer-search').fill('');

  // bulk tag: a typed tag counts without Enter
  await page.getByTestId('customer-select-page').check();
  await page.getByTestId('bulk-tag').click();
  await page.getByTestId('bulk-tags-input').fill('vip');
  await expect(page.getByTestId('bulk-confirm')).toBeEnabled();
  await page.getByTestId('bulk-confirm').click();
  await expect(page.getByText('Tagged: 3')).toBeVisible();
  await page.getByTestId('customer-filter-tag').fill('vip');
  await expect(page).toHaveURL(/tag=vip/);
  await expect(page.getByTestId('customer-row')).toHaveCount(3);

  // editing keeps the number's own country where calling codes are shared (+1, +7)
  for (const [name, dial] of [
    ['Amy American', 'US +1'],
    ['Ivan Russian', 'RU +7'],
  ]) {
    await page.getByTestId('customer-row').getByText(name).click();
    await page.getByTestId('customer-edit').click();
    await expect(page.getByTestId('customer-dial')).toHaveValue(dial);
    await page.keyboard.press('Escape');
    await page.goBack();
  }

  // the consent line reads whole in Arabic: source and date isolated
  await page.getByTestId('customer-row').getByText('Sara Saudi').click();
  await expect(page.getByTestId('customer-consent-changed-sms')).toContainText('demo');
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const line = (await page.getByTestId('customer-consent-changed-sms').textContent()) ?? '';
  expect(line).toMatch(/^المصدر: \u2068demo\u2069 · \u2068.+\u2069$/);
  await page.getByTestId('language-toggle').click();

  // addresses that name no customer, group or blacklist say so
  for (const path of [
    '/customer/abc',
    '/customer/0',
    '/customer/999999999',
    '/customer/groups/abc',
    '/customer/groups/999999',
    '/customer/blacklists/abc',
  ]) {
    await page.goto(path);
    await expect(page.getByTestId('record-not-found'), path).toBeVisible();
    await expect(page.getByTestId('record-not-found')).toContainText('does not exist');
  }
});
