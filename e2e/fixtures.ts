import { type APIRequestContext, expect, type Page } from '@playwright/test';
import pg from 'pg';

export const PASSWORD = 'Str0ng!Pass';
let n = 0;
export const newEmail = (tag: string) => `${tag}.${Date.now().toString(36)}.${++n}@example.com`;

/** The newest one-time code mailed to an address, read from the sandbox inbox API. */
export async function otpFor(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/sandbox/mails?to=${encodeURIComponent(email)}`);
      code = (await res.json()).data.items[0]?.otp_code ?? undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code as string;
}

/** Register and verify through the API (for tests about what comes after sign-up). */
export async function registerVerified(request: APIRequestContext, tag: string) {
  const email = newEmail(tag);
  const reg = await request.post('/api/auth/register', {
    data: {
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
      first_name: 'Layla',
      last_name: 'Nasser',
      phone_number: '+966501234567',
      company_name: 'E2E Co',
    },
  });
  expect(reg.status()).toBe(201);
  const otp = await otpFor(request, email);
  const ver = await request.post('/api/auth/verify-otp', { data: { email, otp } });
  expect(ver.status()).toBe(200);
  return email;
}

export async function signInUi(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Direct SQL on the server's database, to age accounts for trial scenarios. */
export async function sql(text: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}
