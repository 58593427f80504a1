import { expect, test } from '@playwright/test';
import { cutBadges, PASSWORD, registerVerified, signInUi, sql } from './fixtures.ts';

test('a user sees the sandbox connection live, stops and starts it, adds an SMPP connection and sees §5 and start errors', async ({
  page,
  request,
}) => {
  const email = await registerVerified(request, 'e2e.connections');
  const [user] = await sql('select account_id from users where email = $1', [email]);
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-password').press('Enter');
  await expect(page).toHaveURL(/\/dashboard/);

  await page.goto('/gateway/connections');
  await expect(page.getByTestId('connections-page')).toBeVisible();
  const sandbox = page.getByTestId('connection-row').filter({ hasText: 'Sandbox SMSC' });
  // the server's reconcile loop binds a new account's sandbox connection within seconds; the list polls
  await expect(sandbox.getByTestId('connection-state')).toHaveAttribute('data-state', 'CONNECTED', { timeout: 20_000 });

  await sandbox.getByTestId('connection-stop').click();
  await expect(sandbox.getByTestId('connection-state')).toHaveAttribute('data-state', 'STOPPED');
  await sandbox.getByTestId('connection-start').click();
  await expect(sandbox.getByTestId('connection-state')).toHaveAttribute('data-state', 'CONNECTED');

  // a connected connection cannot be deleted (§8)
  await sandbox.getByTestId('connection-delete').click();
  await page.getByTestId('connection-confirm-delete').click();
  await expect(page.getByTestId('delete-error')).toContainText('connected connection cannot be deleted');
  await page.keyboard.press('Escape');

  // a new SMPP connection: §5 messages inline, then a port where nothing answers → the start error
  await page.getByTestId('connection-new').click();
  await page.getByTestId('connection-field-connection_name').fill('Operator X');
  await page.getByTestId('connection-field-host').fill('not a host');
  await page.getByTestId('connection-field-port').fill('0');
  await page.getByTestId('connection-field-system_id').fill('client');
  await page.getByTestId('connection-field-password').fill('secret');
  await page.getByTestId('connection-field-message_per_second').fill('10000');
  await page.getByTestId('connection-save').click();
  await expect(page.getByText('Enter a valid URL or IP address')).toBeVisible();
  await expect(page.getByText('Enter a valid port greater than 0')).toBeVisible();
  await expect(page.getByText('Maximum value is 9999')).toBeVisible();
  // SSRF: a private-network SMSC is refused (the E2E server allows only 127.0.0.1, as OUTBOUND_ALLOWED_HOSTS)
  await page.getByTestId('connection-field-host').fill('10.0.0.5');
  await page.getByTestId('connection-field-port').fill('9');
  await page.getByTestId('connection-field-message_per_second').fill('50');
  await page.getByTestId('connection-field-bind_timeout_s').fill('2');
  await page.getByTestId('connection-save').click();
  await expect(page.getByText('Private-network and loopback addresses are not allowed here')).toBeVisible();
  await page.getByTestId('connection-field-host').fill('127.0.0.1');
  await page.getByTestId('connection-save').click();
  const row = page.getByTestId('connection-row').filter({ hasText: 'Operator X' });
  await expect(row.getByTestId('connection-state')).toHaveAttribute('data-state', 'CREATED');
  await row.getByTestId('connection-start').click();
  await expect(row.getByTestId('connection-action-error')).toContainText('could not start: 127.0.0.1:9 refused the connection');
  await expect(row.getByTestId('connection-state')).toHaveAttribute('data-state', 'DISCONNECTED');

  // the state badges show their whole text, also while the start error widens the actions column:
  // at 1366 px and on a phone, in English and (switched in place, the error still shown) in Arabic
  const badges = page.getByTestId('connection-state');
  for (const language of ['en', 'ar'] as const) {
    if (language === 'ar') {
      await page.getByTestId('language-toggle').click();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(sandbox.getByTestId('connection-state')).toHaveText('متصل');
    }
    for (const size of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await expect(row.getByTestId('connection-action-error')).toBeVisible();
      await expect(badges).toHaveCount(2);
      expect(await cutBadges(badges), `${language} ${size.width}px`).toEqual([]);
    }
  }

  const rows = await sql('select connection_name, password_enc from connections where account_id = $1 order by id', [user.account_id]);
  expect(rows.map((r) => r.connection_name)).toEqual(['Sandbox SMSC', 'Operator X']);
  expect(rows[1]?.password_enc).toMatch(/^v1\./);
});

test('"Add connection": a refusal shows where the user is; a wrong or deleted connection address is "not found" once, without polling', async ({
  page,
  request,
}) => {
  const email = await registerVerified(request, 'e2e.connections.errors');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/gateway/connections');
  await page.getByTestId('connection-new').click();
  const name = page.getByTestId('connection-field-connection_name');
  const host = page.getByTestId('connection-field-host');
  // a name already taken: the message at the name field, brought into view from the Save button
  await name.fill('Sandbox SMSC');
  await host.fill('127.0.0.1');
  await page.getByTestId('connection-field-system_id').fill('client');
  await page.getByTestId('connection-field-password').fill('secret');
  await page.getByTestId('connection-save').scrollIntoViewIfNeeded();
  await expect(name).not.toBeInViewport();
  await page.getByTestId('connection-save').click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeInViewport();
  await expect(name).toBeFocused();
  // a private address: at the host field, in view
  await name.fill('Operator Y');
  await host.fill('10.0.0.5');
  await page.getByTestId('connection-save').scrollIntoViewIfNeeded();
  await page.getByTestId('connection-save').click();
  await expect(page.getByText('Private-network and loopback addresses are not allowed here')).toBeInViewport();
  await expect(host).toBeFocused();
  await page.keyboard.press('Escape');

  // addresses that name no connection: the not-found state, no spinner, no status polling, no toasts
  let statusCalls = 0;
  page.on('request', (r) => {
    if (/\/api\/gateway\/connections\/[^/]+\/status$/.test(r.url())) statusCalls += 1;
  });
  for (const path of ['/gateway/connections/abc', '/gateway/connections/99999']) {
    await page.goto(path);
    await expect(page.getByTestId('record-not-found')).toContainText('This connection does not exist or was deleted.');
  }
  await page.waitForTimeout(4000);
  expect(statusCalls).toBe(0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
});
