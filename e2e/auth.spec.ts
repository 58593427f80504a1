import { expect, test } from '@playwright/test';
import { newEmail, otpFor, PASSWORD, registerVerified, signInUi, submitRegisterForm } from './fixtures.ts';

test('register → code from the sandbox → verify → signed in on the landing page, no second password', async ({ page, request }) => {
  const email = newEmail('e2e.register');
  await page.goto('/register');
  await submitRegisterForm(page, email);

  await expect(page).toHaveURL(/\/otp-register/);
  // the code is read from the sandbox inbox screen, as a user would
  await page.goto(`/sandbox/inbox?to=${encodeURIComponent(email)}`);
  const shown = page.getByTestId('sandbox-otp').first();
  await expect(shown).toHaveText(/\d{6}/);
  const code = await otpFor(request, email);
  await expect(shown).toContainText(code);

  await page.goto(`/otp-register?email=${encodeURIComponent(email)}`);
  await page.getByTestId('otp-input').fill(code);
  await page.getByTestId('otp-submit').click();
  // the code signed the new owner in: straight to the dashboard, the session survives a reload
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('top-bar-name')).toHaveText('Omar Saleh');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('top-bar-name')).toHaveText('Omar Saleh');
});

test('a wrong code signs nobody in: the code page stays, with the error', async ({ page, request }) => {
  const email = newEmail('e2e.register.wrong');
  await page.goto('/register');
  await submitRegisterForm(page, email);
  await expect(page).toHaveURL(/\/otp-register/);
  const code = await otpFor(request, email);
  await page.getByTestId('otp-input').fill(code === '000000' ? '111111' : '000000');
  await page.getByTestId('otp-submit').click();
  await expect(page.getByTestId('form-error')).toBeVisible();
  await expect(page).toHaveURL(/\/otp-register/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the login error and stays on /login', async ({ page }) => {
  await signInUi(page, 'demo@risala.local', 'Wrong@Pass1');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a link opened while signed out comes back, query and all, after signing in', async ({ page, request }) => {
  const email = await registerVerified(request, 'e2e.return-link');
  await page.goto('/customer?search=Layla&sort=name&order=asc');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/customer\?search=Layla&sort=name&order=asc$/);
  await expect(page.getByTestId('customer-search')).toHaveValue('Layla');
});

test('Back to the code page after verifying leads to the signed-in owner\'s landing page, not sign-in or "wrong code"', async ({
  page,
  request,
}) => {
  const email = newEmail('e2e.verify.twice');
  const reg = await request.post('/api/auth/register', {
    data: { email, password: PASSWORD, confirm_password: PASSWORD, first_name: 'Omar', last_name: 'Saleh', phone_number: '+966501234567' },
  });
  expect(reg.status()).toBe(201);
  const code = await otpFor(request, email);
  await page.goto(`/otp-register?email=${encodeURIComponent(email)}`);
  await page.getByTestId('otp-input').fill(code);
  await page.getByTestId('otp-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // the code signed the new owner in: the code page, opened again, sends them back in, never to sign-in
  await page.goto(`/otp-register?email=${encodeURIComponent(email)}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('form-error')).toHaveCount(0);
});

test('signing up with an address that has an account looks the same on screen; its mailbox is told to sign in', async ({
  page,
  request,
}) => {
  const email = await registerVerified(request, 'e2e.signup.taken');
  await page.goto('/register');
  await submitRegisterForm(page, email);
  // the same next step as for a new address, which says what happens when the address is taken
  await expect(page).toHaveURL(/\/otp-register/);
  await expect(page.getByTestId('otp-existing-hint')).toBeVisible();
  await expect(page.getByTestId('form-error')).toHaveCount(0);
  await page.goto(`/sandbox/inbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByText('You already have a Risala account')).toBeVisible();
});
