import { expect, test } from '@playwright/test';
import { registerVerified, signInUi, sql } from './fixtures.ts';

/**
 * Finishing touches: the current plan is marked on /subscriptionplan,
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

/** Two boxes overlap (toasts must not cover titles or tabs). */
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('an empty list says what it is for and offers the first step; a filtered one only says nothing matches', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.ux.empty');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);

  await page.goto('/customer');
  const empty = page.getByTestId('empty-state');
  await expect(empty.getByRole('heading', { name: 'No customers yet' })).toBeVisible();
  await expect(empty.getByRole('link', { name: 'Import a file' })).toHaveAttribute('href', '/customer/import');
  await empty.getByRole('button', { name: 'Add your first customer' }).click();
  await expect(page.getByTestId('customer-form')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/customer?search=nobody-here');
  await expect(page.getByText('No customers match')).toBeVisible();
  await expect(page.getByTestId('empty-state')).toHaveCount(0);

  await page.goto('/brand');
  await page.getByTestId('empty-state').getByRole('button', { name: 'Add your first brand' }).click();
  await expect(page.getByTestId('brand-form')).toBeVisible();

  await page.goto('/campaignhistory');
  await expect(page.getByTestId('empty-state').getByRole('link', { name: 'Launch your first campaign' })).toBeVisible();
});

test('a list loading shows its shape (busy, no spinner); links are in the theme colour; the steps fit one row', async ({
  page,
  request,
}) => {
  const email = await registerVerified(request, 'e2e.ux.loading');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);

  // the customers' first page is held back a moment: the table's skeleton stands in for it
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/customers\?/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/customer');
  const loader = page.getByTestId('page-loader');
  await expect(loader).toHaveAttribute('aria-busy', 'true');
  await expect(loader).toContainText('Loading…');
  await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0);
  release();
  await expect(loader).toHaveCount(0);
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await page.unrouteAll();

  // no brand yet: the launcher's link to create one is the theme's link colour, not browser blue
  await page.goto('/campaign?new=1');
  const link = page.getByRole('link', { name: 'Create a brand first' });
  const anchor = await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--mantine-color-anchor)';
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  });
  await expect(link).toHaveCSS('color', anchor);
  expect(anchor).not.toBe('rgb(0, 0, 238)');

  // eight steps on one row at 1440 px, in Arabic too
  for (const lang of ['en', 'ar']) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/campaign?new=1');
    const steps = page.locator('[data-testid^="launcher-step-"]');
    await expect(steps).toHaveCount(8);
    const tops = await steps.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
  }
  await expect(page.getByRole('button', { name: 'المراجعة والإطلاق' })).toBeVisible();
});

test('toasts cover neither the page title nor the tabs, at 1440 and 390 px', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.ux.toasts');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  for (const [lang, width] of [
    ['en', 1440],
    ['ar', 390],
  ] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.setViewportSize({ width, height: 844 });
    // customers: a title with the audience tabs above it, and a save that says so in a toast
    await page.goto('/customer');
    await page.getByTestId('customer-new').click();
    await page.getByTestId('customer-first-name').fill(`Toast ${lang}`);
    await page.getByTestId('customer-mobile').fill(lang === 'en' ? '0501234567' : '0501234568');
    await page.getByTestId('customer-save').click();
    await expect(page.getByTestId('customer-form')).toBeHidden();
    const toast = page.locator('.mantine-Notification-root').first();
    await expect(toast).toBeVisible();
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    const tabs = await page.getByTestId('audience-links').boundingBox();
    // where the toast comes to rest (it slides in from below the window)
    await expect
      .poll(async () => {
        const box = await toast.boundingBox();
        return Boolean(box && box.y + box.height <= 844 && box.x >= 0 && box.x + box.width <= width);
      })
      .toBe(true);
    const box = await toast.boundingBox();
    expect(box && title && tabs && !overlaps(box, title) && !overlaps(box, tabs)).toBe(true);
    await toast.getByRole('button').click(); // closed before the next round
  }
});
