import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { newEmail, registerVerified, signInUi, sql } from './fixtures.ts';

/**
 * The audit log and sub-accounts in Chromium: the owner finds their own sign-in in the audit log (through the account
 * menu) and exports it as CSV; creates a sub-account whose owner is invited by email, and gives it
 * SMS credits from the account's own balance.
 */
test('the owner reads and exports the audit log, creates a sub-account and gives it credits', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.audit.owner');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-audit-log').click();
  await expect(page).toHaveURL(/\/audit-log/);
  const login = page.locator('[data-testid="audit-row"][data-action="auth.login"]').first();
  await expect(login).toBeVisible();
  await expect(login).toContainText('Signed in');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path()) as string, 'utf8').replace(/^\ufeff/, '');
  expect(csv.split('\r\n')[0]).toBe('time,actor_type,actor,actor_email,action,action_name,target_type,target_id,target,ip,details');
  expect(csv).toContain('auth.login');
  expect(csv).toContain(email.toLowerCase());

  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-sub-accounts').click();
  await expect(page).toHaveURL(/\/sub-accounts/);
  const before = Number(((await page.getByTestId('own-balance-sms').textContent()) ?? '').replace(/\D/g, ''));
  await page.getByTestId('sub-account-new').first().click();
  const owner = newEmail('e2e.audit.subowner');
  await page.getByTestId('sub-account-name').fill('Client Brand');
  await page.getByTestId('sub-account-owner-email').fill(owner);
  await page.getByTestId('sub-account-create-submit').click();
  const row = page.getByTestId('sub-account-row').filter({ hasText: 'Client Brand' });
  await expect(row).toBeVisible();
  await expect(row).toContainText(owner);

  await row.getByTestId('sub-account-allocate').click();
  await page.getByTestId('allocate-amount').fill('150');
  await page.getByTestId('allocate-submit').click();
  await expect(row.getByTestId('sub-account-credits')).toContainText('SMS: 150');
  await expect(page.getByTestId('own-balance-sms')).toHaveText((before - 150).toLocaleString('en'));
  const [child] = await sql(
    "select a.id from accounts a where a.name = 'Client Brand' and a.parent_account_id is not null order by id desc limit 1",
  );
  const [balance] = await sql("select balance::int as balance from credits where account_id = $1 and channel = 'sms'", [child.id]);
  expect(balance.balance).toBe(150);
});
