/**
 * The team: an owner invites a colleague as marketer, the invitation mail is read
 * from the sandbox inbox, a second browser context opens its link, accepts and lands signed in with
 * the marketer's reduced menus. Then the /users page in Arabic, at 1440 and 390 px.
 */
import { expect, test } from '@playwright/test';
import { audit, BLOCKING, type Finding, report, trackRequests } from './a11y-audit.ts';
import { newEmail, PASSWORD, registerVerified, signInUi } from './fixtures.ts';

/** The accept link of the newest invitation mail to an address, read from the sandbox inbox. */
async function invitationLink(request: import('@playwright/test').APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/sandbox/mails?to=${encodeURIComponent(email)}`);
      const text: string = (await res.json()).data.items[0]?.text ?? '';
      link = /https?:\/\/\S+\/accept-invitation\?token=[A-Za-z0-9_%-]+/.exec(text)?.[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
}

test('the owner invites a marketer; the invitee accepts in another browser and sees the reduced menu', async ({ page, browser }) => {
  const owner = await registerVerified(page.request, 'e2e.team.owner');
  await signInUi(page, owner);
  await expect(page).toHaveURL(/\/dashboard/);

  // the account menu offers the team page to the owner
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-users').click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(page.getByTestId('team-seats')).toHaveText('1 of 3 seats used');
  // the owner's own row says why it cannot be deactivated or demoted
  await page
    .getByTestId('team-row')
    .filter({ has: page.getByTestId('team-you') })
    .getByTestId('team-row-menu')
    .click();
  await expect(page.getByTestId('team-why-self')).toBeVisible();
  await expect(page.getByTestId('team-why-lastOwner')).toBeVisible();
  // reachable by keyboard, read with its reason, and it does nothing
  await expect(page.getByTestId('team-action-deactivate')).toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('team-action-deactivate').click({ force: true });
  await expect(page.getByTestId('team-confirm')).toHaveCount(0);
  await page.keyboard.press('Escape');

  const colleague = newEmail('e2e.team.marketer');
  await page.getByTestId('team-invite').click();
  const dialog = page.getByRole('dialog', { name: 'Invite a colleague' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(colleague);
  await dialog.getByTestId('team-invite-role').click();
  await page.getByRole('option', { name: 'Marketer' }).click();
  await dialog.getByLabel('First name').fill('Lina');
  await dialog.getByTestId('team-invite-submit').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('team-row').filter({ hasText: colleague });
  await expect(row.getByTestId('team-chip-invited')).toBeVisible();
  await expect(row).toContainText('Marketer');
  await expect(page.getByTestId('team-seats')).toHaveText('2 of 3 seats used');

  // the mail's link, opened in another browser (no session there)
  const link = await invitationLink(page.request, colleague);
  const other = await browser.newContext();
  try {
    const invitee = await other.newPage();
    await invitee.goto(new URL(link).pathname + new URL(link).search);
    await expect(invitee.getByTestId('invitation-preview')).toContainText('E2E Co');
    await expect(invitee.getByTestId('invitation-role')).toHaveText('Marketer');
    await expect(invitee.getByTestId('invitation-email')).toHaveValue(colleague);
    await expect(invitee.getByTestId('invitation-first-name')).toHaveValue('Lina');
    await invitee.getByTestId('invitation-last-name').fill('Saleh');
    // the sign-up password rules
    await invitee.getByTestId('invitation-password').fill('short');
    await invitee.getByTestId('invitation-confirm-password').fill('short');
    await invitee.getByTestId('invitation-submit').click();
    await expect(invitee).toHaveURL(/accept-invitation/);
    await invitee.getByTestId('invitation-password').fill(PASSWORD);
    await invitee.getByTestId('invitation-confirm-password').fill(PASSWORD);
    await invitee.getByTestId('invitation-submit').click();

    // signed in on the marketer's landing page, with the marketer's menus
    await expect(invitee).toHaveURL(/\/dashboard/);
    await expect(invitee.getByTestId('sidebar-item-campaign')).toBeVisible();
    await expect(invitee.getByTestId('sidebar-item-gateway')).toHaveCount(0);
    await invitee.getByTestId('user-menu').click();
    await expect(invitee.getByTestId('menu-profile')).toBeVisible();
    await expect(invitee.getByTestId('menu-users')).toHaveCount(0);
    await invitee.keyboard.press('Escape');

    // the link worked once
    await invitee.goto(new URL(link).pathname + new URL(link).search);
    await expect(invitee.getByTestId('invitation-invalid')).toBeVisible();
  } finally {
    await other.close();
  }

  // the owner's list now shows the colleague as an active user
  await page.reload();
  const joined = page.getByTestId('team-row').filter({ hasText: colleague });
  await expect(joined.getByTestId('team-chip-active')).toBeVisible();
  await expect(joined).toHaveAttribute('data-kind', 'user');
});

test('the team page in Arabic: right to left, Arabic words, fits 390 px; no blocking axe finding', async ({ page }) => {
  const findings: Finding[] = [];
  const inflight = trackRequests(page);
  const owner = await registerVerified(page.request, 'e2e.team.arabic');
  await signInUi(page, owner);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.goto('/users');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'الفريق' })).toBeVisible();
    await expect(page.getByTestId('team-seats')).toHaveText('1 من 3 مقاعد مستخدمة');
    await expect(page.getByTestId('team-chip-active')).toHaveText('نشط');
    // a table on a wide screen, cards (each with its labelled lines) on a phone
    if (width > 500) await expect(page.getByRole('columnheader', { name: 'الدور' })).toBeVisible();
    else await expect(page.getByTestId('team-cards').getByText('الدور').first()).toBeVisible();
    // the page itself does not scroll sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await audit(page, inflight, `ar ${width} /users`, findings);
  }
  await page.getByTestId('team-invite').click();
  await expect(page.getByRole('dialog', { name: 'دعوة زميل' })).toBeVisible();
  await expect(page.getByRole('dialog').getByTestId('team-invite-submit')).toHaveText('إرسال الدعوة');
  await audit(page, inflight, 'ar /users invite dialog', findings, '[data-portal]');
  await page.keyboard.press('Escape');
  await page.getByTestId('team-row-menu').first().click();
  await expect(page.getByTestId('team-why-self')).toBeVisible();
  await audit(page, inflight, 'ar /users row menu', findings, '[data-portal]');
  await page.keyboard.press('Escape');
  await page.goto('/accept-invitation?token=not-a-real-invitation-token');
  await expect(page.getByTestId('invitation-invalid')).toBeVisible();
  await audit(page, inflight, 'ar /accept-invitation invalid', findings);
  report(findings);
  expect(findings.filter((f) => BLOCKING.has(f.impact))).toEqual([]);
});
