import { expect, test } from '@playwright/test';
import { registerVerified, signInUi, sql } from './fixtures.ts';

test('the launcher keeps what was typed when leaving at once, and saves no empty draft first', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.launcher-drafts');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  const [{ account_id }] = await sql('select account_id from users where email = $1', [email]);

  await page.goto('/campaign');
  await page.getByTestId('launcher-name').fill('Eid sale');
  // leave within the autosave delay: the draft is saved on the way out, no question asked
  await page.getByTestId('sidebar-item-campaignhistory').click();
  await expect(page).toHaveURL(/\/campaignhistory/);
  await expect(page.getByTestId('leave-guard-stay')).toHaveCount(0);
  await expect
    .poll(async () => (await sql('select name from campaigns where account_id = $1 order by id', [account_id])).map((r) => r.name))
    .toEqual(['Eid sale']);
});
