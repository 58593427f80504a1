import { expect, test } from '@playwright/test';
import { registerVerified, signInUi } from './fixtures.ts';

/**
 * Every main screen in Arabic is screenshotted and its chrome (navigation,
 * headings, labels, buttons, tabs, table headers) read: no Latin-only word is left untranslated,
 * bar names the product keeps in Latin letters (WhatsApp, SMS, CSV…). User data is not chrome.
 */
const SCREENS = [
  '/dashboard',
  '/brand',
  '/sender-management',
  '/template',
  '/template/whatsapp',
  '/content',
  '/customer',
  '/customer/groups',
  '/customer/import',
  '/campaign',
  '/campaignhistory',
  '/message-history',
  '/analytics',
  '/profile',
  '/support',
];
/** Names and abbreviations written in Latin letters in Arabic too. */
const KEPT = new Set([
  'Risala',
  'WhatsApp',
  'SMS',
  'CSV',
  'XLSX',
  'Excel',
  'Meta',
  'AI',
  'API',
  'URL',
  'HTML',
  'SMTP',
  'SMPP',
  'ID',
  'IP',
  'OTP',
  'GMT',
  'PDF',
  'JPG',
  'PNG',
  'DNS',
  'SendGrid',
  'UTF',
  'MB',
  'KB',
  'A',
  'B',
  'DKIM',
  'SPF',
  'DMARC',
  'MJML',
  'Business',
  'Cloud',
  'Google',
  'Microsoft',
  'Outlook',
  'Gmail',
  'SAR',
  'USD',
  'EN',
  'UTF',
  'xlsx',
]);
const CHROME =
  'nav a, nav button, header button, main h1, main h2, main h3, main label, main th, main td, main p, main button, [role="tab"], main legend, main .mantine-Badge-label, main input[readonly]';

test('every main screen in Arabic: chrome without Latin-only words, screenshotted at 1440 and 390 px', async ({ page, request }) => {
  test.setTimeout(240_000);
  const email = await registerVerified(request, 'e2e.ux.arabic');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  // data the screens show in words: a country, a language, the account's time zone
  const customer = { first_name: 'Huda', mobile_number: '+966553200001', country: 'SA', language: 'en', city: 'Riyadh' };
  expect((await page.request.post('/api/customer', { data: customer })).status()).toBe(201);
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  const found: string[] = [];
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    for (const path of SCREENS) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      if (width === 1440) {
        // the chrome's own words: user text inside it (isolated, or written left to right) is left out
        const texts = await page.locator(CHROME).evaluateAll((els) =>
          els
            .filter(
              (el) => (el as HTMLElement).offsetParent !== null && !el.closest('[data-user-text], bdi, [dir="ltr"], .ltr-value, code'),
            )
            .map((el) => {
              if (el instanceof HTMLInputElement) return el.value.trim();
              const copy = el.cloneNode(true) as HTMLElement;
              copy.querySelectorAll('[data-user-text], bdi, [dir="ltr"], .ltr-value, code').forEach((user) => {
                user.remove();
              });
              return (copy.textContent ?? '').trim();
            }),
        );
        for (const text of texts) {
          for (const word of text.match(/[A-Za-z]+(?:[-'][A-Za-z]+)*/g) ?? [])
            if (!KEPT.has(word)) found.push(`${path}: "${word}" in "${text}"`);
        }
      }
      await page.screenshot({ path: `test-results/ux-arabic/${width}${path.replaceAll('/', '_')}.png` });
    }
  }
  expect([...new Set(found)]).toEqual([]);
});
