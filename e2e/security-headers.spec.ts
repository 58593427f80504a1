import { expect, type Page, test } from '@playwright/test';
import { signInUi } from './fixtures.ts';

/**
 * The Content-Security-Policy (and the other security headers) must not break the app: a walk
 * through the main screens, the email preview (a srcdoc frame with an image), the canvas editor,
 * the assistant and the API documentation in Chromium, failing on any CSP violation. Images load
 * only from the product's own origins and data: (an email's remote images do not show in its
 * preview: the srcdoc frame inherits the page's policy).
 */
function watchCsp(page: Page) {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(`${page.url()}: ${msg.text()}`);
  });
  return violations;
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

test('the app sends its security headers and no screen trips its Content-Security-Policy', async ({ page }) => {
  const violations = watchCsp(page);
  const res = await page.request.get('/');
  const csp = res.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/img-src[^;]* https:[ ;]/); // no image from any https origin
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
  expect(res.headers()['referrer-policy']).toBe('no-referrer');

  for (const path of ['/login', '/register', '/forget-password']) await visit(page, path);
  await signInUi(page, 'demo@risala.local', 'Demo@2026');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.waitForLoadState('networkidle');
  for (const path of [
    '/brand',
    '/sender-management',
    '/gateway/connections',
    '/template',
    '/template/new/email',
    '/content',
    '/customer',
    '/customer/groups',
    '/campaign',
    '/campaignhistory',
    '/message-history',
    '/message-history/new-sms',
    '/analytics',
    '/support',
    '/user-profile',
    '/profile',
    '/subscriptionplan',
    '/sandbox/inbox',
    '/canvas-editor',
  ]) {
    await visit(page, path);
    await expect(page.locator('body')).not.toBeEmpty();
  }

  // an email with an image, shown in its preview frame
  const created = await page.request.post('/api/templates/rich', {
    data: {
      template_name: `CSP preview ${Date.now()}`,
      subject: 'Hello',
      html: '<p style="color:#1c7ed6">Hello {{first_name|there}}</p><img src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==" alt="Banner" width="200">',
    },
  });
  expect(created.status()).toBe(201);
  await visit(page, `/template/edit/${(await created.json()).data.id}`);
  await expect(page.locator('iframe').first()).toBeVisible();

  // the assistant: its window, a streamed answer
  await page.getByTestId('chat-toggle').click();
  await expect(page.getByTestId('chat-status')).toHaveAttribute('data-status', 'online');
  await page.getByTestId('chat-input').fill('How many customers do I have?');
  await page.getByTestId('chat-input').press('Enter');
  await expect(page.getByTestId('chat-thinking')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('chat-message-bot').last()).not.toBeEmpty();

  // the API documentation (Swagger UI) renders under the same policy
  await visit(page, '/api/docs');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Risala API');

  expect(violations).toEqual([]);
});
