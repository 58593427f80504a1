import { expect, type Page, test } from '@playwright/test';
import { registerVerified, signInReviewer, signInUi, sql } from './fixtures.ts';

/**
 * AI plans in Chromium, with the model (the sandbox chat-completions peer the E2E run
 * starts): a plan for the demo brand written as the reader watches (and stopped), sent for
 * approval, approved by a reviewer — the author's bell says so — applied into launcher drafts, and
 * one launched from the launcher with the plan's own numbers. Write with AI fills an SMS template.
 */
const simControl = (body: object) =>
  fetch(`${process.env.E2E_AI_SIM_URL}/__sim/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The demo data's shape, in an account of its own: the brand and its voice, 60 customers (two in three read Arabic), consents, one static group. */
async function demoAccount(email: string) {
  const [{ account_id }] = await sql('select account_id from users where email = $1', [email]);
  await sql(
    `insert into brands (account_id, name, voice_tone, description) values ($1, 'Risala Demo Store', 'Warm, short sentences, no slang.', 'A fashion and home store')`,
    [account_id],
  );
  await sql(
    `with g as (insert into customer_groups (account_id, group_name, type, status) values ($1, 'Demo customers', 'static', 'ACTIVE') returning id),
          c as (insert into customers (account_id, first_name, language, mobile_number, email, consent_sms, consent_sms_source, consent_sms_at, consent_email, consent_email_source, consent_email_at)
                select $1, case when n % 3 = 0 then 'Sara' || n else 'سارة' || n end, case when n % 3 = 0 then 'en' else 'ar' end,
                       '+9665' || lpad((n * 7919)::text, 8, '0'), 'c' || n || '@demo.example', n % 5 <> 0, 'e2e', now(), true, 'e2e', now()
                  from generate_series(1, 60) n returning id)
     insert into group_members (account_id, group_id, customer_id) select $1, g.id, c.id from g, c`,
    [account_id],
  );
  return Number(account_id);
}

async function makePlan(page: Page) {
  await page.goto('/campaign/ai-plans/new');
  await page.getByTestId('ai-plan-notes').fill('20% off everything this weekend');
  await page.getByTestId('ai-plan-notes-other').fill('خصم 20% على كل شيء نهاية الأسبوع');
  await page.getByTestId('ai-plan-submit').click();
  await expect(page).toHaveURL(/\/campaign\/ai-plans\/\d+$/);
  return Number(page.url().split('/').pop());
}

const DEMO = { email: 'demo@risala.local', password: 'Demo@2026' };

test('a plan for the demo brand: written by the model as it streams, approved by a reviewer, applied and launched', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // the demo account the server seeds (brand "Risala Demo Store", 500 customers in Arabic and English)
  await signInUi(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard/);
  const email = DEMO.email;

  const id = await makePlan(page);
  // the plan's text is written by the model as the page shows it, every figure checked
  const narrative = page.getByTestId('ai-plan-narrative');
  await expect(narrative).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('ai-plan-narrative-engine')).toContainText('risala-sim-1');
  await expect(page.getByTestId('ai-plan-narrative-text')).toContainText('Here it is, in a few words');
  const segments = page.getByTestId('ai-plan-segment');
  await expect(segments).toHaveCount(2);
  // the built-in writer composes from the offer (never the notes as typed), with the Arabic percent sign
  await expect(segments.first().getByTestId('ai-plan-sms-a')).toContainText('خصم 20٪');
  await expect(segments.nth(1).getByTestId('ai-plan-sms-a')).toContainText('20% off everything');

  // writing again, slowly: Stop ends it and nothing is saved
  await simControl({ chunk_delay_ms: 150 });
  try {
    await page.getByTestId('ai-plan-write').click();
    await expect(narrative).toHaveAttribute('data-status', 'writing');
    await page.getByTestId('ai-plan-narrative-cancel').click();
    await expect(narrative).toHaveAttribute('data-status', 'cancelled');
    await expect(page.getByTestId('ai-plan-narrative-cancelled')).toBeVisible();
  } finally {
    await simControl({ chunk_delay_ms: 2 });
  }

  await page.getByTestId('ai-plan-submit-approval').click();
  await expect(page.getByTestId('ai-plan-page')).toHaveAttribute('data-status', 'PENDING_APPROVAL');

  // a reviewer approves it from the queue
  const reviewer = await signInReviewer(browser, request, email, 'e2e.aiplans', test.info().project.use.baseURL);
  await reviewer.page.goto('/campaign/ai-plans?view=pending');
  await reviewer.page.getByTestId('ai-plan-row').getByRole('link').click();
  await reviewer.page.getByTestId('ai-plan-approve').click();
  await expect(reviewer.page.getByTestId('ai-plan-page')).toHaveAttribute('data-status', 'APPROVED');
  await reviewer.context.close();

  // the author's bell says it was approved
  await page.reload();
  await expect(page.getByTestId('notification-badge')).toBeVisible({ timeout: 35_000 });
  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('notification-item').filter({ hasText: 'AI plan approved' })).toBeVisible();
  await page.keyboard.press('Escape');

  await expect(page.getByTestId('ai-plan-page')).toHaveAttribute('data-status', 'APPROVED');
  await page.getByTestId('ai-plan-apply').click();
  await expect(page.getByTestId('ai-plan-applied')).toBeVisible();
  const plan = (await (await page.request.get(`/api/ai-plans/${id}`)).json()).data;
  const english = plan.plan.segments.find((s: { key: string }) => s.key === 'en');

  // the English segment's draft opens in the launcher with everything filled, and launches
  await segments.nth(1).getByTestId('ai-plan-open-draft').click();
  await expect(page).toHaveURL(new RegExp(`/campaign/${english.campaign_id}$`));
  await expect(page.getByTestId('launcher-page')).toBeVisible();
  await page.getByTestId('launcher-step-review').click();
  await expect(page.getByTestId('review-messages')).toHaveText(String(english.estimate.messages), { timeout: 15_000 });
  await page.getByTestId('launcher-launch').click();
  await page.getByTestId('launch-confirm-yes').click(); // launching asks first
  await expect(page).toHaveURL(new RegExp(`/campaignhistory\\?campaign=${english.campaign_id}$`));
  await expect(page.getByTestId('campaign-progress')).toHaveAttribute('data-status', /SCHEDULED|RUNNING|COMPLETED/);
});

test('Write with AI fills an SMS template with a checked variant', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.aiwrite');
  await demoAccount(email);
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/template/new/sms');
  await page.getByTestId('template-write-with-ai').click();
  await page.getByTestId('template-write-with-ai-topic').fill('Our summer collection is in store');
  await page.getByTestId('template-write-with-ai-generate').click();
  const variant = page.getByTestId('ai-variant').first();
  await expect(variant).toHaveAttribute('data-source', 'model');
  await expect(variant.getByTestId('ai-variant-parts')).toHaveAttribute('data-parts', '1');
  const text = await variant.getByTestId('ai-variant-text').textContent();
  await variant.getByTestId('ai-variant-use').click();
  await expect(page.getByTestId('template-text')).toHaveValue(text ?? '');
  await expect(page.getByTestId('template-text')).toHaveValue(/STOP/);
});

test('deleting a plan asks first: Cancel keeps it, Delete removes it', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.plan.delete');
  const accountId = await demoAccount(email);
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  const id = await makePlan(page);
  await page.getByTestId('ai-plan-delete').click();
  const dialog = page.getByRole('dialog', { name: 'Delete this plan?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Launcher drafts already made from it stay');
  await page.getByTestId('ai-plan-delete-cancel').click();
  await expect(dialog).toBeHidden();
  expect(await sql('select id from ai_plans where id = $1 and account_id = $2', [id, accountId])).toHaveLength(1);
  await page.getByTestId('ai-plan-delete').click();
  await page.getByTestId('ai-plan-delete-confirm').click();
  await expect(page).toHaveURL(/\/campaign\/ai-plans$/);
  expect(await sql('select id from ai_plans where id = $1', [id])).toHaveLength(0);
});
