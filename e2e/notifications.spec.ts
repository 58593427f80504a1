import { expect, test } from '@playwright/test';
import { registerVerified, signInUi } from './fixtures.ts';

test('the bell shows the welcome notification and marks it read on click', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.bell');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  const badge = page.getByTestId('notification-badge');
  await expect(badge).toHaveText('1');

  await page.getByTestId('notification-bell').click();
  const item = page.getByTestId('notification-item').first();
  await expect(item).toContainText('Welcome to Risala');
  const marked = page.waitForResponse((r) => /\/api\/notifications\/\d+\/read$/.test(r.url()) && r.ok());
  await item.click();
  await marked;
  await expect(badge).toHaveCount(0);
  // the server agrees
  const count = await page.request.get('/api/notifications/count');
  expect((await count.json()).data).toMatchObject({ unreadCount: 0, readCount: 1, totalCount: 1 });
});
