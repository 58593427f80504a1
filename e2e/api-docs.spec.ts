import { expect, test } from '@playwright/test';
import { useLanguage } from './a11y-audit.ts';
import { registerVerified, signInUi } from './fixtures.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/**
 * The API documentation screen in Chromium: reached from the account menu; authentication
 * explained; the examples copy as shown (curl and Node); the operations of the served OpenAPI
 * document found by a search and opened; "try it" with a wrong key answers 401; Arabic chrome
 * right to left with the code left to right.
 */
test('the API documentation explains, copies examples, finds operations and tries a call, in both languages', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.apidocs');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-api-docs').click();
  await expect(page).toHaveURL(/\/api-docs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API documentation' })).toBeVisible();
  await expect(page).toHaveTitle(/^API documentation · /);
  await expect(page.getByTestId('api-docs-auth')).toContainText('Idempotency-Key');
  await expect(page.getByTestId('api-docs-swagger-link')).toHaveAttribute('href', '/api/docs');

  // the curl example copies exactly as shown, with this server's address
  const curl = page.getByTestId('api-docs-example-sendSms-curl-code');
  await expect(curl).toContainText(`curl -X POST '${new URL(page.url()).origin}/api/v1/`);
  await page.getByTestId('api-docs-example-sendSms-curl-copy').click();
  await expect(page.getByTestId('api-docs-example-sendSms-curl-copy')).toHaveAttribute('data-copied', 'true');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await curl.textContent());
  // another language: its tab, by keyboard too
  await page.getByTestId('api-docs-lang-curl').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('api-docs-lang-node')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('api-docs-example-verifyWebhook-node-code')).toContainText('timingSafeEqual');

  // the operations: all of them, then those the search finds
  const count = page.getByTestId('api-docs-count');
  // the document is built on the server's first request for it: a few seconds on a busy machine
  await expect(count).toHaveText(/^\d+ operations$/, { timeout: 30_000 });
  const all = Number(((await count.textContent()) ?? '').replace(/\D/g, ''));
  expect(all).toBeGreaterThan(200);
  await page.getByTestId('api-docs-search').fill('export csv');
  const exportOp = page.locator('[data-testid="api-docs-operation"][data-operation-id="exportCustomersCsv"]');
  await expect(exportOp).toBeVisible();
  await expect(count).not.toHaveText(`${all} operations`);
  await exportOp.locator('summary').click();
  await expect(exportOp).toContainText('Responses');
  await expect(exportOp).toContainText('401');
  await page.getByTestId('api-docs-search').fill('no such operation anywhere');
  await expect(page.getByTestId('api-docs-no-match')).toBeVisible();
  await page.getByTestId('api-docs-search').fill('');

  // try it: a wrong key is refused by the server, and the answer is shown
  const tryNone = page.getByTestId('api-docs-try-none');
  if ((await tryNone.count()) === 0) {
    await page.getByTestId('api-docs-try-client-id').fill('rk_AAAAAAAAAAAAAAAA');
    await page.getByTestId('api-docs-try-password').fill('not-the-password');
    await page.getByTestId('api-docs-try-send').click();
    const problemOrAnswer = page.getByTestId('api-docs-try-answer').or(page.getByTestId('api-docs-try-problem'));
    await expect(problemOrAnswer).toBeVisible();
    // a required parameter first asks to be filled; a send with its body goes to the server
    if (await page.getByTestId('api-docs-try-answer').isVisible()) {
      await expect(page.getByTestId('api-docs-try-answer')).toHaveAttribute('data-status', '401');
    }
  }

  // Arabic: the chrome right to left, the code left to right
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar', { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'توثيق واجهة البرمجة' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // the Node tab is still the chosen one
  await expect(page.getByTestId('api-docs-example-sendSms-node-code')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByTestId('api-docs-search')).toBeVisible();
  await useLanguage(page, 'en');
});
