import { crc32, deflateSync } from 'node:zlib';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserToAccount, bearer, createTestApp, json, multipartFile, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { buildDocx } from './docx.fixture.ts';

let t: TestApp;
let owner: { userId: number; accountId: number; token: string };
let viewer: { userId: number; token: string };
let stranger: { userId: number; accountId: number; token: string };
let customerId: number;
let strangerCustomerId: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t);
  const aSession = await signIn(t, a.email);
  owner = { userId: a.userId, accountId: aSession.user.account_id, token: aSession.token };
  const v = await addUserToAccount(t, owner.accountId, 'viewer');
  viewer = { userId: v.userId, token: (await signIn(t, v.email)).token };
  const b = await signUp(t, { company_name: 'Other Co' });
  const bSession = await signIn(t, b.email);
  stranger = { userId: b.userId, accountId: bSession.user.account_id, token: bSession.token };
  const [c] = await t.sql(
    `insert into customers (account_id, first_name, last_name, email, city, attributes)
     values ($1, 'Huda', 'Saleh', 'huda@example.com', 'Riyadh', '{"tier":"gold","points":120}') returning id`,
    [owner.accountId],
  );
  customerId = c.id;
  const [d] = await t.sql(`insert into customers (account_id, first_name) values ($1, 'Other') returning id`, [stranger.accountId]);
  strangerCustomerId = d.id;
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

let n = 0;
const sms = (overrides: Record<string, unknown> = {}) => ({
  template_name: `SMS offer ${++n}`,
  message_type: 'sms',
  category: 'marketing',
  template_text: 'Hi {{first_name|Friend}}, 20% off in {{city}} today.',
  ...overrides,
});
const rich = (overrides: Record<string, unknown> = {}) => ({
  template_name: `Welcome mail ${++n}`,
  subject: 'Welcome, {{first_name}}',
  html: '<style>.btn{color:#fff;background-color:#1c7ed6}</style><h1>Hello {{first_name|there}}</h1><p>Your tier: {{attributes.tier}}</p><a class="btn" href="https://example.com">Shop</a>',
  ...overrides,
});
const create = async (token: string, body: object, path = '/api/templates') => {
  const res = await call(token, 'POST', path, body);
  if (res.statusCode !== 201) throw new Error(res.body);
  return json(res).data;
};

describe('POST /api/templates', () => {
  it('creates a plain SMS template in DRAFT with the variables the server found', async () => {
    const res = await call(owner.token, 'POST', '/api/templates', sms({ template_name: 'Flash sale' }));
    expect(res.statusCode).toBe(201);
    expect(json(res).data).toMatchObject({
      template_name: 'Flash sale',
      message_type: 'sms',
      status: 'DRAFT',
      html: null,
      subject: null,
      variables: ['first_name', 'city'],
      created_by: owner.userId,
    });
  });

  it('refuses a duplicate name in the account (any case) with TEMPLATE_NAME_EXISTS, but not in another account', async () => {
    await create(owner.token, sms({ template_name: 'Dup Name' }));
    const res = await call(owner.token, 'POST', '/api/templates', sms({ template_name: 'dup name' }));
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('TEMPLATE_NAME_EXISTS');
    expect((await call(stranger.token, 'POST', '/api/templates', sms({ template_name: 'Dup Name' }))).statusCode).toBe(201);
  });

  it('answers 400 with field errors for bad input', async () => {
    const cases: [object, string][] = [
      [sms({ template_name: '12345' }), 'template_name'],
      [sms({ template_name: '' }), 'template_name'],
      [sms({ message_type: 'fax' }), 'message_type'],
      [sms({ category: 'spam' }), 'category'],
      [sms({ template_text: '   ' }), 'template_text'],
      [sms({ template_text: 'Hi {{password}}' }), 'template_text'],
      [sms({ message_type: 'email' }), 'subject'],
      [sms({ brand_id: 'x' }), 'brand_id'],
    ];
    for (const [body, field] of cases) {
      const res = await call(owner.token, 'POST', '/api/templates', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).code).toBe('VALIDATION_ERROR');
      expect(json(res).errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const unknown = await call(owner.token, 'POST', '/api/templates', sms({ template_text: 'Hi {{ssn}}' }));
    expect(json(unknown).errors[0].message).toMatch(/Unknown variable/);
  });

  it('refuses a brand of another account', async () => {
    const [brand] = await t.sql(`insert into brands (account_id, name) values ($1, 'Theirs') returning id`, [stranger.accountId]);
    const res = await call(owner.token, 'POST', '/api/templates', sms({ brand_id: brand.id }));
    expect(res.statusCode).toBe(400);
    expect(json(res).errors[0].field).toBe('brand_id');
  });

  it('is refused to a viewer (403) and to the signed-out (401)', async () => {
    expect((await call(viewer.token, 'POST', '/api/templates', sms())).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/templates', payload: sms() })).statusCode).toBe(401);
  });
});

describe('POST /api/templates/rich', () => {
  it('stores sanitised HTML, derives the text part and the variables', async () => {
    const data = await create(
      owner.token,
      rich({ html: `${rich().html}<script>alert(1)</script><img src=x onerror=alert(1)>` }),
      '/api/templates/rich',
    );
    expect(data).toMatchObject({ message_type: 'email', status: 'DRAFT', subject: 'Welcome, {{first_name}}' });
    expect(data.html).not.toMatch(/script|onerror/);
    expect(data.html).toContain('<h1>Hello {{first_name|there}}</h1>');
    expect(data.template_text).toContain('Hello {{first_name|there}}');
    expect(data.variables).toEqual(['first_name', 'attributes.tier']);
  });

  it('refuses a missing subject, HTML that sanitises to nothing, or a non-email type', async () => {
    expect((await call(owner.token, 'POST', '/api/templates/rich', rich({ subject: '' }))).statusCode).toBe(400);
    const empty = await call(owner.token, 'POST', '/api/templates/rich', rich({ html: '<script>alert(1)</script>' }));
    expect(empty.statusCode).toBe(400);
    expect(json(empty).errors[0].field).toBe('html');
    expect((await call(owner.token, 'POST', '/api/templates/rich', rich({ message_type: 'sms' }))).statusCode).toBe(400);
  });
});

describe('reading templates', () => {
  let emailId: number;
  let otpId: number;
  beforeAll(async () => {
    emailId = (await create(owner.token, rich({ template_name: 'Zeta newsletter' }), '/api/templates/rich')).id;
    otpId = (await create(owner.token, sms({ template_name: 'Login code', category: 'otp', template_text: 'Your code' }))).id;
  });

  it('GET /template/{id} returns one template; another account gets 404', async () => {
    expect(json(await call(owner.token, 'GET', `/api/templates/template/${emailId}`)).data.template_name).toBe('Zeta newsletter');
    expect((await call(viewer.token, 'GET', `/api/templates/template/${emailId}`)).statusCode).toBe(200);
    expect((await call(stranger.token, 'GET', `/api/templates/template/${emailId}`)).statusCode).toBe(404);
    expect((await call(owner.token, 'GET', '/api/templates/template/abc')).statusCode).toBe(400);
  });

  it('GET /{userId} pages, searches, filters and sorts the account templates', async () => {
    const base = `/api/templates/${owner.userId}`;
    const all = json(await call(owner.token, 'GET', `${base}?limit=2&page=1`)).data;
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all).toMatchObject({ page: 1, limit: 2 });
    const search = json(await call(owner.token, 'GET', `${base}?search=zeta`)).data;
    expect(search.items.map((i: { id: number }) => i.id)).toEqual([emailId]);
    const otp = json(await call(owner.token, 'GET', `${base}?category=otp&message_type=sms&status=DRAFT`)).data;
    expect(otp.items.map((i: { id: number }) => i.id)).toEqual([otpId]);
    const sorted = json(await call(owner.token, 'GET', `${base}?sort=template_name&order=desc&limit=1`)).data;
    expect(sorted.items[0].template_name).toBe('Zeta newsletter');
    // search wildcards are literal
    expect(json(await call(owner.token, 'GET', `${base}?search=%25`)).data.total).toBe(0);
    // a colleague's id in the same account works; the stranger sees only their own
    expect(json(await call(owner.token, 'GET', `/api/templates/${viewer.userId}`)).data.total).toBe(all.total);
    expect(
      json(await call(stranger.token, 'GET', `/api/templates/${stranger.userId}`)).data.items.every(
        (i: { id: number }) => i.id !== emailId,
      ),
    ).toBe(true);
  });

  it('GET /{userId} refuses a user of another account (404) and bad query values (400)', async () => {
    expect((await call(owner.token, 'GET', `/api/templates/${stranger.userId}`)).statusCode).toBe(404);
    for (const q of ['status=LIVE', 'sort=password', 'limit=1000', 'page=0', 'message_type=fax']) {
      expect((await call(owner.token, 'GET', `/api/templates/${owner.userId}?${q}`)).statusCode, q).toBe(400);
    }
  });

  it('GET /email lists only email templates and GET /category/{category} one category', async () => {
    const emails = json(await call(owner.token, 'GET', '/api/templates/email?limit=100')).data.items;
    expect(emails.length).toBeGreaterThan(0);
    expect(emails.every((i: { message_type: string }) => i.message_type === 'email')).toBe(true);
    const otp = json(await call(owner.token, 'GET', '/api/templates/category/otp')).data.items;
    expect(otp.map((i: { id: number }) => i.id)).toEqual([otpId]);
    expect((await call(owner.token, 'GET', '/api/templates/category/bogus')).statusCode).toBe(400);
    expect(json(await call(stranger.token, 'GET', '/api/templates/category/otp')).data.total).toBe(0);
  });

  it('GET /{id}/email renders sanitised HTML with CSS inlined and a text part', async () => {
    const res = await call(owner.token, 'GET', `/api/templates/${emailId}/email`);
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data.subject).toBe('Welcome, {{first_name}}');
    expect(data.html).toMatch(/^<!doctype html>/);
    expect(data.html).not.toContain('<style');
    expect(data.html).toMatch(/<a class="btn" href="https:\/\/example.com" style="[^"]*color:#fff/);
    expect(data.html).toMatch(/<body style="[^"]*font-family/);
    expect(data.text).toContain('Your tier: {{attributes.tier}}');
    expect((await call(owner.token, 'GET', `/api/templates/${otpId}/email`)).statusCode).toBe(400);
    expect((await call(stranger.token, 'GET', `/api/templates/${emailId}/email`)).statusCode).toBe(404);
  });

  it('a text-only email renders its paragraphs, right-to-left for Arabic', async () => {
    const mail = await create(
      owner.token,
      sms({ message_type: 'email', subject: 'مرحبا', template_text: 'مرحبا {{first_name}}\n\nسطر <b>ثاني</b>' }),
    );
    const data = json(await call(owner.token, 'GET', `/api/templates/${mail.id}/email`)).data;
    expect(data.html).toContain('dir="rtl"');
    expect(data.html).toContain('&lt;b&gt;ثاني&lt;/b&gt;');
  });

  it('POST /{id}/preview renders against one of the account customers with fallbacks', async () => {
    const smsTpl = await create(
      owner.token,
      sms({ template_text: 'Hi {{first_name|Friend}} {{last_name}} from {{country|KSA}}, points {{attributes.points}}' }),
    );
    const res = await call(owner.token, 'POST', `/api/templates/${smsTpl.id}/preview`, { customer_id: customerId });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      text: 'Hi Huda Saleh from KSA, points 120',
      html: null,
      customer: { id: customerId, name: 'Huda Saleh' },
    });

    const [evil] = await t.sql(`insert into customers (account_id, first_name) values ($1, '<img src=x onerror=alert(1)>') returning id`, [
      owner.accountId,
    ]);
    const mail = json(await call(owner.token, 'POST', `/api/templates/${emailId}/preview`, { customer_id: evil.id })).data;
    expect(mail.subject).toBe('Welcome, <img src=x onerror=alert(1)>');
    expect(mail.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toContain('<img src');
    expect(mail.html).toContain('Your tier: </p>');
  });

  it('POST /{id}/preview refuses another account customer or template (404) and a bad body (400)', async () => {
    expect((await call(owner.token, 'POST', `/api/templates/${emailId}/preview`, { customer_id: strangerCustomerId })).statusCode).toBe(
      404,
    );
    expect((await call(stranger.token, 'POST', `/api/templates/${emailId}/preview`, { customer_id: strangerCustomerId })).statusCode).toBe(
      404,
    );
    expect((await call(owner.token, 'POST', `/api/templates/${emailId}/preview`, { customer_id: 'x' })).statusCode).toBe(400);
    expect((await call(owner.token, 'POST', `/api/templates/${emailId}/preview`, {})).statusCode).toBe(400);
  });
});

describe('PUT and DELETE /api/templates/{id}', () => {
  it('updates fields, re-sanitises HTML and recomputes variables', async () => {
    const tpl = await create(owner.token, rich(), '/api/templates/rich');
    const res = await call(owner.token, 'PUT', `/api/templates/${tpl.id}`, {
      html: '<p onclick="x()">Bye {{last_name}}</p><a href="javascript:alert(1)">x</a>',
      subject: 'See you',
    });
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data.html).toBe('<p>Bye {{last_name}}</p><a>x</a>');
    expect(data.template_text).toBe('Bye {{last_name}}\nx');
    expect(data.variables).toEqual(['last_name']);
  });

  it('refuses bad input, HTML on an SMS, an emptied subject, a taken name', async () => {
    const tpl = await create(owner.token, sms());
    const other = await create(owner.token, sms());
    expect((await call(owner.token, 'PUT', `/api/templates/${tpl.id}`, { template_name: '!!!' })).statusCode).toBe(400);
    expect((await call(owner.token, 'PUT', `/api/templates/${tpl.id}`, { template_text: 'x {{nope}}' })).statusCode).toBe(400);
    expect((await call(owner.token, 'PUT', `/api/templates/${tpl.id}`, { html: '<p>x</p>' })).statusCode).toBe(400);
    expect((await call(owner.token, 'PUT', `/api/templates/${tpl.id}`, { template_text: '' })).statusCode).toBe(400);
    const taken = await call(owner.token, 'PUT', `/api/templates/${tpl.id}`, { template_name: other.template_name });
    expect(json(taken).code).toBe('TEMPLATE_NAME_EXISTS');
    const mail = await create(owner.token, rich(), '/api/templates/rich');
    expect((await call(owner.token, 'PUT', `/api/templates/${mail.id}`, { subject: '' })).statusCode).toBe(400);
  });

  it('another account, a viewer and unknown ids are refused', async () => {
    const tpl = await create(owner.token, sms());
    expect((await call(stranger.token, 'PUT', `/api/templates/${tpl.id}`, { template_text: 'x' })).statusCode).toBe(404);
    expect((await call(stranger.token, 'DELETE', `/api/templates/${tpl.id}`)).statusCode).toBe(404);
    expect((await call(viewer.token, 'PUT', `/api/templates/${tpl.id}`, { template_text: 'x' })).statusCode).toBe(403);
    expect((await call(viewer.token, 'DELETE', `/api/templates/${tpl.id}`)).statusCode).toBe(403);
    expect((await call(owner.token, 'DELETE', '/api/templates/999999')).statusCode).toBe(404);
  });

  it('deletes a template and its review history', async () => {
    const tpl = await create(owner.token, sms());
    await call(owner.token, 'POST', `/api/templates/${tpl.id}/submit-review`);
    const res = await call(owner.token, 'DELETE', `/api/templates/${tpl.id}`);
    expect(res.statusCode).toBe(200);
    expect((await call(owner.token, 'GET', `/api/templates/template/${tpl.id}`)).statusCode).toBe(404);
    expect(await t.sql('select 1 from template_reviews where template_id = $1', [tpl.id])).toHaveLength(0);
  });
});

/** A real 1×1 PNG. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 1, 2, 3]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/templates/upload-docx', () => {
  const upload = (token: string, file: Parameters<typeof multipartFile>[0]) => {
    const { payload, headers } = multipartFile(file);
    return t.app.inject({ method: 'POST', url: '/api/templates/upload-docx', headers: { ...headers, ...bearer(token) }, payload });
  };
  const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

  it('converts a real .docx to sanitised HTML (nothing stored)', async () => {
    const docx = await buildDocx('Ramadan offers', ['Dear {{first_name}},', '**Save 30% <script>alert(1)</script>**']);
    const before = (await t.sql('select count(*)::int as n from templates'))[0].n;
    const res = await upload(owner.token, { filename: 'offer.docx', contentType: DOCX, data: docx });
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data.html).toContain('<h1>Ramadan offers</h1>');
    expect(data.html).toContain('<p>Dear {{first_name}},</p>');
    expect(data.html).toContain('<strong>Save 30% &lt;script&gt;alert(1)&lt;/script&gt;</strong>');
    expect(Array.isArray(data.messages)).toBe(true);
    expect((await t.sql('select count(*)::int as n from templates'))[0].n).toBe(before);
  });

  it('decides by content: a PNG named .docx, a plain zip and a spreadsheet zip are INVALID_FILE_TYPE', async () => {
    const png = await upload(owner.token, { filename: 'offer.docx', contentType: DOCX, data: tinyPng() });
    expect(png.statusCode).toBe(400);
    expect(json(png).code).toBe('INVALID_FILE_TYPE');
    const zip = new JSZip();
    zip.file('hello.txt', 'hi');
    const plain = await upload(owner.token, {
      filename: 'a.docx',
      contentType: DOCX,
      data: await zip.generateAsync({ type: 'nodebuffer' }),
    });
    expect(json(plain).code).toBe('INVALID_FILE_TYPE');
    const xlsx = new JSZip();
    xlsx.file(
      '[Content_Types].xml',
      '<Types><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    );
    xlsx.file('xl/workbook.xml', '<workbook/>');
    const sheet = await upload(owner.token, {
      filename: 'a.docx',
      contentType: DOCX,
      data: await xlsx.generateAsync({ type: 'nodebuffer' }),
    });
    expect(json(sheet).code).toBe('INVALID_FILE_TYPE');
  });

  it('a broken docx body fails conversion with DOCX_CONVERSION_FAILED', async () => {
    const zip = await JSZip.loadAsync(await buildDocx('x', []));
    zip.file('word/document.xml', '<w:document');
    const res = await upload(owner.token, { filename: 'a.docx', contentType: DOCX, data: await zip.generateAsync({ type: 'nodebuffer' }) });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('DOCX_CONVERSION_FAILED');
  });

  it('needs a file, and the create permission', async () => {
    expect(json(await upload(owner.token, null)).code).toBe('FILE_REQUIRED');
    const notMultipart = await call(owner.token, 'POST', '/api/templates/upload-docx', { a: 1 });
    expect(json(notMultipart).code).toBe('FILE_REQUIRED');
    const docx = await buildDocx('x', ['y']);
    expect((await upload(viewer.token, { filename: 'a.docx', contentType: DOCX, data: docx })).statusCode).toBe(403);
  });
});
