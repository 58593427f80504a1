import { expect, test } from '@playwright/test';
import { chooseConsent } from './import-consent.ts';
import { registerVerified, signInUi } from './fixtures.ts';

/**
 * An import asks where consent comes from, channel by channel, before it starts;
 * "everyone consented" takes the importer's word (a checkbox); a group whose customers nobody can
 * reach says so; a sample CSV is offered, and its columns are recognised.
 */
test('imports ask for consent, a group says who nobody can reach, and a sample file is offered', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.ux.import');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  const group = await (await page.request.post('/api/groups', { data: { group_name: 'Spring list', type: 'static' } })).json();

  await page.goto('/customer/import');
  // the sample: the mapping recognises every one of its columns, consent included
  const sample = await (await page.request.get((await page.getByTestId('import-sample').getAttribute('href')) as string)).text();
  expect(sample.split('\r\n')[0]).toContain('SMS consent');
  await page.getByTestId('import-file').setInputFiles({ name: 'sample.csv', mimeType: 'text/csv', buffer: Buffer.from(sample) });
  await expect(page.getByTestId('import-map-mobile_number')).toHaveValue('Mobile');
  await expect(page.getByTestId('import-map-consent_sms')).toHaveValue('SMS consent');
  await expect(page.getByTestId('import-consent-sms')).toHaveAttribute('data-chosen', 'column');
  await page.goto('/customer/import');

  // a file without consent columns: nothing is decided for the marketer, Start waits for an answer
  const file = 'Name,Mobile\nHuda,+966501230001\nFaisal,+966501230002\n';
  await page.getByTestId('import-file').setInputFiles({ name: 'spring.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await expect(page.getByTestId('import-consent-sms')).toHaveAttribute('data-chosen', '');
  await expect(page.getByTestId('import-start')).toBeDisabled();
  await chooseConsent(page);
  await expect(page.getByTestId('import-consent-nobody')).toBeVisible();
  await chooseConsent(page, { sms: 'all' });
  await expect(page.getByTestId('import-consent-nobody')).toHaveCount(0);
  // "everyone consented" needs the importer's word
  await expect(page.getByTestId('import-start')).toBeDisabled();
  await page.getByTestId('import-consent-confirm').check();
  await expect(page.getByTestId('import-start')).toBeEnabled();
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-count-inserted')).toHaveText('2', { timeout: 30_000 });
  const customers = await (await page.request.get('/api/customers?consent_sms=true')).json();
  expect(customers.data.total).toBe(2);

  // the next file says nothing about consent and lands in a group: the group page warns
  await page.getByTestId('import-another').click();
  await page
    .getByTestId('import-file')
    .setInputFiles({ name: 'later.csv', mimeType: 'text/csv', buffer: Buffer.from('Name,Mobile\nRana,+966501230003\n') });
  await chooseConsent(page);
  await page.getByTestId('import-group').click();
  await page.getByRole('option', { name: 'Spring list' }).click();
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-count-inserted')).toHaveText('1', { timeout: 30_000 });
  await page.goto(`/customer/groups/${group.data.id}`);
  await expect(page.getByTestId('group-unreachable')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('group-unreachable')).toContainText("1 customer in this group can't be reached");
});
