import { expect, type Page, test } from '@playwright/test';
import {
  audit,
  BLOCKING,
  DEMO,
  type Finding,
  PHONE_SIZE,
  report,
  seedDemoActivity,
  trackRequests,
  useLanguage,
  visit,
} from './a11y-audit.ts';
import { signInUi, sql } from './fixtures.ts';

/**
 * axe-core over every screen, in English and Arabic, then over the states a route alone does not
 * show (selected rows, open menus, drawers and dialogs) and the main screens at phone width: a
 * critical or serious violation fails CI. One browser context per test, the routes in a loop (lean:
 * CI time is shared). Signed in as the demo account, given messages and a sent campaign, so lists,
 * tables, charts and pagination have rows to show.
 */

const PUBLIC = [
  '/login',
  '/register',
  '/forget-password',
  '/reset-password',
  '/otp-login',
  '/otp-register',
  '/otp-verify',
  '/sandbox/inbox',
  '/accept-invitation',
];

async function signedInRoutes(): Promise<string[]> {
  const [{ account_id }] = await sql('select account_id from users where email = $1', [DEMO.email]);
  const first = async (q: string) => (await sql(q, [account_id]))[0]?.id as number | undefined;
  // a blacklist of its own so the detail page has something to show (the demo data has none)
  let blacklist = await first('select id from blacklists where account_id = $1 order by id limit 1');
  if (!blacklist) {
    [{ id: blacklist }] = await sql(
      `insert into blacklists (account_id, blacklist_name, blacklist_type) values ($1, 'Opted out', 'MT') returning id`,
      [account_id],
    );
  }
  const ids = {
    customer: await first('select id from customers where account_id = $1 order by id limit 1'),
    group: await first('select id from customer_groups where account_id = $1 order by id limit 1'),
    template: await first('select id from templates where account_id = $1 order by id limit 1'),
    connection: await first('select id from connections where account_id = $1 order by id limit 1'),
  };
  return [
    '/dashboard',
    '/brand',
    '/content',
    '/customer',
    '/customer/import',
    `/customer/${ids.customer}`,
    '/customer/groups',
    `/customer/groups/${ids.group}`,
    '/customer/blacklists',
    `/customer/blacklists/${blacklist}`,
    '/template',
    '/template/new/sms',
    '/template/new/email',
    `/template/edit/${ids.template}`,
    '/template/whatsapp',
    '/sender-management',
    '/sender-management/email',
    '/sender-management/sms',
    '/sender-management/whatsapp',
    '/sender-management/routers',
    '/sender-management/rules',
    '/sender-management/plugins',
    '/sender-management/connections',
    ...(ids.connection ? [`/sender-management/connections/${ids.connection}`] : []),
    '/message-history',
    '/message-history/new-sms',
    '/message-history/new-whatsapp',
    '/message-history/new-email',
    '/campaign',
    '/campaign/batches',
    '/campaignhistory',
    '/help',
    '/ai-settings',
    '/support',
    '/user-profile',
    '/profile',
    '/roles',
    '/webhooks',
    '/company',
    '/notification-settings',
    '/users',
    '/subscriptionplan',
    '/canvas-editor',
    '/analytics',
    '/no-such-page',
  ];
}

test('every screen has no critical or serious axe violation, in English and Arabic', async ({ page }) => {
  // ~100 screens; about 2 min on an idle machine, far more on a shared one
  test.setTimeout(900_000);
  const findings: Finding[] = [];
  const inflight = trackRequests(page);
  try {
    for (const lang of ['en', 'ar'] as const) {
      await page.goto('/login');
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      for (const route of PUBLIC) {
        await visit(page, route);
        await audit(page, inflight, `${lang} ${route}`, findings);
      }
    }
    await sql(`update users set language = 'en' where email = $1`, [DEMO.email]);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await signInUi(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/\/dashboard/);
    await seedDemoActivity(page);
    const routes = await signedInRoutes();
    for (const lang of ['en', 'ar'] as const) {
      // the toggle is in the top bar, which the last route (not found) has not
      await visit(page, '/dashboard');
      await useLanguage(page, lang);
      for (const route of routes) {
        await visit(page, route);
        await audit(page, inflight, `${lang} ${route}`, findings);
      }
    }
  } finally {
    // the demo account is shared with other specs: leave it in English
    await sql(`update users set language = 'en' where email = $1`, [DEMO.email]);
    report(findings);
  }
  expect(findings.filter((f) => BLOCKING.has(f.impact))).toEqual([]);
});

/** The demo account signed in (in English) with its activity, and the means to check its states. */
async function demoSession(page: Page) {
  const findings: Finding[] = [];
  const inflight = trackRequests(page);
  await sql(`update users set language = 'en' where email = $1`, [DEMO.email]);
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await signInUi(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard/);
  await seedDemoActivity(page);
  const byId = (id: string) => page.getByTestId(id);
  const check = (where: string, within?: string) => audit(page, inflight, where, findings, within);
  return {
    findings,
    byId,
    check,
    /** A screen drawn with its data (its code loads on the first visit: slow on a busy machine). */
    shows: (id: string) => expect(byId(id).first()).toBeVisible({ timeout: 30_000 }),
    /**
     * Opens a menu, drawer, dialog or popover with `open`, checks it once `shown` is visible, and
     * closes it with Escape. Only the overlay (portalled) is checked: the page under it has its own pass.
     */
    opened: async (where: string, open: () => Promise<void>, shown: string) => {
      await open();
      await expect(byId(shown)).toBeVisible();
      await check(where, '[data-portal]');
      await page.keyboard.press('Escape');
      await expect(byId(shown)).toBeHidden();
    },
  };
}

async function finish(findings: Finding[]) {
  // the demo account is shared with other specs: leave it in English
  await sql(`update users set language = 'en' where email = $1`, [DEMO.email]);
  report(findings);
}

/**
 * The states a route alone never shows, on the demo account's data: rows selected, a menu,
 * drawer, dialog or panel open. Each screen is loaded once and its states checked in turn.
 */
test('selected rows and open menus, drawers, dialogs and the chat, in English and Arabic', async ({ page }) => {
  test.setTimeout(900_000);
  const { findings, byId, check, shows, opened } = await demoSession(page);
  const [{ account_id }] = await sql('select account_id from users where email = $1', [DEMO.email]);
  const [{ id: customerId }] = await sql('select id from customers where account_id = $1 order by id limit 1', [account_id]);
  try {
    for (const lang of ['en', 'ar'] as const) {
      await useLanguage(page, lang);
      const at = (what: string) => `${lang} ${what}`;

      await visit(page, '/dashboard');
      await expect(byId('chart-channels')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
      await opened(at('/dashboard account menu'), () => byId('user-menu').click(), 'menu-profile');
      await opened(at('/dashboard notifications'), () => byId('notification-bell').click(), 'notification-panel');
      await opened(at('/dashboard chart menu'), () => byId('chart-channels-menu').click(), 'chart-channels-csv');
      await byId('chat-toggle').click();
      await expect(byId('chat-window')).toBeVisible();
      // a question and its answer: the conversation fills the window and scrolls
      const answers = await byId('chat-message-bot').count();
      await byId('chat-input').fill(
        lang === 'en' ? 'How many customers are in Demo customers?' : 'كم عدد العملاء في مجموعة Demo customers؟',
      );
      await byId('chat-input').press('Enter');
      await expect(byId('chat-message-bot')).toHaveCount(answers + 1, { timeout: 30_000 });
      await expect(byId('chat-thinking')).toBeHidden({ timeout: 30_000 });
      await check(at('/dashboard AI chat'), '[data-testid="chat-window"]');
      await byId('chat-minimize').click();
      await expect(byId('chat-window')).toBeHidden();

      await visit(page, '/customer');
      await shows('customer-row');
      await byId('customer-select-page').check();
      await expect(byId('customer-bulk-bar')).toBeVisible();
      await check(at('/customer rows selected'));
      await opened(at('/customer bulk delete dialog'), () => byId('bulk-delete').click(), 'bulk-confirm');
      await byId('customer-select-page').uncheck();
      await opened(at('/customer new customer dialog'), () => byId('customer-new').click(), 'customer-form');

      await visit(page, `/customer/${customerId}`);
      await shows('customer-delete');
      await opened(at('/customer/:id delete dialog'), () => byId('customer-delete').click(), 'customer-delete-confirm');

      await visit(page, '/template');
      await shows('template-new');
      await opened(at('/template new menu'), () => byId('template-new').click(), 'template-new-sms');

      await visit(page, '/message-history');
      await shows('message-row');
      await opened(at('/message-history message drawer'), () => byId('message-row').first().click(), 'message-detail');

      await visit(page, '/campaignhistory');
      await shows('campaign-row');
      const sample = byId('campaign-row').filter({ hasText: 'A11y weekend offer' });
      await opened(at('/campaignhistory report drawer'), () => sample.getByTestId('campaign-open').click(), 'campaign-report');
      await opened(at('/campaignhistory delete popover'), () => sample.getByTestId('campaign-delete').click(), 'campaign-delete-confirm');
    }
  } finally {
    await finish(findings);
  }
  expect(findings.filter((f) => BLOCKING.has(f.impact))).toEqual([]);
});

test.describe('at phone width', () => {
  test.use({ viewport: PHONE_SIZE });

  /** The main screens at 390 px with data (the dashboard's channel table, the lists' rows), and their drawers. */
  test('the main screens with data, in English and Arabic', async ({ page }) => {
    test.setTimeout(900_000);
    const { findings, byId, check, shows, opened } = await demoSession(page);
    try {
      for (const lang of ['en', 'ar'] as const) {
        await useLanguage(page, lang);
        const at = (what: string) => `${lang} 390px ${what}`;

        await visit(page, '/dashboard');
        await expect(byId('chart-channels')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
        // down to the last card: the charts below the fold draw as they come near
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await check(at('/dashboard'));
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect(byId('sidebar-toggle')).toHaveAttribute('aria-expanded', 'false');
        await byId('sidebar-toggle').click();
        await expect(byId('sidebar')).toBeInViewport();
        await check(at('/dashboard navigation open'), '[data-testid="sidebar"]');
        await byId('sidebar-toggle').click();
        await expect(byId('sidebar')).not.toBeInViewport();

        await visit(page, '/customer');
        await shows('customer-row');
        await byId('customer-select-page').check();
        await check(at('/customer rows selected'));
        await byId('customer-select-page').uncheck();

        for (const route of ['/campaign', '/template']) {
          await visit(page, route);
          await check(at(route));
        }

        await visit(page, '/campaignhistory');
        await shows('campaign-row');
        await check(at('/campaignhistory'));
        await opened(at('/campaignhistory report drawer'), () => byId('campaign-open').first().click(), 'campaign-report');

        await visit(page, '/message-history');
        await shows('message-row');
        await check(at('/message-history'));
        await opened(at('/message-history filters drawer'), () => byId('message-filters-open').click(), 'message-filters-apply');
        await opened(at('/message-history message drawer'), () => byId('message-row').first().click(), 'message-detail');
      }
    } finally {
      await finish(findings);
    }
    expect(findings.filter((f) => BLOCKING.has(f.impact))).toEqual([]);
  });
});
