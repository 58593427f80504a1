/**
 * Safety in the browser: a server opened from another computer shows no one else's
 * sandbox mail (a registrant still reads their code on the code page), and a link carrying another
 * user's session does not switch a signed-in browser without asking.
 */
import { networkInterfaces } from 'node:os';
import { expect, test } from '@playwright/test';
import { newEmail, PASSWORD, registerVerified, signInUi } from './fixtures.ts';

/** The E2E server reached through this machine's own network address instead of loopback. */
function remoteBase(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
  if (!address) throw new Error('this machine has no non-loopback IPv4 address to play "another computer"');
  const port = new URL(process.env.E2E_BASE_URL as string).port;
  return `http://${address}:${port}`;
}

test('from another computer: a registrant reads their code on the code page, and nobody reads others’ mail', async ({ page, request }) => {
  const base = remoteBase();
  const someoneElse = await registerVerified(request, 'e2e.victim');
  const email = newEmail('e2e.remote');
  await page.goto(`${base}/register`);
  await page.getByTestId('register-first_name').fill('Rana');
  await page.getByTestId('register-last_name').fill('Khalil');
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-phone_number').fill('+966501234567');
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-confirm_password').fill(PASSWORD);
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/otp-register/);

  await expect(page.getByTestId('sandbox-code')).toContainText(/\d{6}/);
  await page.getByTestId('sandbox-code-use').click();
  await expect(page.getByTestId('otp-input')).toHaveValue(/^\d{6}$/);
  await page.getByTestId('otp-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // the inbox page from here explains why another address's mail is not shown
  await page.goto(`${base}/sandbox/inbox?to=${encodeURIComponent(someoneElse)}`);
  await expect(page.getByTestId('sandbox-own-only')).toBeVisible();
  await expect(page.getByTestId('sandbox-otp')).toHaveCount(0);
});

test('a link with another user’s session asks before switching a signed-in browser', async ({ page, request }) => {
  const me = await registerVerified(request, 'e2e.me');
  const other = await registerVerified(request, 'e2e.other');
  const login = await request.post('/api/auth/login', { data: { email: other, password: PASSWORD } });
  const { token, user } = (await login.json()).data;
  await signInUi(page, me);
  await expect(page).toHaveURL(/\/dashboard$/);
  const myName = await page.getByTestId('top-bar-name').textContent();

  await page.goto(`/dashboard?token=${encodeURIComponent(token)}&user_id=${user.id}`);
  await expect(page.getByTestId('session-switch')).toBeVisible();
  await expect(page).not.toHaveURL(/token=/);
  await page.getByTestId('session-switch-stay').click();
  await expect(page.getByTestId('session-switch')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('top-bar-name')).toHaveText(myName as string);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await page.goto(`/dashboard?token=${encodeURIComponent(token)}&user_id=${user.id}`);
  await page.getByTestId('session-switch-go').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('top-bar-name')).toHaveText(`${user.first_name} ${user.last_name}`);
});
