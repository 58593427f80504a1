import { expect, type Page, test } from '@playwright/test';
import { registerVerified, signInUi, sql } from './fixtures.ts';

/**
 * The assistant in Chromium: the chat window on the inline end, a question in Arabic
 * answered with the demo group's real size (by the model — the sandbox chat-completions peer that
 * scripts/e2e.mjs runs — and by the built-in engine), a campaign draft opened in the launcher, and
 * the AI service taken down: offline with the §8 text, then back online.
 */
const GROUP_SIZE = 37;
const simControl = (body: object) =>
  fetch(`${process.env.E2E_AI_SIM_URL}/__sim/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A signed-up account with a static "Demo customers" group, signed in on `page`. */
async function accountWithDemoGroup(page: Page, tag: string) {
  const email = await registerVerified(page.request, tag);
  const [{ account_id }] = await sql('select account_id from users where email = $1', [email]);
  await sql(
    `with g as (insert into customer_groups (account_id, group_name, type, status) values ($1, 'Demo customers', 'static', 'ACTIVE') returning id),
          c as (insert into customers (account_id, first_name, mobile_number, consent_sms, consent_sms_source, consent_sms_at)
                select $1, 'Demo' || n, '+9665' || lpad((n * 7919)::text, 8, '0'), true, 'e2e', now() from generate_series(1, $2::int) n returning id)
     insert into group_members (account_id, group_id, customer_id) select $1, g.id, c.id from g, c`,
    [account_id, GROUP_SIZE],
  );
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  return { email, accountId: Number(account_id) };
}

async function ask(page: Page, question: string) {
  const input = page.getByTestId('chat-input');
  await input.fill(question);
  await input.press('Enter');
  await expect(page.getByTestId('chat-send')).toBeDisabled(); // empty box (and waiting)
  await expect(page.getByTestId('chat-thinking')).toBeHidden({ timeout: 30_000 });
  return page.getByTestId('chat-message-bot').last();
}

/** A number as Arabic text may show it (Arabic-Indic or Latin digits). */
const arabicNumber = (n: number) => new RegExp(`${new Intl.NumberFormat('ar', { numberingSystem: 'arab' }).format(n)}|\\b${n}\\b`);

test('in Arabic: the window sits bottom-left, counts the demo group with the model and the built-in engine', async ({ page }) => {
  await accountWithDemoGroup(page, 'e2e.ai.ar');
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const toggle = page.getByTestId('chat-toggle');
  // the inline end in Arabic is the left
  const box = await toggle.boundingBox();
  expect((box?.x ?? 999) + (box?.width ?? 0) / 2).toBeLessThan((page.viewportSize()?.width ?? 0) / 2);
  await toggle.click();
  await expect(page.getByTestId('chat-window')).toBeVisible();
  await expect(page.getByTestId('chat-welcome')).toContainText('استراتيجيات الحملات');
  await expect(page.getByTestId('chat-status')).toHaveAttribute('data-status', 'online');
  await expect(page.getByTestId('chat-input')).toBeFocused();

  const byModel = await ask(page, 'كم عدد العملاء في مجموعة Demo customers؟');
  await expect(byModel).toContainText(arabicNumber(GROUP_SIZE));
  await expect(byModel.getByTestId('chat-engine')).toHaveAttribute('data-engine', 'openai-compatible');

  // the same question to the built-in engine (the account chooses it in AI settings)
  await page.goto('/ai-settings');
  await page.getByTestId('ai-engine-builtin').check();
  await page.getByTestId('ai-settings-save').click();
  await expect(page.getByTestId('ai-settings-active')).toContainText('المساعد المدمج');
  // the conversation survived the page change
  await page.getByTestId('chat-toggle').click();
  await expect(page.getByTestId('chat-message-user')).toHaveCount(1);
  const builtin = await ask(page, 'كم عدد العملاء في مجموعة Demo customers؟');
  await expect(builtin).toContainText(arabicNumber(GROUP_SIZE));
  await expect(builtin.getByTestId('chat-engine')).toHaveAttribute('data-engine', 'builtin');
  // Shift+Enter adds a line instead of sending; Escape minimises and gives the button focus back
  await page.getByTestId('chat-input').fill('سطر');
  await page.getByTestId('chat-input').press('Shift+Enter');
  await expect(page.getByTestId('chat-input')).toHaveValue('سطر\n');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('chat-window')).toBeHidden();
  await expect(page.getByTestId('chat-toggle')).toBeFocused();
});

test('a campaign draft opens in the launcher; nothing is sent', async ({ page }) => {
  const { accountId } = await accountWithDemoGroup(page, 'e2e.ai.draft');
  await page.getByTestId('chat-toggle').click();
  const answer = await ask(page, 'Create a campaign for the Demo customers group');
  const card = answer.getByTestId('chat-draft-card');
  await expect(card).toHaveAttribute('data-kind', 'campaign_draft');
  await expect(card).toContainText(String(GROUP_SIZE));
  await card.getByTestId('chat-draft-open').click();
  await expect(page).toHaveURL(/\/campaign\/\d+$/);
  await expect(page.getByTestId('launcher-page')).toBeVisible();
  await expect(page.getByTestId('launcher-name')).toHaveValue(/Sim draft/);
  const [{ status }] = await sql('select status from campaigns where account_id = $1', [accountId]);
  expect(status).toBe('DRAFT');
  expect(await sql('select 1 from messages where account_id = $1', [accountId])).toHaveLength(0);
  // the window stays open on the launcher (a wide screen), with the conversation in it
  await expect(page.getByTestId('chat-window').getByTestId('chat-draft-card')).toBeVisible();
});

test('the AI service goes down: offline with the §8 text and troubleshooting, then back online', async ({ page }) => {
  await accountWithDemoGroup(page, 'e2e.ai.down');
  await page.getByTestId('chat-toggle').click();
  await expect(page.getByTestId('chat-status')).toHaveAttribute('data-status', 'online');
  await simControl({ down: true });
  try {
    const failed = await ask(page, 'How many customers are in the Demo customers group?');
    const error = failed.getByTestId('chat-error');
    await expect(error).toContainText('temporarily unavailable');
    await expect(error).toContainText('Check your internet connection');
    await expect(page.getByTestId('chat-status')).toHaveAttribute('data-status', 'offline');
  } finally {
    await simControl({ down: false });
  }
  // the next health check (every 10 s) finds it again
  await expect(page.getByTestId('chat-status')).toHaveAttribute('data-status', 'online', { timeout: 20_000 });
  const answer = await ask(page, 'How many customers are in the Demo customers group?');
  await expect(answer).toContainText(String(GROUP_SIZE));
});

test('each data answer shows what it counted, in words, with a link to the list filtered the same way (both languages)', async ({
  page,
}) => {
  const { accountId } = await accountWithDemoGroup(page, 'e2e.ai.query');
  await sql(`update customers set language = 'ar' where account_id = $1 and first_name in ('Demo1', 'Demo2', 'Demo3')`, [accountId]);
  await page.getByTestId('chat-toggle').click();
  const answer = await ask(page, 'How many customers speak Arabic?');
  await expect(answer).toContainText('3');
  const caption = page.getByTestId('chat-query').last();
  await expect(caption).toContainText('customers · language = Arabic · count');
  await caption.getByTestId('chat-query-link').click();
  await expect(page).toHaveURL(/\/customer\?language=ar/);
  await expect(page.getByTestId('customer-filter-language')).toHaveValue(/Arabic/);

  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  if (!(await page.getByTestId('chat-window').isVisible())) await page.getByTestId('chat-toggle').click();
  await ask(page, 'كم عدد العملاء الذين يتحدثون العربية؟');
  await expect(page.getByTestId('chat-query').last()).toContainText('العملاء · اللغة = العربية · العدد');
});

test("at 1440×900 the assistant's button never covers New SMS's Send, in English or Arabic", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await accountWithDemoGroup(page, 'e2e.ai.fab');
  const overlaps = async () => {
    const send = await page.getByTestId('compose-send').boundingBox();
    const fab = await page.getByTestId('chat-toggle').boundingBox();
    if (!send || !fab) throw new Error('no box');
    return send.x < fab.x + fab.width && send.x + send.width > fab.x && send.y < fab.y + fab.height && send.y + send.height > fab.y;
  };
  /** Every scroll position from the top to the end, 30 px apart: the Send row passes the button's corner on the way. */
  const neverCovered = async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    for (let y = 0; y <= end + 30; y += 30) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await expect.poll(overlaps, { message: `scrolled to ${y}` }).toBe(false);
    }
  };
  for (const dir of ['ltr', 'rtl']) {
    if (dir === 'rtl') await page.getByTestId('language-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await page.goto('/message-history/new-sms');
    await expect(page.getByTestId('compose-send')).toBeVisible();
    await neverCovered();
    // a lower window, where the page surely scrolls past the button
    await page.setViewportSize({ width: 1440, height: 640 });
    await neverCovered();
    await page.setViewportSize({ width: 1440, height: 900 });
    // and the button can still be clicked
    await page.getByTestId('chat-toggle').click();
    await expect(page.getByTestId('chat-window')).toBeVisible();
    await page.keyboard.press('Escape');
  }
});
