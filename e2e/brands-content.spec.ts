import { crc32, deflateSync } from 'node:zlib';
import { expect, type Locator, test } from '@playwright/test';
import { registerVerified, signInUi } from './fixtures.ts';

/**
 * Two clicks in one go, before the page can re-render (a fast double-click on a busy page): the
 * button is not yet disabled or loading for the second one.
 */
async function clickTwice(target: Locator) {
  await target.evaluate((el: HTMLElement) => {
    el.click();
    el.click();
  });
}

/** A real 8×8 PNG (one colour), built here so the upload is checked by its bytes. */
function png(rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const size = 8;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.from([0, ...Array.from({ length: size }, () => rgb).flat()]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a new user creates a brand with a logo, links content to it, and both pages work in Arabic', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.brands');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);

  // ── brand with a logo ──────────────────────────────────────────────────────
  await page.goto('/brand');
  await expect(page.getByTestId('brands-page')).toBeVisible();
  await expect(page.getByText('No brands yet')).toBeVisible();
  await page.getByTestId('brand-new').click();
  const form = page.getByTestId('brand-form');
  await form.getByTestId('brand-name').fill('Nakheel Coffee');
  await form.getByTestId('brand-website').fill('https://nakheel.example.com');
  await form.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png([20, 120, 60]) });
  const preview = form.getByTestId('brand-logo-preview').locator('img');
  await expect(preview).toHaveAttribute('src', /^\/api\/s3\/raw\/acc_\d+\/[0-9a-f-]+\.png$/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
  await form.getByTestId('brand-color-add').click();
  await form.getByTestId('brand-save').click();
  await expect(form).toBeHidden();

  const row = page.getByTestId('brand-row').filter({ hasText: 'Nakheel Coffee' });
  await expect(row).toBeVisible();
  await expect(row.locator('img')).toHaveAttribute('src', /\/api\/s3\/raw\//);
  await page.getByTestId('brand-search').fill('zzz');
  await expect(page.getByText('No brand matches your search.')).toBeVisible();
  await page.getByTestId('brand-search').fill('nakheel');
  await expect(row).toBeVisible();

  // ── content item linked to the brand ──────────────────────────────────────
  await page.goto('/content');
  await expect(page.getByTestId('content-page')).toBeVisible();
  await page.getByTestId('content-new').click();
  const cform = page.getByTestId('content-form');
  await cform.getByTestId('content-title-input').fill('Ramadan post');
  await cform.getByTestId('content-type-input').click();
  await page.getByRole('option', { name: 'Image' }).click();
  await cform.locator('input[type="file"]').setInputFiles({ name: 'post.png', mimeType: 'image/png', buffer: png([200, 40, 40]) });
  await expect(cform.getByTestId('content-file-preview')).toBeVisible();
  await cform.getByTestId('content-brands-input').click();
  await page.getByRole('option', { name: 'Nakheel Coffee' }).click();
  await cform.getByTestId('content-title-input').click(); // close the dropdown
  await cform.getByTestId('content-save').click();
  await expect(cform).toBeHidden();

  const card = page.getByTestId('content-card').filter({ hasText: 'Ramadan post' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('content-brand')).toHaveText('Nakheel Coffee');
  await expect.poll(() => card.getByTestId('content-thumb').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);

  // the list view shows the same item
  await page.getByTestId('content-view').locator('label').nth(1).click();
  await expect(page.getByTestId('content-table')).toBeVisible();
  await expect(page.getByTestId('content-row').filter({ hasText: 'Ramadan post' })).toBeVisible();

  // the brand now counts one content item
  await page.goto('/brand');
  await expect(page.getByTestId('brand-row').filter({ hasText: 'Nakheel Coffee' })).toContainText('1');

  // ── Arabic, right-to-left ─────────────────────────────────────────────────
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { name: 'إدارة العلامات التجارية' })).toBeVisible();
  await expect(page.getByTestId('brand-table')).toContainText('الاسم');
  await expect(page.getByTestId('brand-new')).toHaveText('علامة تجارية جديدة');

  await page.goto('/content');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'إدارة المحتوى' })).toBeVisible();
  await expect(page.getByTestId('content-new')).toHaveText('محتوى جديد');
  await expect(page.getByTestId('content-table')).toContainText('صورة');
  await expect(page.getByTestId('content-row').filter({ hasText: 'Ramadan post' })).toBeVisible();
});

test('forms save once per click; Escape closes only the colour picker; content files and tags as the type and the user say', async ({
  page,
  request,
}) => {
  const email = await registerVerified(request, 'e2e.brands-forms');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  const posts: Record<string, number> = { brands: 0, content: 0 };
  page.on('request', (r) => {
    if (r.method() !== 'POST') return;
    if (r.url().endsWith('/api/brands')) posts.brands += 1;
    if (r.url().endsWith('/api/content')) posts.content += 1;
  });

  // ── brand: Escape in the colour picker keeps the form; a double-click creates one brand ──
  await page.goto('/brand');
  await page.getByTestId('brand-new').click();
  const form = page.getByTestId('brand-form');
  await form.getByTestId('brand-name').fill('Double Dates');
  await form.getByTestId('brand-color-add').click();
  await form.getByTestId('brand-color-0').click();
  const picker = page.locator('.mantine-ColorInput-dropdown');
  await expect(picker).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(form).toBeVisible();
  await expect(form.getByTestId('brand-name')).toHaveValue('Double Dates');
  await clickTwice(form.getByTestId('brand-save'));
  await expect(form).toBeHidden();
  await expect(page.getByTestId('brand-row').filter({ hasText: 'Double Dates' })).toHaveCount(1);
  expect(posts.brands).toBe(1);

  // ── content: the Image type takes images only, and says which ──────────────
  await page.goto('/content');
  await page.getByTestId('content-new').click();
  const cform = page.getByTestId('content-form');
  await cform.getByTestId('content-title-input').fill('Price list');
  await cform.getByTestId('content-type-input').click();
  await page.getByRole('option', { name: 'Image' }).click();
  const fileInput = cform.locator('input[type="file"]');
  await expect(fileInput).toHaveAttribute('accept', 'image/png,image/jpeg');
  await expect(cform.getByTestId('content-file-hint')).toHaveText('PNG or JPG, up to 10 MB.');
  await fileInput.setInputFiles({ name: 'prices.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(cform.getByTestId('content-file-error')).toHaveText(/An image takes a JPG or PNG file/);
  await cform.getByTestId('content-type-input').click();
  await page.getByRole('option', { name: 'Document' }).click();
  await expect(fileInput).not.toHaveAttribute('accept', /image/);
  await expect(cform.getByTestId('content-file-hint')).toHaveText('PDF or Word (DOCX), up to 10 MB.');
  await page.keyboard.press('Escape');
  await expect(cform).toBeHidden();

  // ── content: a double-click creates one item; its tag shows as stored ──────
  await page.getByTestId('content-new').click();
  await cform.getByTestId('content-title-input').fill('Weekend promo');
  await cform.getByTestId('content-body-input').fill('Two for one on Friday');
  await cform.getByTestId('content-tags-input').fill('promo');
  await cform.getByTestId('content-tags-input').press('Enter');
  await clickTwice(cform.getByTestId('content-save'));
  await expect(cform).toBeHidden();
  const card = page.getByTestId('content-card').filter({ hasText: 'Weekend promo' });
  await expect(card).toHaveCount(1);
  expect(posts.content).toBe(1);
  const tag = card.getByTestId('content-tag');
  await expect(tag).toHaveText('#promo');
  await expect(tag).toHaveCSS('text-transform', 'none');

  // ── the list view's thumbnails fit their box (icon and caption not cut) ────
  const link = await page.request.post('/api/content', {
    data: { title: 'Menu link', type: 'link', url: 'https://menu.example.com/dates', body: 'Our menu' },
  });
  expect(link.status()).toBe(201);
  await page.reload();
  await page.getByTestId('content-view').locator('label').nth(1).click();
  const row = page.getByTestId('content-row').filter({ hasText: 'Menu link' });
  await expect(row).toBeVisible();
  const box = await row.getByTestId('content-thumb-box').boundingBox();
  const icon = await row.getByTestId('content-thumb-icon').boundingBox();
  const caption = await row.getByTestId('content-thumb-caption').boundingBox();
  if (!box || !icon || !caption) throw new Error('thumbnail not laid out');
  expect(icon.y).toBeGreaterThanOrEqual(box.y);
  expect(caption.y + caption.height).toBeLessThanOrEqual(box.y + box.height + 0.5);
});
