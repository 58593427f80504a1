import { expect, test } from '@playwright/test';
import { PASSWORD, registerVerified, signInUi, sql } from './fixtures.ts';

test('the Arabic toggle flips the page to right-to-left and translates the shell', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.rtl');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toContainText('Brand Management');

  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(sidebar).not.toContainText('Brand Management');
  await expect(sidebar).toContainText('إدارة العلامات التجارية');

  // the preference survives a reload, and it is the user's own: the profile (and the server) say Arabic
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect.poll(async () => (await sql('select language from users where email = $1', [email]))[0]?.language).toBe('ar');
  await page.goto('/profile');
  await expect(page.getByText('العربية', { exact: true })).toBeVisible();
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect.poll(async () => (await sql('select language from users where email = $1', [email]))[0]?.language).toBe('en');
});

test('logout clears the session and protected pages send you to /login', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.logout');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/customer?search=Sara');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  // whoever signs in next starts on their own page, not where the last user left off
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/brand');
  await expect(page).toHaveURL(/\/login/);
});
