import { type APIRequestContext, type Browser, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import JSZip from 'jszip';
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

/** Fill in and send the sign-up form (/register must be open). */
export async function submitRegisterForm(page: Page, email: string, name = { first: 'Omar', last: 'Saleh' }) {
  await page.getByTestId('register-first_name').fill(name.first);
  await page.getByTestId('register-last_name').fill(name.last);
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-phone_number').fill('+966501234567');
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-confirm_password').fill(PASSWORD);
  await page.getByTestId('register-submit').click();
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

const docxParagraph = (text: string, style = '') =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

/** WordprocessingML for a table of text cells, to pass to buildDocx as `extraXml`. */
export const docxTable = (rows: string[][]) =>
  `<w:tbl>${rows.map((row) => `<w:tr>${row.map((cell) => `<w:tc>${docxParagraph(cell)}</w:tc>`).join('')}</w:tr>`).join('')}</w:tbl>`;

/** A paragraph in a named style (undefined in the document: mammoth notes it), for `extraXml`. */
export const docxStyledParagraph = (text: string, style: string) => docxParagraph(text, style);

/**
 * A minimal valid .docx: content types, package relationships and a document with a heading,
 * paragraphs and, after them, `extraXml` (docxTable, docxStyledParagraph).
 */
export async function buildDocx(heading: string, paragraphs: string[], extraXml = ''): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const p = docxParagraph;
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${p(heading, 'Heading1')}${paragraphs.map((x) => p(x)).join('')}${extraXml}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** A second, verified user of the author's account with the built-in reviewer role. */
export async function addReviewer(request: APIRequestContext, authorEmail: string, tag = 'e2e.reviewer') {
  // a throw-away registration gives a real password hash for the shared test password
  const donor = await registerVerified(request, `${tag}.donor`);
  const [{ password_hash }] = await sql('select password_hash from users where email = $1', [donor]);
  const [{ account_id }] = await sql('select account_id from users where email = $1', [authorEmail]);
  const [{ id: roleId }] = await sql(`select id from roles where account_id = $1 and key = 'reviewer'`, [account_id]);
  const email = newEmail(`${tag}.reviewer`);
  await sql(
    `insert into users (account_id, role_id, email, password_hash, first_name, last_name, email_verified_at)
     values ($1, $2, $3, $4, 'Rania', 'Reviewer', now())`,
    [account_id, roleId, email, password_hash],
  );
  return email;
}

/** A reviewer of the author's account (addReviewer), signed in on a browser context of their own, on the dashboard. */
export async function signInReviewer(
  browser: Browser,
  request: APIRequestContext,
  authorEmail: string,
  tag: string,
  baseURL?: string,
): Promise<{ page: Page; context: BrowserContext }> {
  const email = await addReviewer(request, authorEmail, tag);
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  await signInUi(page, email);
  await expect(page).toHaveURL(/\/dashboard/);
  return { page, context };
}

/** The texts of the badges that are cut (an ellipsis: the text is wider than the badge shows it). */
export async function cutBadges(badges: Locator): Promise<(string | null)[]> {
  expect(await badges.count()).toBeGreaterThan(0);
  return badges.evaluateAll((els) =>
    els
      .filter((el) => {
        const label = el.querySelector('.mantine-Badge-label') ?? el;
        return el.scrollWidth > el.clientWidth || label.scrollWidth > label.clientWidth;
      })
      .map((el) => el.textContent),
  );
}
