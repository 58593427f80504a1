import { expect, test } from '@playwright/test';
import { DEMO, PHONE_SIZE, seedDemoActivity, trackRequests, useLanguage } from './a11y-audit.ts';
import { signInUi, sql } from './fixtures.ts';
import { signedInRoutes } from './routes.ts';

/**
 * At 390 px nothing scrolls sideways: not the document, and not a table inside its own scroller —
 * lists become cards on a phone. Every signed-in screen with the demo account's data, in English
 * and Arabic.
 */
test.use({ viewport: PHONE_SIZE });

/** What is wider than the viewport on the page as it is: the document, then each table or wide scroller. */
function overflow() {
  const width = document.documentElement.clientWidth;
  const found: string[] = [];
  if (document.documentElement.scrollWidth > width + 1) {
    found.push(`document ${document.documentElement.scrollWidth}px`);
  }
  for (const table of Array.from(document.querySelectorAll('main table'))) {
    const w = (table as HTMLElement).scrollWidth;
    if (w > width + 1 && (table as HTMLElement).offsetParent !== null) {
      const id = table.closest('[data-testid]')?.getAttribute('data-testid') ?? table.getAttribute('data-testid') ?? 'table';
      found.push(`table ${id} ${w}px`);
    }
  }
  return found;
}

test('no screen scrolls sideways at 390 px, in English and Arabic', async ({ page }) => {
  test.setTimeout(900_000);
  const inflight = trackRequests(page);
  await sql(`update users set language = 'en' where email = $1`, [DEMO.email]);
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await signInUi(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard/);
  await seedDemoActivity(page);
  const routes = (await signedInRoutes()).filter((r) => r !== '/no-such-page');
  const wide: string[] = [];
  try {
    for (const lang of ['en', 'ar'] as const) {
      await page.goto('/dashboard');
      await useLanguage(page, lang);
      for (const route of routes) {
        // a fresh load per route: measuring never sees the previous screen still drawn
        await page.goto(route);
        await expect(page.locator('main')).toBeVisible();
        await expect(page.getByTestId('page-loader')).toHaveCount(0);
        // the data of the screen drawn: no request for a quiet moment
        await expect.poll(() => inflight.size, { timeout: 10_000 }).toBe(0);
        await page.waitForTimeout(150);
        for (const what of await page.evaluate(overflow)) wide.push(`${lang} ${route}: ${what}`);
        // PHONE_SHOTS=/tmp/dir: a look at each screen as a marketer sees it
        if (process.env.PHONE_SHOTS) {
          await page.screenshot({ path: `${process.env.PHONE_SHOTS}/${lang}${route.replaceAll('/', '_')}.png`, fullPage: true });
        }
      }
    }
  } finally {
    await sql(`update users set language = 'en' where email = $1`, [DEMO.email]);
  }
  console.log(wide.join('\n'));
  expect(wide).toEqual([]);
});
