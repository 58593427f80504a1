import { expect, type Page, test } from '@playwright/test';
import { registerVerified, signInUi, sql } from './fixtures.ts';

/**
 * Drafts are offered, not dropped (Chromium, built-in engine, Arabic): "اكتب لي رسالة SMS لتخفيضات
 * رمضان 20٪" answers with a draft card — the offer written as a message, not the instruction —
 * and saves nothing; "Save as template" saves one DRAFT template named in the account's zone and
 * the reader's language; "Use in a campaign" opens the launcher with the text, saving nothing.
 */
const ZONE = 'Asia/Riyadh';

async function arabicAccountOnBuiltin(page: Page, tag: string) {
  const email = await registerVerified(page.request, tag);
  const [{ account_id }] = await sql('select account_id from users where email = $1', [email]);
  await sql('update accounts set timezone = $2 where id = $1', [account_id, ZONE]);
  await sql(
    `insert into ai_account_settings (account_id, engine) values ($1, 'builtin') on conflict (account_id) do update set engine = 'builtin'`,
    [account_id],
  );
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  return Number(account_id);
}

async function askForDraft(page: Page) {
  await page.getByTestId('chat-toggle').click();
  const input = page.getByTestId('chat-input');
  await input.fill('اكتب لي رسالة SMS لتخفيضات رمضان 20٪');
  await input.press('Enter');
  await expect(page.getByTestId('chat-thinking')).toBeHidden({ timeout: 30_000 });
  const card = page.getByTestId('chat-message-draft').last();
  await expect(card).toBeVisible();
  return card;
}

const templates = async (accountId: number) =>
  sql('select template_name, status, message_type, template_text from templates where account_id = $1 order by id', [accountId]);

/** Hours and minutes of now in the account's zone as the app writes them, in Western digits ("8:27"), and a minute either side. */
function zonedTimes(): string[] {
  const fmt = new Intl.DateTimeFormat('en', { timeZone: ZONE, hour: 'numeric', minute: '2-digit', hour12: true });
  return [-60_000, 0, 60_000].map((d) => fmt.format(Date.now() + d));
}
const westernDigits = (s: string) => s.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));

test('a draft card offers the Ramadan SMS and saves it only when asked, named in the account zone and in Arabic', async ({ page }) => {
  const accountId = await arabicAccountOnBuiltin(page, 'e2e.ai.drafts');
  const before = await templates(accountId);
  const card = await askForDraft(page);

  // the message is the offer, in Arabic, not the instruction
  const body = card.getByTestId('chat-draft-body');
  await expect(body).toContainText('رمضان');
  await expect(body).toContainText('20٪');
  await expect(body).not.toContainText('اكتب');
  await expect(body).toHaveAttribute('dir', 'rtl');
  await expect(card.getByTestId('chat-draft-language')).toHaveAttribute('data-ok', 'true');
  await expect(card.getByTestId('chat-draft-parts')).toHaveAttribute('data-fits', 'true');
  // the placeholder is laid out whole, name first: on screen "{{" and "first_name" stand left of the Arabic fallback
  const placeholder = body.locator('bdi[data-run="placeholder"]');
  await expect(placeholder).toHaveText(/^\{\{first_name\|/);
  const xs = await placeholder.evaluate((el) => {
    const node = el.firstChild as Text;
    const at = (i: number) => {
      const r = document.createRange();
      r.setStart(node, i);
      r.setEnd(node, i + 1);
      return r.getBoundingClientRect().x;
    };
    return { brace: at(0), name: at(2), fallback: at(node.data.indexOf('|') + 1) };
  });
  expect(xs.brace).toBeLessThan(xs.name);
  expect(xs.name).toBeLessThan(xs.fallback);
  // nothing saved by the answer
  expect(await templates(accountId)).toEqual(before);

  await card.getByTestId('chat-draft-save').click();
  await expect(card.getByTestId('chat-draft-saved')).toBeVisible();
  const after = await templates(accountId);
  expect(after).toHaveLength(before.length + 1);
  const saved = after.at(-1);
  expect(saved).toMatchObject({ status: 'DRAFT', message_type: 'sms' });
  expect(saved?.template_text).toContain('رمضان');
  // "مسودة المساعد ٠٧‏/١٢‏/٢٠٢٦، ٨:٢٧ ص": Arabic words, the app's time format, the account's local time (not UTC)
  const name = westernDigits(String(saved?.template_name));
  expect(name.startsWith('مسودة المساعد ')).toBe(true);
  expect(zonedTimes().some((hm) => name.includes(hm.replace(/\s*[AP]M$/, '')))).toBe(true);
  await expect(card.getByTestId('chat-draft-saved')).toContainText(String(saved?.template_name));
});

test('"Use in a campaign" opens the launcher with the SMS, saving nothing', async ({ page }) => {
  const accountId = await arabicAccountOnBuiltin(page, 'e2e.ai.drafts.use');
  const card = await askForDraft(page);
  const text = (await card.getByTestId('chat-draft-body').textContent()) ?? '';
  await card.getByTestId('chat-draft-use').click();
  await expect(page).toHaveURL(/\/campaign\?new=1/);
  await expect(page.getByTestId('launcher-page')).toBeVisible();
  // nothing saved until the marketer changes something in the launcher
  expect(await sql('select id from campaigns where account_id = $1', [accountId])).toEqual([]);
  expect(await templates(accountId)).toEqual([]);
  // the first change saves the draft as any new campaign — with the SMS channel and the assistant's text
  await page.keyboard.press('Escape');
  await page.getByTestId('launcher-name').fill('حملة رمضان');
  await expect(page).toHaveURL(/\/campaign\/\d+$/);
  await expect(page.getByTestId('launcher-save-state')).toHaveAttribute('data-state', 'saved');
  const [campaign] = await sql('select channels, content, status from campaigns where account_id = $1', [accountId]);
  expect(campaign).toMatchObject({ channels: ['sms'], status: 'DRAFT', content: { sms: { text, template_id: null } } });
});
