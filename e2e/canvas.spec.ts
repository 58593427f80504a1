import { expect, test } from '@playwright/test';
import { registerVerified, signInUi } from './fixtures.ts';

test('canvas editor: compose with Arabic text, undo/redo, change size, save a PNG to the content library', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.canvas');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);

  await page.goto('/canvas-editor');
  await expect(page.getByTestId('canvas-editor')).toBeVisible();
  // bare layout: no sidebar
  await expect(page.getByTestId('sidebar')).toHaveCount(0);

  await page.getByTestId('canvas-add-text').click();
  await page.getByTestId('canvas-add-rect').click();
  await expect(page.getByTestId('canvas-layer')).toHaveCount(2);
  await page.getByTestId('canvas-undo').click();
  await expect(page.getByTestId('canvas-layer')).toHaveCount(1);
  await page.getByTestId('canvas-redo').click();
  await expect(page.getByTestId('canvas-layer')).toHaveCount(2);

  // edit the text layer: Arabic text is laid out right-to-left
  await page
    .getByTestId('canvas-layer')
    .filter({ hasText: /Your message here/ })
    .locator('button')
    .first()
    .click();
  await page.getByTestId('canvas-text-input').fill('عرض خاص لفترة محدودة');
  await expect(page.getByTestId('canvas-layer').filter({ hasText: 'عرض خاص' })).toHaveCount(1);

  await page.getByTestId('canvas-preset').click();
  await page.getByRole('option', { name: /Story/ }).click();
  await page.getByTestId('canvas-name').fill('Ramadan story');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/content') && r.request().method() === 'POST');
  await page.getByTestId('canvas-save').click();
  expect((await saved).status()).toBe(201);
  await expect(page.getByTestId('toast-success')).toBeVisible();

  const list = await page.request.get('/api/content?type=image');
  const items = (await list.json()).data.items as Array<{ title: string }>;
  expect(items.map((i) => i.title)).toContain('Ramadan story');
});

test('canvas editor: unsaved work asks before leaving; colour codes read left to right in Arabic', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.canvas.guard');
  await page.addInitScript(() => localStorage.setItem('language', 'ar'));
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/content');
  await page.goto('/canvas-editor');
  await expect(page.getByTestId('canvas-editor')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  // "#ffffff", not "ffffff#"
  const background = page.getByTestId('canvas-background');
  await expect(background).toHaveValue(/^#/);
  await expect(background).toHaveCSS('direction', 'ltr');

  // nothing done yet: the back arrow just leaves
  await page.getByTestId('canvas-back').click();
  await expect(page).toHaveURL(/\/content$/);
  await page.goBack();
  await expect(page.getByTestId('canvas-editor')).toBeVisible();

  // with a design on the canvas, the back arrow and the browser's history ask first
  await page.getByTestId('canvas-add-text').click();
  await page.getByTestId('canvas-back').click();
  await expect(page.getByTestId('leave-guard-stay')).toBeVisible();
  await page.getByTestId('leave-guard-stay').click();
  await expect(page.getByTestId('canvas-layer')).toHaveCount(1);
  // the browser's history inside the app (here forward to the content page left above)
  await page.goForward();
  await expect(page.getByTestId('leave-guard-stay')).toBeVisible();
  await page.getByTestId('leave-guard-stay').click();
  await expect(page).toHaveURL(/\/canvas-editor$/);
  await expect(page.getByTestId('canvas-layer')).toHaveCount(1);

  // once saved to the library, leaving is free
  await page.getByTestId('canvas-name').fill('Guarded');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/content') && r.request().method() === 'POST');
  await page.getByTestId('canvas-save').click();
  expect((await saved).status()).toBe(201);
  await page.getByTestId('canvas-back').click();
  await expect(page).toHaveURL(/\/content$/);
});
