import { expect, type Page, test } from '@playwright/test';
import { registerVerified, signInUi } from './fixtures.ts';

/**
 * The visual email builder: blocks added and moved by keyboard, set up in
 * the settings panel, the brand's colour applied, and the design sent as a test email whose HTML
 * is MJML's table layout with the marketer's button and the footer's unsubscribe link.
 */

const ready = (page: Page) => expect(page.getByTestId('email-builder')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
const canvas = (page: Page) => page.frameLocator('[data-testid="builder-canvas"] iframe.gjs-frame');

async function signedIn(page: Page, tag: string) {
  const email = await registerVerified(page.request, tag);
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
}

test('the launcher builds an email by keyboard, with the brand colour, and sends it as a test', async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, 'e2e.builder.launcher');
  const brand = await page.request.post('/api/brands', { data: { name: 'Dune Coffee', colors: ['#7a3e12'] } });
  expect(brand.status()).toBe(201);
  const brandId = (await brand.json()).data.id as number;
  // the launcher checks each step on the way: an audience comes before the content
  const group = await (await page.request.post('/api/groups', { data: { group_name: 'Builder list', type: 'static' } })).json();
  const draft = await page.request.post('/api/campaigns', {
    data: { name: 'Builder mail', brand_id: brandId, channels: ['email'], audience: { group_ids: [group.data.id] } },
  });
  expect(draft.status()).toBe(201);
  const id = (await draft.json()).data.id as number;

  await page.goto(`/campaign/${id}`);
  await page.getByTestId('launcher-step-content').click();
  await page.getByTestId('content-email-mode').getByText('Visual builder').click();
  await ready(page);
  await page.getByTestId('content-email-subject').fill('Fresh beans for {{first_name}}');
  // the starter design: the brand's name in a header band of its colour, and the unsubscribe footer
  await expect(canvas(page).getByText('Dune Coffee').first()).toBeVisible();
  await expect(canvas(page).getByText('Unsubscribe')).toBeVisible();

  // keyboard: select the heading through the outline, then Tab to the palette's Button and press Enter
  const layers = page.getByTestId('builder-layer');
  await page.getByTestId('builder-tab-outline').click();
  const before = await layers.count();
  await layers.filter({ hasText: 'Your headline here' }).last().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('builder-announce')).toHaveText(/Selected: Text/);
  await page.getByTestId('builder-block-button').focus();
  await page.keyboard.press('Enter');
  await expect(layers).toHaveCount(before + 1);
  await page.getByTestId('builder-tab-settings').click();
  await expect(page.getByTestId('builder-settings')).toHaveAttribute('data-type', 'mj-button');
  const label = page.getByTestId('builder-field-label');
  await label.fill('Order today');
  await label.press('Enter');
  const link = page.getByTestId('builder-field-href');
  await link.fill('not a link');
  await expect(page.getByTestId('builder-settings')).toContainText('Enter an address starting with https://');
  await link.fill('https://dune.example/order');
  await link.press('Enter');
  await expect(canvas(page).getByText('Order today')).toBeVisible();
  // the new button wears the brand's colour
  await expect(canvas(page).locator('a', { hasText: 'Order today' })).toHaveCSS('background-color', 'rgb(122, 62, 18)');

  // a divider after the button, then moved above it with the keyboard
  await page.getByTestId('builder-block-divider').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('builder-settings')).toHaveAttribute('data-type', 'mj-divider');
  await page.getByTestId('builder-action-up').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('builder-tab-outline').click();
  const order = await layers.allTextContents();
  expect(order.indexOf('Divider')).toBeLessThan(order.findIndex((l) => l.includes('Order today')));

  // the phone width, and back
  await page.getByTestId('builder-device').getByLabel('Phone').click();
  await expect
    .poll(async () => (await page.locator('[data-testid="builder-canvas"] iframe.gjs-frame').boundingBox())?.width ?? 0)
    .toBeLessThan(400);
  await page.getByTestId('builder-device').getByLabel('Desktop').click();

  await expect(page.getByTestId('launcher-save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
  const saved = (await (await page.request.get(`/api/campaigns/${id}`)).json()).data;
  expect(saved.content.email.mjml).toContain('Order today');
  expect(saved.content.email.html).toContain('https://dune.example/order');

  await page.getByTestId('launcher-test-send').click();
  await page.getByTestId('test-send-emails').fill('builder.tester@customer.example');
  await page.getByTestId('test-send-submit').click();
  let html = '';
  await expect
    .poll(
      async () => {
        const mail = (await (await page.request.get('/api/sandbox/mails?to=builder.tester@customer.example')).json()).data.items[0];
        html = mail?.html ?? '';
        return mail?.subject ?? '';
      },
      { timeout: 20_000 },
    )
    .toMatch(/^Fresh beans for/);
  // MJML's table layout, the button and the footer's unsubscribe link (no placeholder left)
  expect(html).toMatch(/<table[^>]+role="presentation"/);
  expect(html).toContain('Order today');
  // the button's link goes through click tracking to the marketer's address
  expect(html).toContain(encodeURIComponent('https://dune.example/order'));
  expect(html).not.toContain('{{unsubscribe_url}}');
});

test('an Arabic template is built right to left and saved as a design with its rendering', async ({ page }) => {
  test.setTimeout(90_000);
  await signedIn(page, 'e2e.builder.template');
  await page.goto('/template/new/email');
  await page.getByTestId('template-name').fill('Ramadan offer');
  await page.getByTestId('template-subject').fill('عرض رمضان لـ {{first_name}}');
  await page.getByTestId('template-body-mode').getByText('Visual builder').click();
  await ready(page);
  await page.getByTestId('builder-direction').getByLabel('Right to left').click();
  await expect(page.getByTestId('email-builder')).toHaveAttribute('data-dir', 'rtl');
  // a block added now carries Arabic sample text
  await page.getByTestId('builder-block-text').focus();
  await page.keyboard.press('Enter');
  await expect(canvas(page).getByText('أخبر عملاءك بالجديد')).toBeVisible();
  await page.getByTestId('template-save').click();
  await expect(page).toHaveURL(/\/template\/edit\/\d+$/);
  const id = Number(page.url().split('/').pop());
  const template = (await (await page.request.get(`/api/templates/template/${id}`)).json()).data;
  expect(template.mjml).toMatch(/<mjml[^>]*dir="rtl"/);
  expect(template.html).toMatch(/dir="rtl"/);
  expect(template.html).toContain('أخبر عملاءك بالجديد');

  // the preview renders it for a customer; leaving the builder keeps the rendering as HTML source
  await page.getByTestId('builder-preview').click();
  await expect(page.getByTestId('builder-preview-modal').getByTestId('email-preview-frame')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('template-body-mode').getByText('Rich text & HTML').click();
  await expect(page.getByTestId('email-builder')).toHaveCount(0);
});
