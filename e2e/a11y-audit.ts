import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request } from '@playwright/test';
import { sql } from './fixtures.ts';

/**
 * The axe-core run of `a11y.spec.ts`: in-app navigation, waiting for a screen's data, one axe pass
 * per state (WCAG 2.1 A/AA rules, violations only) and the report. Critical and serious findings fail.
 */

export const DEMO = { email: 'demo@risala.local', password: 'Demo@2026' };
export const BLOCKING = new Set(['critical', 'serious']);
export const PHONE_SIZE = { width: 390, height: 844 };

export interface Finding {
  where: string;
  rule: string;
  impact: string;
  nodes: number;
  help: string;
  target: string;
}

/** Requests in flight on the page (streams left out: the dashboard's live events never finish). */
export function trackRequests(page: Page) {
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
export async function visit(page: Page, route: string) {
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, route);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === route);
}

/** One axe pass over the page as it is, or over the part `within` selects (an open overlay). */
export async function audit(page: Page, inflight: Set<Request>, where: string, findings: Finding[], within?: string) {
  const t0 = Date.now();
  await settle(page, inflight);
  // menus, drawers and dialogs animate in: check them as they end up, not half-faded (endless
  // animations, a skeleton's pulse or the live dot, left aside)
  await page
    .waitForFunction(
      () =>
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => {});
  const t1 = Date.now();
  // violations only: collecting passes and incomplete results doubles axe's time for nothing here
  const builder = new AxeBuilder({ page });
  if (within) builder.include(within);
  const { violations } = await builder
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

export function report(findings: Finding[]) {
  const blocking = findings.filter((f) => BLOCKING.has(f.impact));
  const byImpact: Record<string, number> = {};
  for (const f of findings) byImpact[f.impact] = (byImpact[f.impact] ?? 0) + f.nodes;
  console.log(`axe: nodes by impact ${JSON.stringify(byImpact)}`);
  for (const f of blocking) console.log(`  [${f.impact}] ${f.where} ${f.rule} ×${f.nodes}: ${f.help} — ${f.target}`);
  return blocking;
}

/** Sets the reader's language on the signed-in demo account (the top bar's toggle) unless it is already on. */
export async function useLanguage(page: Page, lang: 'en' | 'ar') {
  if ((await page.locator('html').getAttribute('lang')) !== lang) await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

const SAMPLE_GROUP = 'A11y sample';
const SAMPLE_CAMPAIGN = 'A11y weekend offer';

/**
 * Activity for the demo account, which starts with customers only: messages on three channels
 * from several senders over the last days (the dashboard's charts and channel table, Message
 * History) and a campaign sent to three customers (Campaign History and its report). Written once:
 * a retry or a second test finds them there.
 */
export async function seedDemoActivity(page: Page) {
  const [{ account_id }] = await sql('select account_id from users where email = $1', [DEMO.email]);
  const [{ n }] = await sql(`select count(*)::int as n from messages where account_id = $1 and bulk_id = 'e2e-a11y'`, [account_id]);
  if (n === 0) {
    // the rollup triggers count them as any writer's; long senders make the channel table wide
    await sql(
      `insert into messages (account_id, channel, status, stage, bulk_id, recipient, sender, credits, sent_at, delivered_at, failed_at,
                             error_code, created_at)
       select $1, c.channel, case when g % 7 = 0 then 'FAILED' else 'DELIVERED' end, 'done', 'e2e-a11y', c.recipient, c.sender, 1,
              now(), case when g % 7 <> 0 then now() end, case when g % 7 = 0 then now() end, case when g % 7 = 0 then 'UNDELIV' end,
              now() - (g % 6) * interval '1 day'
         from generate_series(1, 36) g
         cross join lateral (select case g % 3 when 0 then 'whatsapp' when 1 then 'sms' else 'email' end as channel) k
         cross join lateral (select k.channel,
                                    case k.channel when 'email' then 'reader' || g || '@mail.example' else '+9665000002' || lpad(g::text, 2, '0') end as recipient,
                                    case k.channel when 'email' then 'offers-and-news@risala-demo-store.example' when 'sms' then 'RisalaStore'
                                                   else '+966 50 000 0000' end as sender) c`,
      [account_id],
    );
  }
  const api = page.request;
  const campaigns = (await (await api.get(`/api/campaigns?search=${encodeURIComponent(SAMPLE_CAMPAIGN)}`)).json()).data.items;
  if (campaigns.length > 0) return;
  // a retried run finds the group it made before
  let [group] = await sql('select id from customer_groups where account_id = $1 and group_name = $2', [account_id, SAMPLE_GROUP]);
  if (!group) {
    const created = await api.post('/api/groups', { data: { group_name: SAMPLE_GROUP, type: 'static' } });
    expect(created.status(), await created.text()).toBe(201);
    group = (await created.json()).data;
  }
  const customers = await sql('select id::int as id from customers where account_id = $1 and consent_sms order by id limit 3', [
    account_id,
  ]);
  const added = await api.post(`/api/groups/${group.id}/members`, { data: { customer_ids: customers.map((c) => c.id) } });
  expect(added.status(), await added.text()).toBe(200);
  const brands = (await (await api.get('/api/brands?limit=1')).json()).data.items;
  const draft = await api.post('/api/campaigns', {
    data: {
      name: SAMPLE_CAMPAIGN,
      brand_id: brands[0].id,
      channels: ['sms'],
      audience: { group_ids: [group.id] },
      content: { sms: { text: 'Hello {{first_name|friend}}, our weekend offer is live' } },
    },
  });
  expect(draft.status()).toBe(201);
  const id = (await draft.json()).data.id;
  expect((await api.post(`/api/campaigns/${id}/deploy`, { data: {} })).status()).toBe(201);
  await expect
    .poll(async () => (await (await api.get(`/api/campaigns/${id}`)).json()).data.status, { timeout: 60_000 })
    .toMatch(/^COMPLETED/);
}
