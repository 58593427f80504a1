import { expect, test } from '@playwright/test';
import { registerVerified, signInUi, sql } from './fixtures.ts';

async function agedAccount(request: Parameters<typeof registerVerified>[0], tag: string, days: number) {
  const email = await registerVerified(request, tag);
  await sql(`update users set created_at = now() - make_interval(days => $2) where email = $1`, [email, days]);
  return email;
}

test('an account created 55 days ago sees the trial warning banner', async ({ page, request }) => {
  const email = await agedAccount(request, 'e2e.trial55', 55);
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  const banner = page.getByTestId('trial-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(/[1-7] day/);
  await expect(banner.getByRole('link')).toHaveAttribute('href', '/subscriptionplan?upgrade=true');
  await expect(page.getByTestId('trial-block')).toHaveCount(0);
});

test('an account whose trial ended 10 days ago sees the expired banner, its link says why', async ({ page, request }) => {
  const email = await agedAccount(request, 'e2e.trial70', 70);
  await signInUi(page, email);
  const banner = page.getByTestId('trial-banner');
  await expect(banner).toHaveAttribute('data-state', 'expired');
  await expect(page.getByTestId('trial-block')).toHaveCount(0);
  await banner.getByRole('link').click();
  await expect(page).toHaveURL(/\/subscriptionplan\?upgrade=true&reason=trial_expired$/);
});

test('an account created 95 days ago is blocked everywhere except /profile', async ({ page, request }) => {
  const email = await agedAccount(request, 'e2e.trial95', 95);
  await signInUi(page, email);
  await expect(page.getByTestId('trial-block')).toBeVisible();
  await page.goto('/brand');
  await expect(page.getByTestId('trial-block')).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByTestId('trial-block')).toHaveCount(0);
  await expect(page.getByText(email)).toBeVisible();
});
