import { expect, test } from '@playwright/test';
import { registerVerified, signInUi, sql } from './fixtures.ts';

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

test('in Arabic, a bell notification quoting a Latin name keeps its quotes and brackets in place (the name isolated)', async ({
  page,
  request,
}) => {
  const email = await registerVerified(request, 'e2e.bell.bidi');
  const [user] = await sql('select id, account_id from users where email = $1', [email]);
  // what the WhatsApp template review raises when Meta approves a template (whatsapp-status.ts)
  await sql(
    `insert into notifications (account_id, user_id, type, title_key, message_key, params)
     values ($1, $2, 'template_status', 'notifications.whatsappTemplateApproved.title', 'notifications.whatsappTemplateApproved.message', $3)`,
    [user.account_id, user.id, JSON.stringify({ name: 'qa_offer_ar', language: 'ar', reason: '' })],
  );
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await page.getByTestId('notification-bell').click();
  const item = page.getByTestId('notification-item').filter({ hasText: 'qa_offer_ar' });
  await expect(item).toContainText('تم اعتماد قالب واتساب');
  await expect(item).toContainText('اعتمدت Meta قالب واتساب «\u2068qa_offer_ar\u2069» (\u2068العربية\u2069). يمكنك استخدامه للإرسال.');
});
