import { expect, test } from '@playwright/test';
import { newEmail, registerVerified, signInUi, sql } from './fixtures.ts';

/** Account settings on /user-profile: the time zone schedules are typed and shown in (owner, admin). */
test.use({ viewport: { width: 390, height: 844 } });

test('an owner sets the account time zone on the profile page; a marketer does not see the account settings', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.phone.zone');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto('/user-profile');
  const zone = page.getByTestId('account-timezone');
  // named in the interface language, not by its IANA id (the arrow keeps off the text)
  await expect(zone).toHaveValue(/^توقيت المملكة العربية السعودية/);
  await zone.fill('Dubai');
  await page.getByRole('option', { name: /Asia\/Dubai/ }).click();
  await page.getByTestId('account-save').click();
  await expect(page.getByText('تم حفظ إعدادات الحساب.')).toBeVisible();
  const [row] = await sql('select a.timezone, a.id from accounts a join users u on u.account_id = a.id where u.email = $1', [email]);
  expect(row.timezone).toBe('Asia/Dubai');
  await page.goto('/profile');
  await expect(page.getByTestId('profile-page')).toContainText('توقيت الإمارات العربية المتحدة');
  await expect(page.getByTestId('profile-upgrade')).toBeVisible(); // the owner may change the plan

  const marketer = newEmail('e2e.phone.zone.marketer');
  const [role] = await sql("select id from roles where account_id = $1 and key = 'marketer'", [row.id]);
  const [owner] = await sql('select password_hash from users where email = $1', [email]);
  await sql(
    `insert into users (account_id, role_id, email, password_hash, first_name, last_name, email_verified_at)
     values ($1, $2, $3, $4, 'Nora', 'Ali', now())`,
    [row.id, role.id, marketer, owner.password_hash],
  );
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await signInUi(page, marketer);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/user-profile');
  await expect(page.getByTestId('profile-form')).toBeVisible();
  await expect(page.getByTestId('account-form')).toHaveCount(0);
  // a marketer has no billing rights: no Upgrade offer on the profile
  await page.goto('/profile');
  await expect(page.getByTestId('profile-page')).toContainText(/الإمارات العربية المتحدة|United Arab Emirates Time/);
  await expect(page.getByTestId('profile-upgrade')).toHaveCount(0);
  expect((await page.request.put('/api/account', { data: { timezone: 'UTC' } })).status()).toBe(403);
});
