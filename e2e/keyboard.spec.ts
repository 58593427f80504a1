/**
 * The product is usable with the keyboard alone. Sign-in → launcher → launch walked
 * with Tab, Shift+Tab, Enter, Space and arrow keys (no pointer), focus visible at every stop; and focus
 * goes back to the control that opened a dialog when it closes, by Escape or by its own button.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { PASSWORD, registerVerified, sql } from './fixtures.ts';

/** Tab (or Shift+Tab) until `target` holds focus, then check that the focus is shown. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
  await expectFocusShown(page);
}

/** The focused element matches :focus-visible and draws something for it (outline, ring or border). */
async function expectFocusShown(page: Page) {
  // polled: an input's border colour changes with a short transition
  const shown = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return 'nothing focused';
      if (!el.matches(':focus-visible')) return `${el.outerHTML.slice(0, 120)} is not :focus-visible`;
      // an input draws its focus on its wrapper's border; anything else on itself
      const s = getComputedStyle(el);
      const ring = (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
      const probe = document.body.appendChild(document.createElement('i'));
      probe.style.color = 'var(--mantine-primary-color-filled)';
      const primary = getComputedStyle(probe).color;
      probe.remove();
      // a password or multi-select field's border is on the box around the <input>
      const box = el.closest('.mantine-Input-input') ?? el;
      const input = el.matches('input, textarea') && getComputedStyle(box).borderColor === primary;
      return ring || input ? 'shown' : `${el.outerHTML.slice(0, 120)} draws no focus`;
    });
  await expect.poll(shown).toBe('shown');
}

/** Tab to `target` (focus stays inside an open dialog, so Tab reaches it) and press `key` on it. */
async function pressOn(page: Page, target: Locator, key: string) {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** `key` on the focused `opener` shows `dialog`; `close` hides it; focus is back on `opener`, shown. */
async function closesBack(page: Page, opener: Locator, key: string, dialog: Locator, close: () => Promise<void>) {
  await expect(opener).toBeFocused();
  await page.keyboard.press(key);
  await expect(dialog).toBeVisible();
  // the dialog takes focus: Tab now moves inside it, not along the page behind
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await close();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expectFocusShown(page);
}

async function smsGroup(email: string) {
  const [{ account_id }] = await sql('select account_id from users where email = $1', [email]);
  const [{ id }] = await sql(
    `insert into customer_groups (account_id, group_name, type, status) values ($1, 'Keyboard five', 'static', 'ACTIVE') returning id`,
    [account_id],
  );
  await sql(
    `with c as (
       insert into customers (account_id, first_name, mobile_number, consent_sms, consent_sms_source, consent_sms_at)
       select $1, 'Customer ' || g, '+96650' || (7400000 + g)::text, true, 'e2e', now() from generate_series(1, 5) g
       returning id)
     insert into group_members (account_id, group_id, customer_id) select $1, $2, id from c`,
    [account_id, id],
  );
  return Number(account_id);
}

test('sign-in, the launcher and the launch confirmation work with the keyboard alone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = await registerVerified(request, 'e2e.keyboard');
  const accountId = await smsGroup(email);

  await page.goto('/login');
  await tabTo(page, page.getByTestId('login-email'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByTestId('login-password'));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard/);
  expect((await page.request.post('/api/brands', { data: { name: 'Bloom' } })).status()).toBe(201);

  await page.goto('/campaign');
  // step 1: the brand (a combobox: arrow keys and Enter), the name; Next by Enter
  const brand = page.getByTestId('launcher-brand');
  await tabTo(page, brand);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Bloom' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(brand).toHaveValue('Bloom');
  await tabTo(page, page.getByTestId('launcher-name'));
  await page.keyboard.type('Keys only');
  await tabTo(page, page.getByTestId('launcher-next'));
  await page.keyboard.press('Enter');

  // step 2: the SMS channel, ticked with Space
  await expect(page.getByTestId('launcher-panel-channels')).toBeVisible();
  const smsBox = page.getByTestId('launcher-channel-sms');
  await tabTo(page, smsBox, { back: true });
  await page.keyboard.press('Space');
  await expect(smsBox).toBeChecked();
  await tabTo(page, page.getByTestId('launcher-next'));
  await page.keyboard.press('Enter');

  // step 3: the group, from the multi-select's list
  const groups = page.getByTestId('launcher-groups');
  await tabTo(page, groups, { back: true });
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: /Keyboard five/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('audience-reachable')).toHaveText('5', { timeout: 15_000 });
  await tabTo(page, page.getByTestId('launcher-next'));
  await page.keyboard.press('Enter');

  // step 4: the text
  const text = page.getByTestId('content-sms-text');
  await tabTo(page, text, { back: true });
  await page.keyboard.type('Hi {{first_name}}, keys only today');
  for (let i = 0; i < 4; i++) {
    await tabTo(page, page.getByTestId('launcher-next'));
    await page.keyboard.press('Enter');
  }

  // the review, then Launch by Space; the confirmation takes focus and Enter on its button sends
  await expect(page.getByTestId('launcher-review')).toBeVisible();
  await expect(page.getByTestId('review-messages')).toHaveText('5', { timeout: 15_000 });
  const launch = page.getByTestId('launcher-launch');
  await tabTo(page, launch);
  const confirm = page.getByRole('dialog', { name: 'Send “Keys only” now?' });
  // closed by Escape and by "Keep editing", the confirmation gives focus back to Launch
  await closesBack(page, launch, 'Space', confirm, () => page.keyboard.press('Escape'));
  await closesBack(page, launch, 'Enter', confirm, () => pressOn(page, page.getByTestId('launch-confirm-keep'), 'Space'));
  await page.keyboard.press('Space');
  await expect(confirm).toBeVisible();
  await expect(page.getByTestId('launch-confirm-credits')).toHaveText('5');
  await tabTo(page, page.getByTestId('launch-confirm-yes'));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/campaignhistory\?campaign=\d+$/);
  // in Campaign History the campaign's name opens its report drawer; Escape gives focus back to the name
  await page.goto('/campaignhistory');
  const report = page.getByRole('dialog');
  const open = page.getByTestId('campaign-open');
  await tabTo(page, open);
  await closesBack(page, open, 'Enter', report, () => page.keyboard.press('Escape'));
  await expect
    .poll(async () => (await sql('select status from campaigns where account_id = $1 and name = $2', [accountId, 'Keys only']))[0]?.status)
    .not.toBe('DRAFT');
  await expect
    .poll(async () => Number((await sql('select count(*) from messages where account_id = $1', [accountId]))[0].count), {
      timeout: 30_000,
    })
    .toBe(5);
});

test('focus goes back to what opened a dialog or a popover when it closes', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.keyboard-return');
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard/);
  expect((await page.request.post('/api/brands', { data: { name: 'Bloom' } })).status()).toBe(201);
  expect((await page.request.post('/api/campaigns', { data: { name: 'Old draft' } })).status()).toBe(201);

  // the bell's panel (a popover with buttons in it)
  const bell = page.getByTestId('notification-bell');
  await tabTo(page, bell);
  await closesBack(page, bell, 'Enter', page.getByRole('dialog'), () => page.keyboard.press('Escape'));

  // a delete confirmation in a modal: Escape, then its Cancel button
  await page.goto('/brand');
  const brandDelete = page.getByTestId('brand-delete');
  await tabTo(page, brandDelete);
  const modal = page.getByRole('dialog', { name: 'Delete brand' });
  await closesBack(page, brandDelete, 'Enter', modal, () => page.keyboard.press('Escape'));
  await closesBack(page, brandDelete, 'Space', modal, () => pressOn(page, modal.getByRole('button', { name: 'Cancel' }), 'Enter'));

  // a delete confirmation in a popover: Escape gives focus back; its button is reached by Tab and deletes
  await page.goto('/campaignhistory');
  const campaignDelete = page.getByTestId('campaign-delete');
  await tabTo(page, campaignDelete);
  await closesBack(page, campaignDelete, 'Enter', page.getByRole('dialog'), () => page.keyboard.press('Escape'));
  await page.keyboard.press('Enter');
  await pressOn(page, page.getByTestId('campaign-delete-confirm'), 'Enter');
  await expect(page.getByTestId('campaign-row')).toHaveCount(0);
});
