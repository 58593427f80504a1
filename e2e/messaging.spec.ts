import { expect, type Page, test } from '@playwright/test';
import { registerVerified, signInUi, sql } from './fixtures.ts';
import { pickDay, pickMoment } from './pickers.ts';

/** A static, active group of `count` customers who agreed to SMS (written straight to the database). */
async function groupWithSmsConsent(email: string, name: string, count: number, prefix: number) {
  const [{ account_id }] = await sql('select account_id from users where email = $1', [email]);
  const [{ id }] = await sql(
    // contacts_count is kept by a trigger on group_members
    `insert into customer_groups (account_id, group_name, type, status) values ($1, $2, 'static', 'ACTIVE') returning id`,
    [account_id, name],
  );
  await sql(
    `with c as (
       insert into customers (account_id, first_name, mobile_number, consent_sms, consent_sms_source, consent_sms_at)
       select $1, 'Customer ' || g, '+9665' || ($3::bigint + g)::text, true, 'e2e', now() from generate_series(1, $2::int) g
       returning id)
     insert into group_members (account_id, group_id, customer_id) select $1, $4, id from c`,
    [account_id, count, prefix, id],
  );
}

async function signedIn(page: Page, request: Parameters<typeof registerVerified>[0], tag: string) {
  const email = await registerVerified(request, tag);
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  return email;
}

/** A wall time `minutes` from now in the account's zone ('YYYY-MM-DDTHH:mm'; new accounts: Asia/Riyadh), for the schedule pickers. */
function localStamp(minutes: number, timeZone = 'Asia/Riyadh', from = Date.now()) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(from + minutes * 60_000));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

const rows = (page: Page, status?: string) =>
  status ? page.locator(`[data-testid="message-row"][data-status="${status}"]`) : page.getByTestId('message-row');

/** Connections screen: wait for the sandbox connection, then stop or start it. */
async function sandboxConnection(page: Page, action: 'stop' | 'start') {
  await page.goto('/gateway/connections');
  const sandbox = page.getByTestId('connection-row').filter({ hasText: 'Sandbox SMSC' });
  const state = sandbox.getByTestId('connection-state');
  if (action === 'stop') {
    await expect(state).toHaveAttribute('data-state', 'CONNECTED', { timeout: 20_000 });
    await sandbox.getByTestId('connection-stop').click();
    await expect(state).toHaveAttribute('data-state', 'STOPPED');
  } else {
    await sandbox.getByTestId('connection-start').click();
    await expect(state).toHaveAttribute('data-state', 'CONNECTED', { timeout: 20_000 });
  }
}

test('an SMS to a group of 50 goes from QUEUED to DELIVERED in Message History', async ({ page, request }) => {
  const email = await signedIn(page, request, 'e2e.messaging.group');
  await groupWithSmsConsent(email, 'Weekend fifty', 50, 51_000_000);

  await page.goto('/message-history');
  await expect(page.getByTestId('message-history-page')).toBeVisible();
  await expect(page.getByText('No messages yet')).toBeVisible();
  await expect(page.getByTestId('credits-sms-balance')).toHaveText('1,000');
  await page.getByTestId('message-new-sms').click();
  await expect(page).toHaveURL(/\/message-history\/new-sms$/);

  await page.getByTestId('compose-groups').click();
  await page.getByRole('option', { name: 'Weekend fifty (50)' }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('compose-text').fill('Hello ');
  await page.getByTestId('compose-var-first_name').click();
  await page.getByTestId('compose-text').press('End');
  await page.getByTestId('compose-text').pressSequentially(', the weekend offer is here.');
  await expect(page.getByTestId('sms-preview-text')).toHaveText('Hello Layla, the weekend offer is here.');
  await expect(page.getByTestId('sms-encoding')).toHaveText('GSM-7');
  await expect(page.getByTestId('sms-parts')).toHaveAttribute('data-parts', '1');
  await expect(page.getByTestId('estimate-accepted')).toHaveText('50', { timeout: 15_000 });
  await expect(page.getByTestId('estimate-credits')).toHaveText('50');

  // a schedule too close is refused before anything is sent (§5)
  await page.getByTestId('compose-schedule').click();
  await pickMoment(page, 'compose-schedule-at', localStamp(1));
  await expect(page.getByText('Scheduled time must be more than 5 minutes from now')).toBeVisible();
  // typed in the account's zone, named under the field (as in the launcher), whatever the browser's
  await expect(page.getByText('Time zone: Saudi Arabia Time')).toBeVisible();
  await page.getByTestId('compose-send-now').click();

  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('toast-success')).toBeVisible();
  await expect(page).toHaveURL(/\/message-history\?bulk_id=/);
  await expect(page.getByTestId('message-total')).toHaveText('Messages: 50');
  // the page refreshes itself while messages move: every shown row ends DELIVERED
  await expect(rows(page, 'DELIVERED')).toHaveCount(20, { timeout: 45_000 });
  await expect(page.getByTestId('credits-sms-balance')).toHaveText('950', { timeout: 35_000 });

  // one status filter (the views of the catalogue), not tabs beside a status select
  await page.getByTestId('message-filter-status').click();
  await page.getByRole('option', { name: 'Delivered', exact: true }).click();
  await expect(page).toHaveURL(/view=delivered/);
  await expect(page.getByTestId('message-total')).toHaveText('Messages: 50');
  // each row says who got what, from which campaign
  await expect(rows(page).first().getByTestId('message-customer')).toHaveText(/^Customer \d+$/);
  await expect(rows(page).first().getByTestId('message-snippet')).toContainText(', the weekend offer is here.');
  await expect(rows(page).first().getByTestId('message-campaign')).toHaveText('Direct send');
  await rows(page).first().click();
  const drawer = page.getByTestId('message-detail');
  await expect(drawer.getByTestId('message-body')).toContainText(', the weekend offer is here.');
  const events = drawer.getByTestId('message-event');
  await expect(events.filter({ hasText: 'Queued' }).first()).toBeVisible();
  await expect(events.last()).toContainText('Delivered');

  // the same history in Arabic, right-to-left
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('message-filter-status')).toHaveValue('المسلّمة');
  await expect(page.getByTestId('message-views')).toContainText('الرسائل المُرسَلة');
  await expect(rows(page, 'DELIVERED').first().getByTestId('message-status')).toHaveText('تم التسليم');
});

test('messages wait QUEUED while the sandbox connection is stopped and go out when it starts', async ({ page, request }) => {
  await signedIn(page, request, 'e2e.messaging.stop');
  await sandboxConnection(page, 'stop');

  await page.goto('/message-history/new-sms');
  await page.getByTestId('compose-numbers').fill('+966552000001\n+966552000002, +966552000003\n12345');
  await expect(page.getByText(/^Not valid numbers \(1\): \u206812345\u2069$/)).toBeVisible(); // the number isolated for right-to-left lines
  await page.getByTestId('compose-numbers').fill('+966552000001\n+966552000002, +966552000003');
  await expect(page.getByTestId('compose-numbers-count')).toHaveText('Valid numbers: 3');
  await page.getByTestId('compose-text').fill('Your parcel is on its way');
  await expect(page.getByTestId('estimate-accepted')).toHaveText('3', { timeout: 15_000 });
  await page.getByTestId('compose-send').dblclick(); // an impatient double-click sends once
  await expect(page).toHaveURL(/\/message-history\?bulk_id=/);
  const historyUrl = page.url();

  await expect(rows(page, 'QUEUED')).toHaveCount(3, { timeout: 20_000 });
  // still waiting a few seconds later: nothing can leave through a stopped connection
  await page.waitForTimeout(3000);
  await page.reload();
  await expect(rows(page, 'QUEUED')).toHaveCount(3);
  // each says why it waits and where to start the connection
  await expect(rows(page, 'QUEUED').getByTestId('message-connection-stopped-icon')).toHaveCount(3);
  await rows(page, 'QUEUED').first().click();
  await expect(page.getByTestId('message-connection-stopped')).toContainText(
    'Waiting: the connection “\u2068Sandbox SMSC\u2069” is stopped.',
  );
  await expect(page.getByTestId('message-open-connection')).toHaveAttribute('href', /\/gateway\/connections\/\d+$/);
  await page.keyboard.press('Escape');

  await sandboxConnection(page, 'start');
  await page.goto(historyUrl);
  await expect(rows(page, 'DELIVERED')).toHaveCount(3, { timeout: 30_000 });
  const all = await (await page.request.get('/api/messages?limit=100')).json();
  expect(all.data.total).toBe(3);
});

test('a WhatsApp template message is sent from New WhatsApp message and turns READ', async ({ page, request }) => {
  await signedIn(page, request, 'e2e.messaging.whatsapp');
  // an approved template, through the API and the sandbox Cloud API's review
  const created = await page.request.post('/api/whatsapp/templates', {
    data: {
      name: 'order_shipped',
      language: 'en_US',
      category: 'UTILITY',
      components: [
        { type: 'BODY', text: 'Hi {{1}}, your order {{2}} has shipped.', example: { body_text: [['Sara', '#1042']] } },
        { type: 'FOOTER', text: 'Risala Store' },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as number;
  expect((await page.request.post(`/api/whatsapp/templates/${id}/submit`)).status()).toBe(200);
  await expect
    .poll(async () => (await (await page.request.get(`/api/whatsapp/templates/${id}`)).json()).data.status, { timeout: 20_000 })
    .toBe('APPROVED');

  await page.goto('/message-history');
  await page.getByTestId('message-new-whatsapp').click();
  await expect(page).toHaveURL(/\/message-history\/new-whatsapp$/);
  await page.getByTestId('compose-numbers').fill('+966553000001');
  await page.getByTestId('compose-wa-template').click();
  await page.getByRole('option', { name: /order_shipped/ }).click();
  await page.getByTestId('compose-param-1').fill('Layla');
  await page.getByTestId('compose-param-2').fill('#2001');
  await expect(page.getByTestId('wa-preview-body')).toHaveText('Hi Layla, your order #2001 has shipped.');
  await expect(page.getByTestId('estimate-accepted')).toHaveText('1', { timeout: 15_000 });
  await page.getByTestId('compose-send').click();
  await expect(page).toHaveURL(/\/message-history\?bulk_id=/);

  // sent → delivered → read arrive as signed status webhooks from the simulator
  await expect(rows(page, 'READ')).toHaveCount(1, { timeout: 45_000 });
  await rows(page).first().click();
  const events = page.getByTestId('message-detail').getByTestId('message-event');
  await expect(events.last()).toContainText('Read');
});

test('a scheduled SMS send is cancelled from its message, after a confirmation, and its credits come back', async ({ page, request }) => {
  await signedIn(page, request, 'e2e.messaging.cancel');
  await page.goto('/message-history/new-sms');
  await page.getByTestId('compose-numbers').fill('+966554000001\n+966554000002');
  await page.getByTestId('compose-text').fill('Doors open at nine');
  await page.getByTestId('compose-schedule').click();
  await pickMoment(page, 'compose-schedule-at', localStamp(90));
  await expect(page.getByTestId('estimate-accepted')).toHaveText('2', { timeout: 15_000 });
  await page.getByTestId('compose-send').click();
  await expect(page).toHaveURL(/\/message-history\?bulk_id=/);
  await expect(page.getByTestId('credits-sms-balance')).toHaveText('998', { timeout: 15_000 });

  await rows(page).first().click();
  await page.getByTestId('message-cancel-scheduled').click();
  await expect(page.getByTestId('message-cancel-confirm')).toContainText('Their credits come back');
  await page.getByTestId('message-cancel-yes').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Scheduled messages cancelled: 2' })).toBeVisible();
  await expect(page.getByTestId('message-cancel-scheduled')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('credits-sms-balance')).toHaveText('1,000', { timeout: 15_000 });
  const listed = await (await page.request.get('/api/messages?limit=10')).json();
  expect(listed.data.items.map((m: { status: string }) => m.status)).toEqual(['CANCELLED', 'CANCELLED']);
});

test('a scheduled SMS shows when it goes out in the Sent column; a From date after the To date is said at the dates and keeps the list', async ({
  page,
  request,
}) => {
  await signedIn(page, request, 'e2e.messaging.scheduled');
  const at = new Date(Date.now() + 90 * 60_000);
  const sent = await page.request.post('/api/messages/sms', {
    data: { recipients: { numbers: ['+966556000001'] }, text: 'Doors open at nine', schedule_at: at.toISOString() },
  });
  expect(sent.status()).toBe(201);

  await page.goto('/message-history');
  const row = rows(page, 'SCHEDULED');
  await expect(row).toHaveCount(1);
  // in the account's zone (Asia/Riyadh), as the schedule was typed: "Scheduled for Nov 26, 2026, 10:30 AM"
  const [hour, minute] = localStamp(0, 'Asia/Riyadh', at.getTime()).slice(11).split(':').map(Number) as [number, number];
  const scheduled = row.getByTestId('message-scheduled-for');
  await expect(scheduled).toHaveText(/^Scheduled for \u2068.+\u2069$/);
  await expect(scheduled).toContainText(`${hour % 12 || 12}:${String(minute).padStart(2, '0')}`);
  await expect(scheduled).toContainText(hour < 12 ? 'AM' : 'PM');

  // From later than To: said at both date fields, the list stays (the impossible range is not sent)
  let refused = 0;
  page.on('response', (r) => {
    if (r.url().includes('/api/messages?') && r.status() === 400) refused += 1;
  });
  // the calendars cannot pick such a range; a shared or edited address can
  await page.goto('/message-history?to=2026-03-01&from=2026-03-10');
  await expect(page.getByText('Later than the To date', { exact: true })).toBeVisible();
  await expect(page.getByText('Earlier than the From date', { exact: true })).toBeVisible();
  await expect(page.getByTestId('message-range-error')).toHaveText(
    'The From date is later than the To date, so the list is not filtered by date. Change either date.',
  );
  await expect(page).toHaveURL(/from=2026-03-10/);
  await expect(row).toHaveCount(1);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  expect(refused).toBe(0);
  // a possible range filters again
  await pickDay(page, 'message-filter-from', '2026-02-20');
  await expect(page.getByTestId('message-range-error')).toHaveCount(0);
  await expect(page.getByText('No messages match these filters.')).toBeVisible();

  // Arabic: the time isolated inside the sentence
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.goto('/message-history');
  await expect(rows(page, 'SCHEDULED').getByTestId('message-scheduled-for')).toHaveText(/^مجدولة في \u2068.+\u2069$/);
});
