import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { cutBadges, registerVerified, signInReviewer, signInUi, sql } from './fixtures.ts';
import { pickMoment } from './pickers.ts';

const ZONE = 'Asia/Riyadh'; // a new account's time zone

/**
 * A static group of `count` customers with an email address and email consent; every other one
 * also has a mobile number and SMS consent (so an SMS-then-email campaign splits them in half).
 */
async function mixedGroup(email: string, name: string, count: number, prefix: number) {
  const [{ account_id }] = await sql('select account_id from users where email = $1', [email]);
  const [{ id }] = await sql(
    `insert into customer_groups (account_id, group_name, type, status) values ($1, $2, 'static', 'ACTIVE') returning id`,
    [account_id, name],
  );
  await sql(
    `with c as (
       insert into customers (account_id, first_name, email, consent_email, consent_email_source, consent_email_at,
                              mobile_number, consent_sms, consent_sms_source, consent_sms_at)
       select $1, 'Customer' || g, 'c' || ($3::bigint + g)::text || '@customer.example', true, 'e2e', now(),
              case when g % 2 = 0 then '+9665' || ($3::bigint + g)::text end, g % 2 = 0,
              case when g % 2 = 0 then 'e2e' end, case when g % 2 = 0 then now() end
         from generate_series(1, $2::int) g
       returning id)
     insert into group_members (account_id, group_id, customer_id) select $1, $4, id from c`,
    [account_id, count, prefix, id],
  );
  return { accountId: Number(account_id), groupId: Number(id) };
}

async function createBrand(request: APIRequestContext, name: string) {
  const res = await request.post('/api/brands', { data: { name } });
  expect(res.status()).toBe(201);
  return (await res.json()).data.id as number;
}

/** A wall time `minutes` from now in the account's zone ('YYYY-MM-DDTHH:mm'), for the schedule pickers. */
function zonedStamp(minutes: number) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const get = (t: string) => parts.find((p) => p.type === t)?.value;
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

async function pick(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).click();
}

test('an SMS + email campaign to 500 customers: launcher → progress → history with delivered and opened counts', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const email = await registerVerified(request, 'e2e.campaigns.launch');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await mixedGroup(email, 'Five hundred', 500, 61_000_000);
  await createBrand(page.request, 'Risala Store');

  await page.goto('/campaign');
  await expect(page.getByTestId('launcher-page')).toBeVisible();
  // step 1: brand and objective (the first change creates the draft)
  await pick(page, 'launcher-brand', 'Risala Store');
  await page.getByTestId('launcher-name').fill('Weekend launch');
  await page.getByTestId('launcher-objective').fill('Tell everyone about the weekend offer');
  await expect(page).toHaveURL(/\/campaign\/\d+$/);
  await expect(page.getByTestId('launcher-save-state')).toHaveAttribute('data-state', 'saved');
  const id = Number(page.url().split('/').pop());

  // step 2: SMS first, email for those who cannot get SMS
  await page.getByTestId('launcher-next').click();
  await page.getByTestId('launcher-channel-sms').check();
  await page.getByTestId('launcher-channel-email').check();
  await expect(page.getByTestId('launcher-channel-order')).toContainText('Customers who cannot receive SMS get Email instead.');

  // step 3: the audience with its live count
  await page.getByTestId('launcher-next').click();
  await pick(page, 'launcher-groups', /Five hundred/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('audience-reachable')).toHaveText('500', { timeout: 15_000 });
  await expect(page.getByTestId('audience-sms')).toHaveText('250');
  await expect(page.getByTestId('audience-email')).toHaveText('250');

  // step 4: content per channel with a per-recipient preview
  await page.getByTestId('launcher-next').click();
  await page.getByTestId('content-sms-text').fill('Hi ');
  await page.getByTestId('content-sms-var-first_name').click();
  await page.getByTestId('content-sms-text').press('End');
  await page.getByTestId('content-sms-text').pressSequentially(', 20% off this weekend');
  await page.getByTestId('content-email-subject').fill('Weekend offer for {{first_name}}');
  await page.getByTestId('content-email-body').fill('<p>Dear {{first_name}}, everything is 20% off this weekend.</p>');
  await expect(page.getByTestId('preview-sms-text')).toHaveText(/^Hi Customer\d+, 20% off this weekend$/);
  await expect(page.getByTestId('preview-sms-parts')).toHaveAttribute('data-parts', '1');
  await expect(page.getByTestId('preview-email-subject')).toHaveText(/^Weekend offer for Customer\d+$/);

  // a test send at any step: the content as it stands to a typed number and address
  await page.getByTestId('launcher-test-send').click();
  await page.getByTestId('test-send-numbers').fill('+966551230001');
  await page.getByTestId('test-send-emails').fill('tester@customer.example');
  await page.getByTestId('test-send-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Test messages queued' })).toBeVisible();
  await expect
    .poll(async () => (await (await request.get('/api/sandbox/mails?to=tester@customer.example')).json()).data.items[0]?.subject, {
      timeout: 20_000,
    })
    .toBe('Weekend offer for');

  // steps 5 and 6: default senders, no A/B test
  await page.getByTestId('launcher-next').click();
  await expect(page.getByTestId('launcher-email-sender')).toContainText('@sandbox.risala.local');
  await page.getByTestId('launcher-next').click();
  await page.getByTestId('launcher-next').click();

  // step 7: 3 minutes ahead is refused (§5), in the form and by the server
  await page.getByTestId('launcher-schedule-later').click();
  await pickMoment(page, 'launcher-schedule-at', zonedStamp(3));
  await expect(page.getByText('Scheduled time must be more than 5 minutes from now')).toBeVisible();
  const refused = await page.request.put(`/api/campaigns/${id}`, {
    data: { schedule_at: new Date(Date.now() + 3 * 60_000).toISOString() },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).errors[0]).toMatchObject({
    field: 'schedule_at',
    message: 'Scheduled time must be more than 5 minutes from now',
  });
  await page.getByTestId('launcher-send-now').click();

  // step 8: review — messages, parts, credits against the balance
  await page.getByTestId('launcher-next').click();
  await expect(page.getByTestId('review-messages')).toHaveText('500', { timeout: 15_000 });
  await expect(page.getByTestId('review-credits-sms')).toHaveText('250');
  await expect(page.getByTestId('review-credit-check-sms')).not.toHaveText('Not enough credits');
  // the launch is confirmed with who gets what
  await page.getByTestId('launcher-launch').click();
  await expect(page.getByTestId('launch-confirm-recipients')).toHaveText('500');
  await page.getByTestId('launch-confirm-yes').click();

  // Campaign History opens the report: live progress until it completes
  await expect(page).toHaveURL(new RegExp(`/campaignhistory\\?campaign=${id}$`));
  const progress = page.getByTestId('campaign-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('data-status', /COMPLETED/, { timeout: 150_000 });
  await expect(progress).toHaveAttribute('data-percent', '100');

  // open one email: its tracking pixel marks it opened
  let html = '';
  await expect
    .poll(async () => {
      const res = await request.get('/api/sandbox/mails?to=c61000001@customer.example');
      html = (await res.json()).data.items[0]?.html ?? '';
      return html;
    })
    .toContain('/t/o/');
  const pixel = /https?:\/\/[^"']+(\/t\/o\/\d+\/[\w-]+\.gif)/.exec(html)?.[1] as string;
  expect((await request.get(pixel)).status()).toBe(200);

  const report = page.getByTestId('campaign-report');
  const sms = report.locator('[data-testid="funnel-row"][data-channel="sms"]');
  const mail = report.locator('[data-testid="funnel-row"][data-channel="email"]');
  // delivery receipts and the open arrive after completion: the report is read again until they show
  await expect(async () => {
    await page.reload();
    await expect(sms.getByTestId('funnel-delivered')).toHaveAttribute('data-value', '250', { timeout: 3000 });
    await expect(mail.getByTestId('funnel-opened')).toHaveAttribute('data-value', '1', { timeout: 3000 });
  }).toPass({ timeout: 60_000 });
  await expect(sms.getByTestId('funnel-messages')).toHaveAttribute('data-value', '250');
  await expect(mail.getByTestId('funnel-sent')).toHaveAttribute('data-value', '250');
  await expect(report.getByTestId('report-timeline')).toBeVisible();
  await expect(report.getByTestId('report-csv')).toHaveAttribute('href', `/api/campaigns/${id}/recipients.csv`);

  // the list: search and status filter
  await page.keyboard.press('Escape');
  await page.getByTestId('history-search').fill('weekend');
  await expect(page.getByTestId('campaign-row')).toHaveCount(1);
  await expect(page.getByTestId('campaign-row').getByTestId('campaign-status')).toHaveAttribute('data-status', /COMPLETED/);
});

test('with approval switched on, a second user approves the batch and the campaign runs', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const email = await registerVerified(request, 'e2e.campaigns.approval');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  const { accountId, groupId } = await mixedGroup(email, 'Approval twenty', 20, 62_000_000);
  await sql('update accounts set needs_approval = true where id = $1', [accountId]);
  const brandId = await createBrand(page.request, 'Approved Brand');
  const created = await page.request.post('/api/campaigns', {
    data: {
      name: 'Needs a reviewer',
      brand_id: brandId,
      channels: ['sms'],
      audience: { group_ids: [groupId] },
      content: { sms: { text: 'Hello {{first_name}}' } },
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as number;

  // continue the draft in the launcher and launch it from the review step
  await page.goto(`/campaign/${id}`);
  await expect(page.getByTestId('launcher-name')).toHaveValue('Needs a reviewer');
  await page.getByTestId('launcher-step-review').click();
  await expect(page.getByTestId('review-messages')).toHaveText('10', { timeout: 15_000 });
  // an impatient double-click launches once: one deploy request, no refused second one
  const deploys: number[] = [];
  page.on('response', (r) => {
    if (r.request().method() === 'POST' && /\/api\/campaigns\/\d+\/deploy$/.test(r.url())) deploys.push(r.status());
  });
  await page.getByTestId('launcher-launch').click();
  await expect(page.getByTestId('launch-confirm-approval')).toBeVisible();
  await page.getByTestId('launch-confirm-yes').dblclick();
  await expect(page).toHaveURL(new RegExp(`/campaignhistory\\?campaign=${id}$`));
  await expect(page.getByTestId('campaign-progress')).toHaveAttribute('data-status', 'WAITING_FOR_APPROVAL');
  expect(deploys).toEqual([201]);

  // the reviewer approves it on the approval batches screen
  const { page: second, context } = await signInReviewer(browser, request, email, 'e2e.campaigns', test.info().project.use.baseURL);
  await second.goto('/campaign/batches');
  const row = second.getByTestId('batch-row').filter({ hasText: 'Needs a reviewer' });
  await expect(row.getByTestId('batch-state')).toHaveText('Waiting for approval');
  await row.getByTestId('batch-approve').click();
  await expect(second.getByTestId('toast-success')).toBeVisible();
  await expect(second.getByTestId('batch-row')).toHaveCount(0);
  await context.close();

  // and it runs to the end
  await expect(page.getByTestId('campaign-progress')).toHaveAttribute('data-status', /COMPLETED/, { timeout: 90_000 });
  await expect(page.getByTestId('campaign-progress')).toHaveAttribute('data-percent', '100');
});

test('batch screens: reschedule and send a scheduled batch now, cancel another, approve a gateway review', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = await registerVerified(request, 'e2e.campaigns.batches');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  const { groupId } = await mixedGroup(email, 'Batch ten', 10, 63_000_000);
  const brandId = await createBrand(page.request, 'Batch Brand');
  const deployed = async (name: string, text: string, scheduleAt: string | null) => {
    const res = await page.request.post('/api/campaigns', {
      data: {
        name,
        brand_id: brandId,
        channels: ['sms'],
        audience: { group_ids: [groupId] },
        content: { sms: { text } },
        schedule_at: scheduleAt,
      },
    });
    expect(res.status()).toBe(201);
    const id = (await res.json()).data.id as number;
    const dep = await page.request.post(`/api/campaigns/${id}/deploy`);
    expect(dep.status()).toBe(201);
    return id;
  };
  const later = new Date(Date.now() + 30 * 60_000).toISOString();
  const first = await deployed('Scheduled one', 'First {{first_name}}', later);
  await deployed('Scheduled two', 'Second {{first_name}}', later);
  const gated = await deployed('With a link', 'See https://shop.example/offer', null);

  await page.goto('/campaign/batches');
  await page.getByTestId('batches-tab-scheduled').click();
  const one = page.getByTestId('batch-row').filter({ hasText: 'Scheduled one' });
  const two = page.getByTestId('batch-row').filter({ hasText: 'Scheduled two' });
  await expect(one).toBeVisible();

  // reschedule: 3 minutes ahead is refused, 45 minutes is fine
  await one.getByTestId('batch-reschedule').click();
  await pickMoment(page, 'batch-reschedule-at', zonedStamp(3));
  await expect(page.getByText('Scheduled time must be more than 5 minutes from now')).toBeVisible();
  await expect(page.getByTestId('batch-dialog-submit')).toBeDisabled();
  const rescheduledAt = zonedStamp(45);
  await pickMoment(page, 'batch-reschedule-at', rescheduledAt);
  await page.getByTestId('batch-dialog-submit').click();
  // shown in the account's zone, formatted for the interface language ("Nov 25, 2026, 7:11 AM")
  const [hour, minute] = rescheduledAt.slice(11).split(':').map(Number);
  await expect(one).toContainText(
    `${(hour as number) % 12 || 12}:${String(minute).padStart(2, '0')} ${(hour as number) < 12 ? 'AM' : 'PM'}`,
  );
  await expect(one).toContainText('Saudi Arabia Time'); // the zone in words, not its IANA id

  // cancel the second: it asks first and says what happens (5 of the 10 customers can get SMS)
  await two.getByTestId('batch-cancel').click();
  const confirm = page.getByTestId('batch-confirm');
  await expect(confirm).toHaveAttribute('data-kind', 'cancel');
  await expect(confirm.getByTestId('batch-confirm-what')).toHaveText(
    '5 messages of the campaign “\u2068Scheduled two\u2069” will not be sent; their credits come back to your balance.',
  );
  await expect(confirm.getByTestId('batch-confirm-last')).toHaveText("It is the campaign's last batch: the campaign ends as canceled.");
  await expect(confirm).toContainText('This cannot be undone.');
  // keeping it changes nothing
  await page.getByTestId('batch-confirm-keep').click();
  await expect(confirm).toHaveCount(0);
  await expect(two.getByTestId('batch-cancel')).toBeVisible();
  expect(
    (await sql('select canceled_at from batches where campaign_id = (select id from campaigns where name = $1)', ['Scheduled two']))[0]
      .canceled_at,
  ).toBeNull();
  // then it moves to canceled batches with who canceled it
  await two.getByTestId('batch-cancel').click();
  await page.getByTestId('batch-confirm-yes').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Batch canceled' })).toBeVisible();
  await expect(two).toHaveCount(0);
  await page.getByTestId('batches-tab-canceled').click();
  const canceled = page.getByTestId('batch-row').filter({ hasText: 'Scheduled two' });
  await expect(canceled.getByTestId('batch-canceled-by')).toContainText('Layla Nasser');
  // the name and the time are isolated: an Arabic line keeps "name · date" in order
  await expect(canceled.getByTestId('batch-canceled-by')).toHaveText(/^\u2068Layla Nasser\u2069 · \u2068.+\u2069$/);

  // send the first now: it asks first (how many, to whom, by which channel, instead of when), then sends once
  await page.getByTestId('batches-tab-scheduled').click();
  // the cost is money in the invoice currency, not the raw decimal
  await expect(one.getByTestId('batch-cost')).toHaveText(/^SAR\s?\d+\.\d{2,5}$/);
  const sendNows: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/send-now')) sendNows.push(r.url());
  });
  await one.getByTestId('batch-send-now').click();
  await expect(confirm).toHaveAttribute('data-kind', 'send-now');
  await expect(confirm.getByTestId('batch-confirm-what')).toContainText(
    '5 messages of the campaign “\u2068Scheduled one\u2069” go out now to their recipients by \u2068SMS\u2069, instead of at \u2068',
  );
  await expect(confirm).toContainText('This cannot be undone: messages once sent cannot be called back.');
  expect(sendNows).toEqual([]);
  await page.getByTestId('batch-confirm-yes').dblclick(); // an impatient double-click sends once
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Batch sending now' })).toBeVisible();
  expect(sendNows).toHaveLength(1);
  await expect(one).toHaveCount(0, { timeout: 20_000 });
  await page.goto(`/campaignhistory?campaign=${first}`);
  await expect(page.getByTestId('campaign-progress')).toHaveAttribute('data-status', /COMPLETED/, { timeout: 60_000 });
  // opened from a link while the list shows other campaigns: the drawer still names the campaign
  await page.goto(`/campaignhistory?search=With+a+link&campaign=${first}`);
  await expect(page.getByTestId('campaign-row')).toHaveCount(1);
  await expect(page.getByTestId('campaign-drawer-title')).toHaveText('Scheduled one');

  // an SMS with a link waits for the gateway reviewer (the owner may review)
  await page.goto('/campaign/batches');
  await page.getByTestId('batches-tab-gateway').click();
  const review = page.getByTestId('batch-row').filter({ hasText: 'With a link' });
  // its state says what it waits for (not "Scheduled")
  await expect(review.getByTestId('batch-state')).toHaveText('Waiting for gateway review');
  await review.getByTestId('batch-gateway-approve').click();
  await expect(review).toHaveCount(0);
  await page.goto(`/campaignhistory?campaign=${gated}`);
  await expect(page.getByTestId('campaign-progress')).toHaveAttribute('data-status', /COMPLETED/, { timeout: 60_000 });

  // two sent campaigns side by side, then one duplicated into a new draft in the launcher
  await page.keyboard.press('Escape');
  const rowOf = (id: number) => page.locator(`[data-testid="campaign-row"][data-id="${id}"]`);
  await expect(rowOf(first).getByTestId('campaign-sent')).toHaveText('5');
  await rowOf(first).getByTestId('campaign-select').check();
  await rowOf(gated).getByTestId('campaign-select').check();
  await page.getByTestId('compare-open').click();
  await expect(page).toHaveURL(new RegExp(`compare=${first}&compare=${gated}$`));
  await expect(page.getByTestId('compare-name-A')).toHaveText('Scheduled one');
  await expect(page.getByTestId('compare-row')).toHaveCount(7);
  await expect(page.locator('[data-testid="compare-row"][data-key="sent"] [data-testid="compare-a"]')).toHaveText('5');
  await page.keyboard.press('Escape');
  await rowOf(first).getByTestId('campaign-duplicate').click();
  await expect(page).toHaveURL(/\/campaign\/\d+$/);
  await expect(page.getByTestId('launcher-name')).toHaveValue('Scheduled one (copy)');
});

test('batch states show their whole text in English and Arabic, at 1366 px and on a phone; Arabic keeps "name · date" in order', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = await registerVerified(request, 'e2e.campaigns.badges');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  const { groupId } = await mixedGroup(email, 'Badge ten', 10, 64_000_000);
  const brandId = await createBrand(page.request, 'Badge Brand');
  const later = new Date(Date.now() + 60 * 60_000).toISOString();
  const deployed = async (name: string, text: string, scheduleAt: string | null) => {
    const res = await page.request.post('/api/campaigns', {
      data: {
        name,
        brand_id: brandId,
        channels: ['sms'],
        audience: { group_ids: [groupId] },
        content: { sms: { text } },
        schedule_at: scheduleAt,
      },
    });
    expect(res.status()).toBe(201);
    const id = (await res.json()).data.id as number;
    expect((await page.request.post(`/api/campaigns/${id}/deploy`)).status()).toBe(201);
    const batches = await (await page.request.get(`/api/batches?view=all&campaign_id=${id}`)).json();
    return batches.data.items[0].id as number;
  };
  await deployed('Plain later', 'Hello {{first_name}}', later);
  const approved = await deployed('Linked later', 'See https://shop.example/a', later);
  expect((await page.request.post(`/api/batches/${approved}/gateway-approve`, { data: {} })).status()).toBe(200);
  await deployed('Linked now', 'See https://shop.example/b', null);
  const dropped = await deployed('Dropped', 'Bye {{first_name}}', later);
  expect((await page.request.post(`/api/batches/${dropped}/cancel`, { data: {} })).status()).toBe(200);

  // same time: the newest batch first
  const states = {
    en: { scheduled: ['Approved by the gateway', 'Scheduled'], gateway: ['Waiting for gateway review'], canceled: ['Canceled'] },
    ar: { scheduled: ['وافقت عليها البوابة', 'مجدولة'], gateway: ['بانتظار مراجعة البوابة'], canceled: ['ملغاة'] },
  };
  for (const language of ['en', 'ar'] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    for (const size of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      for (const view of ['scheduled', 'gateway', 'canceled'] as const) {
        await page.goto(`/campaign/batches?view=${view}`);
        const badges = page.getByTestId('batch-state');
        await expect(badges).toHaveText(states[language][view]);
        expect(await cutBadges(badges), `${language} ${size.width}px ${view}`).toEqual([]);
      }
    }
  }
  // Arabic, right-to-left: who canceled and when, isolated ("Qa Sender · 25/11/2026، 9:56 ص" stays in order)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('batch-canceled-by')).toHaveText(/^\u2068Layla Nasser\u2069 · \u2068.+\u2069$/);
  await expect(page.getByTestId('batch-cost')).toHaveText(/^\u200f?[\d٠-٩][\d٠-٩.,٫]*\sر\.س\.\u200f?$/);
});

test('pause holds a running campaign: its queued SMS wait, resume sends them and it completes', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = await registerVerified(request, 'e2e.campaigns.pause');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  // 40 customers, 20 of them with a number and SMS consent
  const { accountId, groupId } = await mixedGroup(email, 'Forty', 40, 62_000_000);
  const brandId = await createBrand(page.request, 'Pause Store');
  // the sandbox connection stopped: deployed messages wait QUEUED, so the campaign stays RUNNING
  const [conn] = await sql('select id from connections where account_id = $1 and is_sandbox', [accountId]);
  expect((await page.request.post(`/api/gateway/connections/${conn.id}/stop`)).status()).toBe(200);
  const draft = await page.request.post('/api/campaigns', {
    data: {
      name: 'Held offer',
      brand_id: brandId,
      channels: ['sms'],
      audience: { group_ids: [groupId] },
      content: { sms: { text: 'Hi {{first_name}}, held offer' } },
    },
  });
  expect(draft.status()).toBe(201);
  const id = (await draft.json()).data.id as number;
  expect((await page.request.post(`/api/campaigns/${id}/deploy`)).status()).toBe(201);
  const queued = async () =>
    Number((await sql(`select count(*) as n from messages where campaign_id = $1 and status = 'QUEUED'`, [id]))[0].n);
  await expect.poll(queued, { timeout: 30_000 }).toBe(20);

  await page.goto(`/campaignhistory?campaign=${id}`);
  const progress = page.getByTestId('campaign-progress');
  await expect(progress).toHaveAttribute('data-status', 'RUNNING', { timeout: 15_000 });
  await page.getByTestId('campaign-pause').click();
  await expect(progress).toHaveAttribute('data-status', 'PAUSED');
  // held: back out of the connection queue, nothing sent even once the connection runs again
  const held = await sql(`select status, count(*)::int as n from messages where campaign_id = $1 group by status`, [id]);
  expect(held).toEqual([{ status: 'SCHEDULED', n: 20 }]);
  expect(
    (await sql('select count(*)::int as n from sms_queue q join messages m on m.id = q.message_id where m.campaign_id = $1', [id]))[0].n,
  ).toBe(0);
  expect((await page.request.post(`/api/gateway/connections/${conn.id}/start`)).status()).toBe(200);
  await page.waitForTimeout(2000);
  expect((await sql(`select count(*)::int as n from messages where campaign_id = $1 and sent_at is not null`, [id]))[0].n).toBe(0);

  // cancel asks first; keeping it changes nothing
  await page.getByTestId('campaign-cancel').click();
  await expect(page.getByTestId('campaign-cancel-confirm')).toContainText('their credits come back');
  await page.getByTestId('campaign-cancel-confirm').getByRole('button', { name: 'Keep it running' }).click();
  await expect(progress).toHaveAttribute('data-status', 'PAUSED');

  await page.getByTestId('campaign-resume').click();
  await expect(progress).toHaveAttribute('data-status', /COMPLETED/, { timeout: 90_000 });
  await expect(progress).toHaveAttribute('data-percent', '100');
  expect((await sql(`select count(*)::int as n from messages where campaign_id = $1 and sent_at is not null`, [id]))[0].n).toBe(20);
});

test('an email from the content library: pick the item in the launcher, preview it, test-send it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = await registerVerified(request, 'e2e.campaigns.library');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await createBrand(page.request, 'Library Store');
  await mixedGroup(email, 'Menu readers', 4, 64_000_000);
  const item = await page.request.post('/api/content', {
    data: { title: 'Weekend menu', type: 'text', body: 'Dear {{first_name}}, the weekend menu is out.' },
  });
  expect(item.status()).toBe(201);

  await page.goto('/campaign');
  await pick(page, 'launcher-brand', 'Library Store');
  await page.getByTestId('launcher-name').fill('Menu mail');
  await expect(page).toHaveURL(/\/campaign\/\d+$/);
  await page.getByTestId('launcher-next').click();
  await page.getByTestId('launcher-channel-email').check();
  await page.getByTestId('launcher-next').click();
  // a step is left only once done: the audience first
  await pick(page, 'launcher-groups', /Menu readers/);
  await page.keyboard.press('Escape');
  await page.getByTestId('launcher-next').click();
  await page.getByTestId('content-email-source').getByText('Content library').click();
  await page.getByTestId('content-email-subject').fill('Menu for {{first_name}}');
  await pick(page, 'content-email-content', 'Weekend menu');
  await expect(page.getByTestId('preview-email-item')).toContainText('the weekend menu is out.');
  await expect(page.getByTestId('launcher-save-state')).toHaveAttribute('data-state', 'saved');

  await page.getByTestId('launcher-test-send').click();
  await page.getByTestId('test-send-emails').fill('menu.tester@customer.example');
  await page.getByTestId('test-send-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Test messages queued' })).toBeVisible();
  await expect
    .poll(async () => (await (await request.get('/api/sandbox/mails?to=menu.tester@customer.example')).json()).data.items[0]?.text ?? '', {
      timeout: 20_000,
    })
    .toContain('the weekend menu is out.');
});

test('a taken campaign name is shown at the name field, the draft is kept on screen and saves once renamed', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.campaigns.name');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await createBrand(page.request, 'Name Store');
  expect((await page.request.post('/api/campaigns', { data: { name: 'Weekend offer' } })).status()).toBe(201);

  // the unfinished draft is offered first; a new one is started when asked for
  await page.goto('/campaign');
  await expect(page.getByTestId('draft-option')).toHaveText(/Weekend offer/);
  await page.getByTestId('draft-start-new').click();
  await pick(page, 'launcher-brand', 'Name Store');
  await page.getByTestId('launcher-name').fill('Weekend offer');
  await page.getByTestId('launcher-objective').fill('Bring customers back');
  await expect(page.getByTestId('launcher-save-state')).toHaveAttribute('data-state', 'error');
  // at the name field on step 1, whose step is marked (not a green check), and Next stays there
  await expect(page.getByText('This name already exists')).toHaveCount(1);
  await expect(page.getByTestId('launcher-step-brand')).toHaveAttribute('data-state', 'error');
  await page.getByTestId('launcher-next').click();
  await expect(page.getByTestId('launcher-panel-brand')).toBeVisible();
  await page.getByTestId('launcher-name').fill('Weekend offer 2');
  await expect(page.getByTestId('launcher-save-state')).toHaveAttribute('data-state', 'saved');
  await expect(page.getByTestId('launcher-objective')).toHaveValue('Bring customers back');
  await expect(page.getByText('This name already exists')).toHaveCount(0);
});
