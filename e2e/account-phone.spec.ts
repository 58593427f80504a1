import { expect, type Locator, type Page, test } from '@playwright/test';
import { newEmail, otpFor, PASSWORD, registerVerified, signInUi, sql } from './fixtures.ts';

/** The account surfaces on a phone (390 px), in Arabic, and the language a user signs in with. */
test.use({ viewport: { width: 390, height: 844 } });

const toArabicDigits = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

async function toArabic(page: Page) {
  await page.getByTestId('language-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

/** The element is fully on screen and no text inside it is cut by its box (a label's ellipsis or overflow). */
async function expectWhole(locator: Locator) {
  const box = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    // the first element whose content is wider than its box, named so a failure says which
    const cut = [el, ...Array.from(el.querySelectorAll('*'))]
      // a spinner still turning while the panel loads is not text cut off
      .find((e) => e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0 && !e.closest('.mantine-Loader-root'));
    const clipped = cut
      ? `${cut.tagName.toLowerCase()}.${cut.className} (${cut.scrollWidth} > ${cut.clientWidth}): ${cut.textContent?.slice(0, 60)}`
      : '';
    return { left: r.left, right: r.right, clipped, vw: window.innerWidth };
  });
  expect(box.left).toBeGreaterThanOrEqual(0);
  expect(box.right).toBeLessThanOrEqual(box.vw);
  expect(box.clipped).toBe('');
}

test('a code typed with an Arabic number pad verifies the address', async ({ page, request }) => {
  const email = newEmail('e2e.phone.digits');
  const reg = await request.post('/api/auth/register', {
    data: {
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
      first_name: 'سارة',
      last_name: 'العتيبي',
      phone_number: '+٩٦٦٥٠١٢٣٤٥٦٧',
    },
  });
  expect(reg.status()).toBe(201);
  await page.goto(`/otp-register?email=${encodeURIComponent(email)}`);
  await toArabic(page);
  const code = await otpFor(request, email);
  await page.getByTestId('otp-input').pressSequentially(toArabicDigits(code));
  await expect(page.getByTestId('otp-input')).toHaveValue(code);
  await page.getByTestId('otp-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await sql('select phone_number from users where email = $1', [email]))[0].phone_number).toBe('+966501234567');
});

test('the Arabic picked on the sign-in page becomes the profile language; a browser never set shows the profile language', async ({
  browser,
  request,
}) => {
  const email = await registerVerified(request, 'e2e.phone.lang');
  const first = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await first.goto('/login');
  await toArabic(first);
  await signInUi(first, email);
  await expect(first).toHaveURL(/\/dashboard/);
  await expect.poll(async () => (await sql('select language from users where email = $1', [email]))[0].language).toBe('ar');
  await first.goto('/profile');
  await expect(first.getByTestId('profile-page')).toContainText('العربية');
  await first.close();

  // another browser, nothing picked: the interface follows the user's Arabic
  const second = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signInUi(second, email);
  await expect(second).toHaveURL(/\/dashboard/);
  await expect(second.locator('html')).toHaveAttribute('dir', 'rtl');
  await second.close();
});

test('on a phone in Arabic: checklist buttons, the expanded bell and a long address all stay whole', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.phone.layout.with.a.rather.long.address');
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  await toArabic(page);
  for (const step of ['brand', 'customers', 'approved_template', 'sent_message', 'launched_campaign']) {
    await expectWhole(page.getByTestId(`step-${step}-action`));
  }

  await page.getByTestId('notification-bell').click();
  await page.getByTestId('notification-view-all').click();
  await expect(page.getByTestId('notification-panel')).toHaveAttribute('data-mode', 'expanded');
  await expectWhole(page.getByTestId('notification-panel'));
  await page.keyboard.press('Escape');

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/forget-password');
  await page.getByTestId('forgot-email').fill(email);
  await page.getByTestId('forgot-submit').click();
  await expectWhole(page.getByTestId('forgot-sent'));
});
