import { expect, test } from '@playwright/test';
import { registerVerified, signInUi, sql } from './fixtures.ts';

test('a new user lands on a getting-started checklist that follows what they do, in both languages', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.dashboard');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  const checklist = page.getByTestId('getting-started');
  await expect(checklist).toHaveAttribute('data-done', '0');
  await expect(page.getByTestId('getting-started-progress')).toHaveText('0 of 6 done');
  // each channel's credits on their own line (an SMS credit is not an email credit)
  await expect(page.getByTestId('kpi-creditsLeft-value')).toContainText('SMS');
  await expect(page.getByTestId('kpi-creditsLeft')).toContainText('None used in the last 30 days');

  // the step's button goes where the step is done
  await page.getByTestId('step-brand-action').click();
  await expect(page).toHaveURL(/\/brand$/);
  expect((await page.request.post('/api/brands', { data: { name: 'Dune Coffee' } })).status()).toBe(201);
  await page.goto('/dashboard');
  await expect(page.getByTestId('step-brand')).toHaveAttribute('data-done', 'true');
  await expect(page.getByTestId('getting-started-progress')).toHaveText('1 of 6 done');
  await expect(page.getByTestId('step-brand-action')).toHaveCount(0);

  await page.getByTestId('language-toggle').click();
  await expect(page.getByTestId('getting-started-progress')).toHaveText('أُنجز 1 من 6');
  await expect(page.getByTestId('step-customers')).toContainText('أضف عملاءك');
});

/** Sign in as the demo account (a brand, 500 customers in "Demo customers", the sandbox SMPP connection). */
async function signInDemo(page: import('@playwright/test').Page) {
  await signInUi(page, 'demo@risala.local', 'Demo@2026');
  await expect(page).toHaveURL(/\/dashboard/);
}

test('the dashboard counts move while a campaign to the demo group runs, without a reload', async ({ page }) => {
  await signInDemo(page);
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'live');
  const sent = page.getByTestId('kpi-sent-value');
  await expect(sent).toBeVisible();
  const before = Number((await sent.textContent())?.replace(/\D/g, '') || 0);
  // a marker that a reload would wipe
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  const brands = (await (await page.request.get('/api/brands?limit=1')).json()).data.items;
  const groups = (await (await page.request.get('/api/groups?search=Demo%20customers')).json()).data.items;
  const draft = await page.request.post('/api/campaigns', {
    data: {
      name: `Live dashboard ${Date.now()}`,
      brand_id: brands[0].id,
      channels: ['sms'],
      audience: { group_ids: [groups[0].id] },
      content: { sms: { text: 'Hello {{first_name|friend}}, our new branch opens today' } },
    },
  });
  expect(draft.status()).toBe(201);
  const id = (await draft.json()).data.id;
  expect((await page.request.post(`/api/campaigns/${id}/deploy`, { data: {} })).status()).toBe(201);

  // the live stream refreshes the figures: sent grows past what it was, on the same page
  await expect.poll(async () => Number((await sent.textContent())?.replace(/\D/g, '') || 0), { timeout: 45_000 }).toBeGreaterThan(before);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await expect(page.getByTestId('chart-top-delivered')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
});

test('in Arabic the charts read from the right: the first day on the right, the scale and tooltip right-to-left', async ({
  page,
  request,
}) => {
  const email = await registerVerified(request, 'e2e.dashrtl');
  const [{ account_id: accountId }] = await sql('select account_id from users where email = $1', [email]);
  // SMS and WhatsApp over the last days (the rollup triggers count them as any writer's)
  await sql(
    `insert into messages (account_id, channel, status, stage, bulk_id, recipient, sender, credits, sent_at, delivered_at, created_at)
     select $1, case when g % 3 = 0 then 'whatsapp' else 'sms' end, 'DELIVERED', 'done', 'e2e-rtl', '+9665000001' || lpad(g::text, 2, '0'), 'E2E', 1,
            now(), now(), now() - (g % 5) * interval '1 day'
       from generate_series(1, 30) g`,
    [accountId],
  );
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const chart = page.getByTestId('chart-series');
  await expect(chart).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(chart).toContainText('الرسائل عبر الزمن');
  // the chart library loads as the chart comes into view (a skeleton of its size holds the place)
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('.recharts-xAxis-tick-labels text').first()).toBeAttached({ timeout: 15_000 });
  const geometry = await chart.evaluate((el) => {
    // recharts 3 draws the ticks in layers of their own, apart from the axis groups
    const xTicks = Array.from(el.querySelectorAll('.recharts-xAxis-tick-labels text')).map((t) => t.getBoundingClientRect().x);
    const yAxis = el.querySelector('.recharts-yAxis-tick-labels')?.getBoundingClientRect();
    const grid = el.querySelector('.recharts-cartesian-grid')?.getBoundingClientRect();
    return { first: xTicks[0], last: xTicks.at(-1), yAxisX: yAxis?.x ?? 0, gridX: grid?.x ?? 0, gridRight: grid?.right ?? 0 };
  });
  expect(geometry.first, 'the first bucket is on the right').toBeGreaterThan(geometry.last as number);
  expect(geometry.yAxisX, 'the value axis stands right of the plot').toBeGreaterThan(geometry.gridRight - 8);
  expect(geometry.yAxisX).toBeGreaterThan((geometry.gridX + geometry.gridRight) / 2);
  // the axis labels are Arabic dates
  await expect(chart.locator('.recharts-xAxis-tick-labels')).toContainText(
    /يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر/,
  );
  // hover today's bar (the leftmost in Arabic): the tooltip is laid out right-to-left, in Arabic
  await chart.locator('.recharts-bar-rectangle path').last().hover();
  const tooltip = chart.locator('.mantine-ChartTooltip-tooltip').filter({ visible: true });
  await expect(tooltip).toBeVisible();
  expect(await tooltip.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  await expect(tooltip).toContainText(/الرسائل القصيرة|SMS|واتساب|البريد/);
  // a table view behind the chart, for screen readers and for anyone who asks
  await page.getByTestId('chart-series-toggle').click();
  await expect(page.getByTestId('chart-series-table')).toBeVisible();
  await expect(page.getByTestId('chart-series-table').locator('th').first()).toHaveText(/اليوم|الأسبوع|الساعة/);
});

test('a failure reason opens Message History filtered to its messages', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.dashfail');
  const [{ account_id: accountId }] = await sql('select account_id from users where email = $1', [email]);
  await sql(
    `insert into messages (account_id, channel, status, stage, bulk_id, recipient, sender, credits, sent_at, failed_at, error_code)
     select $1, 'sms', 'FAILED', 'done', 'e2e-fail', '+9665000000' || lpad(g::text, 2, '0'), 'E2E', 1, now(), now(), case when g <= 3 then 'UNDELIV' else 'EXPIRED' end
       from generate_series(1, 5) g`,
    [accountId],
  );
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  const links = page.getByTestId('failure-link');
  await expect(links).toHaveCount(2);
  await expect(links.first()).toHaveText('The operator could not deliver it');
  await links.first().click();
  await expect(page).toHaveURL(/\/message-history\?.*status=FAILED.*error_code=UNDELIV/);
  await expect(page.getByTestId('message-filter-reason')).toContainText('UNDELIV');
  await expect(page.getByTestId('message-total')).toContainText('3');
  // the CSV of a chart downloads with the reason texts
  await page.goBack();
  await page.getByTestId('chart-failures-menu').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('chart-failures-csv').click();
  expect((await download).suggestedFilename()).toMatch(/^chart-failures-\d{4}-\d{2}-\d{2}\.csv$/);
});
