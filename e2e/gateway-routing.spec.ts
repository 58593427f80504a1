import { expect, type Page, test } from '@playwright/test';
import { registerVerified, signInUi, sql } from './fixtures.ts';

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).click();
}

test('a user sets up routing: a rule, the default router first, a static router, and tests a route', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.routing');
  const [user] = await sql('select account_id from users where email = $1', [email]);
  const accountId = user.account_id as number;
  // a known starting point: two connections, no routers (whatever the account was seeded with)
  await sql('delete from routers where account_id = $1', [accountId]);
  for (const name of ['Alpha SMSC', 'Beta SMSC']) {
    await sql(`insert into connections (account_id, connection_name, type) values ($1, $2, 'smpp') on conflict do nothing`, [
      accountId,
      name,
    ]);
  }
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);

  // the regex field: only what is typed is monospace, not its label or its error
  await page.goto('/gateway/rules');
  await page.getByTestId('rule-new').click();
  await pick(page, 'rule-type', 'Content pattern');
  const pattern = page.getByTestId('rule-pattern');
  await pattern.fill('code(?=\\d)');
  await page.getByTestId('rule-name').fill('Look-ahead pattern');
  await page.getByTestId('rule-save').click();
  const font = (el: Element) => getComputedStyle(el).fontFamily;
  expect(await pattern.evaluate(font)).toMatch(/mono/i);
  expect(await page.getByText('Regular expression', { exact: true }).evaluate(font)).not.toMatch(/mono/i);
  expect(await page.getByText(/look-ahead, look-behind or a back-reference/).evaluate(font)).not.toMatch(/mono/i);
  // a sender rule takes the sender ids Sender Management accepts ("PROMO-1", "My Shop.")
  await page.getByTestId('rule-name').fill('Shop senders');
  await pick(page, 'rule-type', 'Sender ID');
  await page.getByTestId('rule-list').fill('PROMO-1\nMy Shop.');
  await page.getByTestId('rule-save').click();
  await expect(page.getByTestId('rule-row')).toHaveCount(1);
  await expect(page.getByTestId('rule-row')).toContainText('PROMO-1');
  await sql('delete from rules where account_id = $1', [accountId]);

  // rules: a destination-prefix filter; a name without letters is refused
  await page.goto('/gateway/rules');
  await expect(page.getByTestId('rules-page')).toBeVisible();
  await expect(page.getByText('No rules yet.')).toBeVisible();
  await page.getByTestId('rule-new').click();
  await page.getByTestId('rule-name').fill('123');
  await page.getByTestId('rule-list').fill('+971');
  await page.getByTestId('rule-save').click();
  await expect(page.getByText('Must contain at least one letter')).toBeVisible();
  await page.getByTestId('rule-name').fill('UAE numbers');
  await page.getByTestId('rule-save').click();
  await expect(page.getByTestId('rule-row')).toHaveCount(1);
  await expect(page.getByTestId('rule-row')).toContainText('+971');

  // routers: "add default router first"
  await page.getByTestId('routing-tab-routers').click();
  await expect(page.getByTestId('routers-page')).toBeVisible();
  await page.getByTestId('router-new').click();
  await page.getByTestId('router-name').fill('UAE route');
  await pick(page, 'router-connections', 'Beta SMSC (created)');
  await page.getByTestId('router-save').click();
  await expect(page.getByTestId('form-error')).toHaveText('Add a default router first');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByTestId('router-new').click();
  await page.getByTestId('router-name').fill('Main');
  await pick(page, 'router-type', 'Default');
  await page.getByTestId('router-order').fill('100');
  await pick(page, 'router-connections', 'Alpha SMSC (created)');
  await page.getByTestId('router-save').click();
  await expect(page.getByTestId('router-row')).toHaveCount(1);
  await expect(page.getByTestId('router-type-badge')).toHaveText('Default');

  await page.getByTestId('router-new').click();
  await page.getByTestId('router-name').fill('UAE route');
  await pick(page, 'router-connections', 'Beta SMSC (created)');
  await page.getByTestId('router-rules').click();
  await page.getByRole('option', { name: 'UAE numbers' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('router-save').click();
  await expect(page.getByTestId('router-row')).toHaveCount(2);
  await expect(page.getByTestId('router-name-cell').first()).toHaveText('UAE route');

  // the default router stays last (it takes what no other router matched): no move is offered that
  // would put it above another router (the server refuses one too: routing.int.test.ts)
  const names = page.getByTestId('router-name-cell');
  await expect(names).toHaveText(['UAE route', 'Main']);
  await expect(page.getByTestId('router-row').filter({ hasText: 'Main' }).getByTestId('router-up')).toBeDisabled();
  await expect(page.getByTestId('router-row').filter({ hasText: 'UAE route' }).getByTestId('router-down')).toBeDisabled();
  await expect(names).toHaveText(['UAE route', 'Main']);

  // the route tester
  await page.getByTestId('route-test-destination').fill('+971501234567');
  await page.getByTestId('route-test-run').click();
  await expect(page.getByTestId('route-test-result')).toContainText('UAE route');
  await expect(page.getByTestId('route-test-result')).toContainText('Beta SMSC');
  await page.getByTestId('route-test-destination').fill('+966501234567');
  await page.getByTestId('route-test-run').click();
  await expect(page.getByTestId('route-test-result')).toContainText('Main');

  // §8: the rule is used by a router — it cannot be deactivated; an active rule cannot be deleted
  await page.getByTestId('routing-tab-rules').click();
  await page.getByTestId('rule-status').click({ force: true });
  await expect(page.getByText('This rule is used in a router and cannot be deactivated')).toBeVisible();
  await page.getByTestId('rule-delete').click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByTestId('delete-error')).toHaveText('An active rule cannot be deleted. Deactivate it first.');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Arabic, right to left
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'القواعد (المرشّحات)' })).toBeVisible();
  await page.getByTestId('routing-tab-routers').click();
  await expect(page.getByRole('heading', { name: 'الموجّهات' })).toBeVisible();
  await expect(page.getByTestId('router-type-badge').last()).toHaveText('افتراضي');
});
