import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request, test } from '@playwright/test';
import { signInUi, sql } from './fixtures.ts';

/**
 * axe-core over every screen, in English and Arabic, and the key ones at phone width: a critical or
 * serious violation fails CI. One browser context, the routes in a loop (lean: CI time is shared).
 * Signed in as the demo account so lists, tables and pagination have rows to show.
 */

const DEMO = { email: 'demo@risala.local', password: 'Demo@2026' };
const BLOCKING = new Set(['critical', 'serious']);

const PUBLIC = [
  '/login',
  '/register',
  '/forget-password',
  '/reset-password',
  '/otp-login',
  '/otp-register',
  '/otp-verify',
  '/sandbox/inbox',
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
    '/subscriptionplan',
    '/canvas-editor',
    '/analytics',
    '/no-such-page',
  ];
}

/** The key screens also checked at 390 px (the phone layout: drawer navigation, stacked forms). */
const PHONE = ['/dashboard', '/customer', '/campaign', '/template', '/message-history'];

interface Finding {
  where: string;
  rule: string;
  impact: string;
  nodes: number;
  help: string;
  target: string;
}

/** Requests in flight on the page (streams left out: the dashboard's live events never finish). */
function trackRequests(page: Page) {
  const inflight = new Set<Request>();
  const streaming = (r: Request) => r.resourceType() === 'eventsource' || r.url().includes('/events');
  page.on('request', (r) => !streaming(r) && inflight.add(r));
  page.on('requestfinished', (r) => inflight.delete(r));
  page.on('requestfailed', (r) => inflight.delete(r));
  return inflight;
}

/** The page has drawn its data: no loader, and no request for a quiet moment (at most 5 s). */
async function settle(page: Page, inflight: Set<Request>) {
  await expect(page.getByTestId('page-loader')).toHaveCount(0);
  const deadline = Date.now() + 5_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inflight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 250) break;
    await page.waitForTimeout(50);
  }
}

/**
 * In-app navigation (the router follows popstate): no reload, so each screen costs what the user
 * waits for, not a fresh bundle — the suite visits ~100 screens.
 */
async function visit(page: Page, route: string) {
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, route);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === route);
}

async function audit(page: Page, inflight: Set<Request>, where: string, findings: Finding[]) {
  const t0 = Date.now();
  await settle(page, inflight);
  const t1 = Date.now();
  // violations only: collecting passes and incomplete results doubles axe's time for nothing here
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  // A11Y_SHOTS=<dir>: a picture of each screen as checked, to look the theme over by eye
  if (process.env.A11Y_SHOTS) await page.screenshot({ path: `${process.env.A11Y_SHOTS}/${where.replace(/[^a-z0-9]+/gi, '_')}.png` });
  // every screen has its own title ("Customers · Risala"), not just the product's name
  expect.soft(await page.title(), where).toContain(' · ');
  if (process.env.A11Y_TIMING) console.log(`${where}: settle ${t1 - t0} ms, axe ${Date.now() - t1} ms`);
  for (const v of violations) {
    findings.push({
      where,
      rule: v.id,
      impact: v.impact ?? 'unknown',
      nodes: v.nodes.length,
      help: v.help,
      target: v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | '),
    });
  }
}

function report(findings: Finding[]) {
  const blocking = findings.filter((f) => BLOCKING.has(f.impact));
  const byImpact: Record<string, number> = {};
  for (const f of findings) byImpact[f.impact] = (byImpact[f.impact] ?? 0) + f.nodes;
  console.log(`axe: nodes by impact ${JSON.stringify(byImpact)}`);
  for (const f of blocking) console.log(`  [${f.impact}] ${f.where} ${f.rule} ×${f.nodes}: ${f.help} — ${f.target}`);
  return blocking;
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
    const routes = await signedInRoutes();
    for (const lang of ['en', 'ar'] as const) {
      if (lang === 'ar') {
        await page.getByTestId('language-toggle').click();
        await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
      }
      for (const route of routes) {
        await visit(page, route);
        await audit(page, inflight, `${lang} ${route}`, findings);
      }
      await page.setViewportSize({ width: 390, height: 844 });
      for (const route of PHONE) {
        await visit(page, route);
        await audit(page, inflight, `${lang} 390px ${route}`, findings);
      }
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  } finally {
    // the demo account is shared with other specs: leave it in English
    await sql(`update users set language = 'en' where email = $1`, [DEMO.email]);
    report(findings);
  }
  expect(findings.filter((f) => BLOCKING.has(f.impact))).toEqual([]);
});
