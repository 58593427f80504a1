import { expect, test } from '@playwright/test';
import { registerVerified, signInUi, sql } from './fixtures.ts';

/**
 * Issue 19 item 11 (the parts on this branch): the current plan is marked on /subscriptionplan,
 * the canvas editor is reachable from Content, the WhatsApp templates keep the template tabs,
 * and getting started begins with setting up a sender.
 */
test('current plan marked, Design an image from Content, template tabs on WhatsApp templates, a sender step', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.ux.finish');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByTestId('step-sender')).toHaveAttribute('data-done', 'false');
  await expect(page.getByTestId('step-sender')).toContainText('Set up a sender');

  // a trial account is told its plan; a paying one sees its card marked
  await page.goto('/subscriptionplan');
  await expect(page.getByTestId('plan-current-note')).toHaveText('You are on the Free trial plan.');
  await expect(page.locator('[data-testid="plan-card"][data-current="true"]')).toHaveCount(0);
  await sql(`update accounts set plan = 'growth' where id = (select account_id from users where email = $1)`, [email]);
  await page.reload();
  const current = page.locator('[data-testid="plan-card"][data-current="true"]');
  await expect(current).toHaveAttribute('data-plan', 'growth');
  await expect(current.getByTestId('plan-current')).toHaveText('Current plan');
  await expect(current.getByTestId('plan-checkout')).toHaveText('Your current plan');
  await expect(page.getByTestId('plan-current-note')).toHaveCount(0);

  await page.goto('/content');
  await page.getByTestId('content-design-image').click();
  await expect(page).toHaveURL(/\/canvas-editor$/);
  await expect(page.getByTestId('canvas-editor')).toBeVisible();

  await page.goto('/template/whatsapp');
  await expect(page.getByTestId('template-tabs')).toBeVisible();
  await page.getByTestId('template-tab-text').click();
  await expect(page).toHaveURL(/\/template$/);
  await page.getByTestId('template-tab-whatsapp').click();
  await expect(page).toHaveURL(/\/template\/whatsapp$/);
  await expect(page.getByTestId('wa-templates-page')).toBeVisible();
});
