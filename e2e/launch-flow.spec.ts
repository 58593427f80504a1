/**
 * The launch flow: a launch the marketer confirms after a review of everything, drafts
 * that are resumed, checked step by step and deletable, a report that fills in live with rates, a
 * history that names customer and campaign — and the same screens usable at phone width.
 */
import { expect, type Page, test } from '@playwright/test';
import { registerVerified, signInUi, sql } from './fixtures.ts';

async function smsGroup(email: string, name: string, count: number, prefix: number) {
  const [{ account_id }] = await sql('select account_id from users where email = $1', [email]);
  const [{ id }] = await sql(
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
  return { accountId: Number(account_id), groupId: Number(id) };
}

async function pick(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).click();
}

test('a draft is resumed, each step is checked before leaving, review shows everything and the launch is confirmed; the report fills in live', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const email = await registerVerified(request, 'e2e.launch-flow');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  const { accountId } = await smsGroup(email, 'Spring twelve', 12, 73_000_000);
  expect((await page.request.post('/api/brands', { data: { name: 'Bloom' } })).status()).toBe(201);
  expect((await page.request.post('/api/campaigns', { data: { name: 'Old draft' } })).status()).toBe(201);

  // /campaign offers the unfinished draft instead of piling up a new one
  await page.goto('/campaign');
  await expect(page.getByTestId('draft-option')).toHaveCount(1);
  await expect(page.getByTestId('draft-option')).toContainText('Old draft');
  await page.getByTestId('draft-start-new').click();
  await expect(page.getByTestId('launcher-panel-brand')).toBeVisible();

  // Next without a brand stays on step 1 and says why, at the field
  await page.getByTestId('launcher-next').click();
  await expect(page.getByTestId('launcher-panel-brand')).toBeVisible();
  await expect(page.getByText('Choose the brand this campaign is for.')).toBeVisible();
  await expect(page.getByTestId('launcher-step-brand')).toHaveAttribute('data-state', 'error');
  // a taken name is found on step 1, not later
  await pick(page, 'launcher-brand', 'Bloom');
  await page.getByTestId('launcher-name').fill('Old draft');
  await page.getByTestId('launcher-next').click();
  await expect(page.getByText('This name already exists')).toBeVisible();
  await expect(page.getByTestId('launcher-panel-brand')).toBeVisible();
  await page.getByTestId('launcher-name').fill('Spring sale');
  await page.getByTestId('launcher-next').click();
  await expect(page.getByTestId('launcher-panel-channels')).toBeVisible();
  await expect(page.getByTestId('launcher-step-brand')).toHaveAttribute('data-state', 'done');
  const id = Number(/\/campaign\/(\d+)$/.exec(page.url())?.[1]);
  expect(id).toBeGreaterThan(0);

  await page.getByTestId('launcher-channel-sms').check();
  await page.getByTestId('launcher-next').click();
  await pick(page, 'launcher-groups', /Spring twelve/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('audience-reachable')).toHaveText('12', { timeout: 15_000 });
  await page.getByTestId('launcher-next').click();
  await page.getByTestId('content-sms-text').fill('Hi {{first_name}}, the spring sale starts today');
  for (let i = 0; i < 4; i++) await page.getByTestId('launcher-next').click();

  // the review: name, brand, audience, the message as received, when, and what it costs
  await expect(page.getByTestId('launcher-review')).toBeVisible();
  await expect(page.getByTestId('review-name')).toHaveText('Spring sale');
  await expect(page.getByTestId('review-brand')).toHaveText('Bloom');
  await expect(page.getByTestId('review-included')).toContainText('Spring twelve');
  await expect(page.getByTestId('review-messages')).toHaveText('12', { timeout: 15_000 });
  await expect(page.getByTestId('review-messages-preview')).toContainText(/Hi Customer \d+, the spring sale starts today/);
  await expect(page.getByTestId('review-schedule')).toHaveText('Right after you confirm the launch.');
  await expect(page.getByTestId('review-parts-sms')).toHaveText('1');
  await expect(page.getByTestId('review-credits-sms')).toHaveText('12');

  // Launch asks first, stating recipients and credits; nothing is sent until confirmed
  await page.getByTestId('launcher-launch').click();
  const confirm = page.getByTestId('launch-confirm');
  await expect(confirm).toContainText('Send “Spring sale” now?');
  await expect(page.getByTestId('launch-confirm-recipients')).toHaveText('12');
  await expect(page.getByTestId('launch-confirm-credits')).toHaveText('12');
  await page.getByTestId('launch-confirm-keep').click();
  await expect(confirm).toBeHidden();
  expect((await sql('select status from campaigns where id = $1', [id]))[0].status).toBe('DRAFT');
  expect(Number((await sql('select count(*) from messages where account_id = $1', [accountId]))[0].count)).toBe(0);
  await page.getByTestId('launcher-launch').click();
  await page.getByTestId('launch-confirm-yes').click();

  // the report follows the campaign live (no reload): rates at each step, the message as sent
  await expect(page).toHaveURL(new RegExp(`/campaignhistory\\?campaign=${id}$`));
  const sms = page.locator('[data-testid="funnel-row"][data-channel="sms"]');
  await expect(sms.getByTestId('funnel-delivered')).toHaveAttribute('data-value', '12', { timeout: 60_000 });
  await expect(sms.getByTestId('funnel-delivered-rate')).toContainText('100%');
  await expect(page.getByTestId('report-sample-text')).toContainText('the spring sale starts today');
  await expect(page.getByTestId('report-no-failures')).toBeVisible();
  await expect(page.getByTestId('report-timeline')).toBeVisible();

  // the draft left over is deleted from Campaign History
  await page.keyboard.press('Escape');
  const old = page.getByTestId('campaign-row').filter({ hasText: 'Old draft' });
  await old.getByTestId('campaign-delete').click();
  await page.getByTestId('campaign-delete-confirm').click();
  await expect(old).toHaveCount(0);
  expect(await sql('select id from campaigns where account_id = $1 and name = $2', [accountId, 'Old draft'])).toEqual([]);

  // Message History names the customer and the campaign, with the text
  await page.goto(`/message-history?campaign=${id}`);
  const row = page.getByTestId('message-row').first();
  await expect(row.getByTestId('message-customer')).toHaveText(/^Customer \d+$/);
  await expect(row.getByTestId('message-campaign')).toHaveText('Spring sale');
  await expect(row.getByTestId('message-snippet')).toContainText('the spring sale starts today');
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the launcher shows one line of steps, tables keep their actions in view and Message History starts at the top', async ({
    page,
    request,
  }) => {
    const email = await registerVerified(request, 'e2e.launch-phone');
    await signInUi(page, email);
    await expect(page).toHaveURL(/\/dashboard/);
    expect((await page.request.post('/api/brands', { data: { name: 'A brand with a rather long name' } })).status()).toBe(201);
    expect(
      (
        await page.request.post('/api/messages/sms', { data: { recipients: { numbers: ['+966501234567'] }, text: 'Doors open at ten' } })
      ).status(),
    ).toBe(201);

    for (const lang of ['en', 'ar']) {
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      await page.goto('/campaign');
      const stepper = page.getByTestId('launcher-stepper');
      await expect(stepper).toHaveAttribute('data-compact', 'true');
      expect((await stepper.boundingBox())?.height).toBeLessThan(120);
      // the form is on the first screen, not five rows of steps down
      expect((await page.getByTestId('launcher-name').boundingBox())?.y).toBeLessThan(450);
      await page.getByTestId('launcher-steps-menu').click();
      await expect(page.getByTestId('launcher-step-review')).toBeVisible();
      await page.keyboard.press('Escape');

      // Brands' edit and delete stay on screen though the table scrolls sideways
      await page.goto('/brand');
      for (const action of ['brand-edit', 'brand-delete']) {
        const box = await page.getByTestId(action).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      }

      await page.goto('/message-history');
      await expect(page.getByTestId('message-cards')).toBeVisible();
      expect((await page.getByTestId('message-row').first().boundingBox())?.y).toBeLessThan(400);
      await page.getByTestId('message-filters-open').click();
      await expect(page.getByTestId('message-filter-status')).toBeVisible();
      await page.getByTestId('message-filters-apply').click();
      await expect(page.getByTestId('message-filter-status')).toBeHidden();
    }
  });
});
