import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { newEmail, otpFor, PASSWORD, registerVerified, signInUi, sql } from './fixtures.ts';

/**
 * The platform admin area: an operator made by `npm run admin:create` signs in with
 * the code from the sandbox inbox, finds an account, suspends it with a reason — and that account's
 * user is told why at sign-in (ACCOUNT_SUSPENDED). Then reactivates it.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

function adminCreate(email: string) {
  return execFileSync(process.execPath, ['scripts/admin-create.mjs', '--email', email, '--name', 'E2E Operator'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
}

test('an operator signs in with a mailed code and suspends an account; its user sees why', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const operator = newEmail('e2e.operator');
  expect(adminCreate(operator)).toContain(`created platform operator ${operator}`);
  const tenant = await registerVerified(request, 'e2e.suspended');

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByTestId('admin-email').fill(operator);
  await page.getByTestId('admin-send-code').click();
  await expect(page.getByTestId('admin-code-sent')).toBeVisible();
  const code = await otpFor(request, operator);
  await page.getByTestId('admin-code').locator('input').first().click();
  await page.keyboard.type(code);
  await page.getByTestId('admin-verify').click();
  await expect(page).toHaveURL(/\/admin\/accounts$/);
  await expect(page.getByTestId('admin-shell')).toContainText(operator);
  // no tenant layout here
  await expect(page.locator('[data-layout="bare"]')).toBeVisible();

  await page.getByTestId('admin-accounts-search').fill(tenant);
  const row = page.locator('[data-testid^="admin-account-row-"]');
  await expect(row).toHaveCount(1);
  await row.getByRole('link').click();
  await expect(page.getByTestId('admin-account')).toContainText(tenant);
  await page.getByTestId('admin-suspend-reason').fill('Unpaid invoice');
  await page.getByTestId('admin-suspend').click();
  await page.getByTestId('admin-status-confirm-confirm').click();
  await expect(page.getByTestId('admin-suspended-reason')).toContainText('Unpaid invoice');
  await expect(page.getByTestId('admin-account-status')).toHaveText('Suspended');

  // the account's user, in a browser of their own
  const context = await browser.newContext();
  const user = await context.newPage();
  await signInUi(user, tenant, PASSWORD);
  await expect(user.getByText(/This account is suspended: Unpaid invoice/).first()).toBeVisible();
  await expect(user).toHaveURL(/\/login/);

  // reactivated: the user signs in again
  await page.getByTestId('admin-reactivate').click();
  await page.getByTestId('admin-status-confirm-confirm').click();
  await expect(page.getByTestId('admin-account-status')).toHaveText('Active');
  await signInUi(user, tenant, PASSWORD);
  await expect(user).not.toHaveURL(/\/login/);
  await context.close();

  // the account asks for a sender id; the operator rejects it from the review queue with a reason
  const [acct] = await sql('select account_id from users where lower(email) = lower($1)', [tenant]);
  const senderName = `Q${Date.now().toString(36).slice(-8).toUpperCase()}`;
  const [waiting] = await sql(
    `insert into sms_senders (account_id, sender_id, sender_type, description, status)
     values ($1, $2, 'alphanumeric', 'E2E sender', 'WAITING_FOR_APPROVAL') returning id`,
    [acct?.account_id, senderName],
  );
  await page.goto('/admin/reviews');
  const queue = page.getByTestId('admin-queue-senders');
  await expect(queue).toContainText(senderName);
  await page.getByTestId(`admin-reject-sms_sender-${waiting?.id}`).click();
  await page.getByTestId('admin-reject-reason').fill('Brand name not verified');
  await page.getByTestId('admin-reject-confirm-confirm').click();
  await expect(queue).not.toContainText(senderName);
  const [decided] = await sql('select status, rejection_reason from sms_senders where id = $1', [waiting?.id]);
  expect(decided).toMatchObject({ status: 'REJECTED', rejection_reason: 'Brand name not verified' });
});

test('a tenant session does not open the admin area', async ({ page, request }) => {
  const tenant = await registerVerified(request, 'e2e.notadmin');
  await signInUi(page, tenant, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/admin/accounts');
  await expect(page).toHaveURL(/\/admin\/login$/);
});
