import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { audit, type Finding, report, trackRequests } from './a11y-audit.ts';
import { newEmail, otpFor, registerVerified, signInUi, sql } from './fixtures.ts';

const DAY = 86_400_000;

/**
 * /billing/payments for an account whose instalment is overdue past the grace: the suspended
 * screen (what is paused, what still works, how to pay), the banner on every page, the dues with
 * their states and the payments received — in English, then in Arabic.
 */
test('an account suspended for an overdue instalment sees why, what still works and how to pay', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.dues');
  const [{ account_id: accountId }] = await sql('select account_id from users where email = $1', [email]);
  const lines = JSON.stringify([
    { description: 'Growth (monthly)', quantity: 1, unit_price: 100000, net: 100000, vat: 15000, total: 115000 },
  ]);
  const [inv] = await sql(
    `insert into invoices (account_id, number, status, vat_bp, total_before_discount, total_after_discount, vat_amount, total_with_vat,
                           amount_paid, lines, seller, buyer, issued_at, due_at, next_due_at)
     values ($1, 1, 'PARTIALLY_PAID', 1500, 100000, 100000, 15000, 115000, 57500, $2::jsonb,
             '{"name":"Risala","nameAr":"رسالة","vatNumber":"300000000000003","address":"Riyadh"}'::jsonb,
             '{"name":"E2E Co","vat_number":null,"cr_number":null,"address":""}'::jsonb, $3, $4, $4)
     returning id`,
    [accountId, lines, new Date(Date.now() - 40 * DAY), new Date(Date.now() - 10 * DAY)],
  );
  const [first] = await sql(
    `insert into invoice_dues (account_id, invoice_id, seq, amount, amount_paid, due_at, paid_at) values
       ($1, $2, 1, 57500, 57500, $3, $3) returning id`,
    [accountId, inv.id, new Date(Date.now() - 30 * DAY)],
  );
  await sql(`insert into invoice_dues (account_id, invoice_id, seq, amount, due_at) values ($1, $2, 2, 57500, $3)`, [
    accountId,
    inv.id,
    new Date(Date.now() - 10 * DAY),
  ]);
  await sql(
    `insert into payments (account_id, invoice_id, due_id, method, provider, provider_ref, amount, recorded_by_operator, paid_at)
     values ($1, $2, $3, 'bank_transfer', 'manual', 'TRX-E2E-1', 57500, 1, $4)`,
    [accountId, inv.id, first.id, new Date(Date.now() - 30 * DAY)],
  );
  await sql('update accounts set billing_suspended_at = now() where id = $1', [accountId]);

  const inflight = trackRequests(page);
  const findings: Finding[] = [];
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  // every page says sending is paused, and offers the way to pay
  const banner = page.getByTestId('billing-suspended-banner');
  await expect(banner).toContainText('Sending is paused because a payment is overdue');
  await banner.getByRole('link', { name: 'See what is owed' }).click();
  await expect(page).toHaveURL(/\/billing\/payments$/);

  const notice = page.getByTestId('billing-suspended');
  await expect(notice).toContainText('Sending is paused: a payment is overdue');
  await expect(notice).toContainText('BILLING_SUSPENDED');
  await expect(notice).toContainText('Still available');
  await expect(notice).toContainText('How to pay');
  await expect(page.getByTestId('standing-overdue')).toContainText('575.00');
  await expect(page.getByTestId('due-row')).toHaveCount(2);
  await expect(page.locator('[data-testid="due-row"][data-state="paid"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="due-row"][data-state="overdue"]')).toHaveCount(1);
  const payment = page.getByTestId('payment-row');
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText('Bank transfer');
  await expect(payment).toContainText('TRX-E2E-1');
  await audit(page, inflight, 'en /billing/payments (suspended)', findings);

  // in Arabic, right to left, the same facts
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(notice).toContainText('الإرسال متوقف: توجد دفعة متأخرة');
  await expect(page.locator('[data-testid="due-row"][data-state="overdue"]')).toContainText('متأخر');
  await expect(payment).toContainText('تحويل بنكي');
  await audit(page, inflight, 'ar /billing/payments (suspended)', findings);
  expect(report(findings), 'no critical or serious axe violation').toEqual([]);

  // paid (as the operator's payment would do): the banner goes once the standing is read again
  await sql('update accounts set billing_suspended_at = null where id = $1', [accountId]);
  await page.goto('/dashboard');
  await expect(page.getByTestId('billing-suspended-banner')).toHaveCount(0);
});

const root = fileURLToPath(new URL('..', import.meta.url));

test('an operator records a bank transfer in the admin area: the invoice is paid and sending resumes', async ({ page, request }) => {
  test.setTimeout(120_000);
  const operator = newEmail('e2e.dues.operator');
  execFileSync(process.execPath, ['scripts/admin-create.mjs', '--email', operator, '--name', 'E2E Billing'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  const tenant = await registerVerified(request, 'e2e.dues.paid');
  const [{ account_id: accountId }] = await sql('select account_id from users where email = $1', [tenant]);
  const lines = JSON.stringify([{ description: 'Starter (monthly)', quantity: 1, unit_price: 18500, net: 18500, vat: 2775, total: 21275 }]);
  const [inv] = await sql(
    `insert into invoices (account_id, number, status, vat_bp, total_before_discount, total_after_discount, vat_amount, total_with_vat,
                           lines, seller, buyer, issued_at, due_at)
     values ($1, 1, 'NOT_PAID', 1500, 18500, 18500, 2775, 21275, $2::jsonb,
             '{"name":"Risala","nameAr":"رسالة","vatNumber":"300000000000003","address":"Riyadh"}'::jsonb,
             '{"name":"E2E Co","vat_number":null,"cr_number":null,"address":""}'::jsonb, $3, $4)
     returning id`,
    [accountId, lines, new Date(Date.now() - 30 * DAY), new Date(Date.now() - 20 * DAY)],
  );
  await sql('update accounts set billing_suspended_at = now() where id = $1', [accountId]);

  await page.goto('/admin');
  await page.getByTestId('admin-email').fill(operator);
  await page.getByTestId('admin-send-code').click();
  const code = await otpFor(request, operator);
  await page.getByTestId('admin-code').locator('input').first().click();
  await page.keyboard.type(code);
  await page.getByTestId('admin-verify').click();
  await expect(page).toHaveURL(/\/admin\/accounts$/);
  await page.goto(`/admin/accounts/${accountId}`);
  const panel = page.getByTestId('admin-billing');
  await expect(panel.getByTestId('admin-billing-suspended')).toBeVisible();
  await expect(panel.getByTestId('admin-invoice-row')).toContainText('Overdue');

  await page.getByTestId('admin-billing-invoice').click();
  await page.getByRole('option', { name: /^1 · / }).click();
  await page.getByTestId('admin-billing-amount').fill('212.75');
  await page.getByTestId('admin-billing-reference').fill('TRX-OP-1');
  await page.getByTestId('admin-billing-record').click();
  await expect(panel.getByTestId('admin-invoice-row')).toContainText('Paid');
  await expect(panel).toContainText('TRX-OP-1');
  await expect(panel.getByTestId('admin-billing-suspended')).toHaveCount(0);
  const [row] = await sql('select status, amount_paid::int as paid from invoices where id = $1', [inv.id]);
  expect(row).toEqual({ status: 'PAID', paid: 21_275 });
  const [acct] = await sql('select billing_suspended_at from accounts where id = $1', [accountId]);
  expect(acct.billing_suspended_at).toBeNull();
  const [entry] = await sql(`select actor_type, data from audit_log where account_id = $1 and action = 'payment.recorded'`, [accountId]);
  expect(entry).toMatchObject({ actor_type: 'operator', data: { method: 'bank_transfer', amount: 21_275, reference: 'TRX-OP-1' } });
});
