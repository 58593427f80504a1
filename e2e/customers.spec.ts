import { expect, test } from '@playwright/test';
import { registerVerified, signInUi } from './fixtures.ts';

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
  await page.getByTestId('import-start').click();

  await expect(page.getByTestId('import-progress')).toBeVisible();
  const result = page.getByTestId('import-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('import-count-inserted')).toHaveText('997');
  await expect(page.getByTestId('import-count-failed')).toHaveText('3');
  const link = page.getByTestId('import-errors-link');
  const csv = await (await page.request.get((await link.getAttribute('href')) as string)).text();
  expect(csv.trim().split('\n')).toHaveLength(4); // header + the 3 bad rows
  expect(csv).toContain('11,Mobile,+96612');

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
  await page.getByTestId('customer-country').fill('S');
  await page.getByTestId('customer-save').click();
  await expect(form.getByText('Phone number is too short')).toBeVisible();
  await expect(form.getByText('Enter a valid email address')).toBeVisible();
  await expect(form.getByText('Invalid value')).toBeVisible();
  // an edit clears its own message and leaves the others
  await page.getByTestId('customer-email').fill('layla@example.com');
  await expect(form.getByText('Enter a valid email address')).toBeHidden();
  await expect(form.getByText('Phone number is too short')).toBeVisible();

  await page.getByTestId('customer-first-name').fill('Layla');
  await page.getByTestId('customer-last-name').fill('Hamdan');
  await page.getByTestId('customer-mobile').fill('0501234567');
  await page.getByTestId('customer-country').fill('SA');
  await page.getByTestId('customer-save').click();
  await expect(form).toBeHidden();
  await page.getByTestId('customer-search').fill('050 123 4567');
  await expect(page.getByTestId('customer-row')).toHaveCount(1);
  await expect(page.getByTestId('customer-row')).toContainText('Layla Hamdan');

  // the same checks speak Arabic
  await page.getByTestId('language-toggle').click();
  await page.getByTestId('customer-new').click();
  await page.getByTestId('customer-email').fill('not-an-email');
  await page.getByTestId('customer-save').click();
  await expect(page.getByTestId('customer-form').getByText('أدخل بريدًا إلكترونيًا صالحًا')).toBeVisible();
});
