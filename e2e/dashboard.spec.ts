import { expect, test } from '@playwright/test';
import { registerVerified, signInUi } from './fixtures.ts';

test('a new user lands on a getting-started checklist that follows what they do, in both languages', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.dashboard');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  const checklist = page.getByTestId('getting-started');
  await expect(checklist).toHaveAttribute('data-done', '0');
  await expect(page.getByTestId('getting-started-progress')).toHaveText('0 of 5 done');
  await expect(page.getByTestId('kpi-creditsLeft')).toBeVisible();

  // the step's button goes where the step is done
  await page.getByTestId('step-brand-action').click();
  await expect(page).toHaveURL(/\/brand$/);
  expect((await page.request.post('/api/brands', { data: { name: 'Dune Coffee' } })).status()).toBe(201);
  await page.goto('/dashboard');
  await expect(page.getByTestId('step-brand')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('getting-started-progress')).toHaveText('1 of 5 done');
  await expect(page.getByTestId('step-brand-action')).toHaveCount(0);

  await page.getByTestId('language-toggle').click();
  await expect(page.getByTestId('getting-started-progress')).toHaveText('أُنجز 1 من 5');
  await expect(page.getByTestId('step-customers')).toContainText('أضف عملاءك');
});
