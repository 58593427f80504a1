import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWhatsAppCloudSimulator, type WhatsAppCloudSimulator } from '../../sandbox/whatsapp-cloud.ts';
import { waTemplate } from './whatsapp.fixtures.ts';
import { addUserToAccount, bearer, createTestApp, signIn, signUp, type TestApp } from '../../test/helper.ts';

const BASE = '/api/whatsapp/templates';

const body = (text: string, examples: string[] = []) => ({
  type: 'BODY',
  text,
  ...(examples.length ? { example: { body_text: [examples] } } : {}),
});

let t: TestApp;
let sim: WhatsAppCloudSimulator;
let auth: Record<string, string>;
let other: Record<string, string>;
let viewer: Record<string, string>;
let accountId: number;

beforeAll(async () => {
  // decisions far in the future: this file tests the API, the round trip file tests decisions
  sim = await startWhatsAppCloudSimulator({ appSecret: 'test-app-secret-0123456789', decisionMs: 600_000 });
  t = await createTestApp({
    WHATSAPP_API_BASE: sim.url,
    WHATSAPP_WABA_ID: '1029384756',
    WHATSAPP_ACCESS_TOKEN: 'test-token',
    WHATSAPP_APP_SECRET: 'test-app-secret-0123456789',
    WHATSAPP_TEMPLATE_SUBMISSIONS_PER_DAY: '3',
  });
  const owner = await signUp(t);
  const a = await signIn(t, owner.email);
  auth = bearer(a.token);
  accountId = a.user.account_id ?? (await t.sql('select account_id from users where id = $1', [owner.userId]))[0].account_id;
  const o = await signUp(t);
  other = bearer((await signIn(t, o.email)).token);
  const v = await addUserToAccount(t, accountId, 'viewer');
  viewer = bearer((await signIn(t, v.email)).token);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

async function create(payload: object = waTemplate(), headers = auth) {
  return t.app.inject({ method: 'POST', url: BASE, headers, payload });
}

describe('create and read', () => {
  it('creates a DRAFT and reads it back', async () => {
    const res = await create(waTemplate({ name: 'create_read' }));
    expect(res.statusCode).toBe(201);
    const tpl = res.json().data;
    expect(tpl).toMatchObject({ name: 'create_read', status: 'DRAFT', category: 'UTILITY', rejection_reason: null, external_id: null });
    const got = await t.app.inject({ method: 'GET', url: `${BASE}/${tpl.id}`, headers: auth });
    expect(got.json().data.components).toHaveLength(4);
  });

  it('answers the same templates under /api/whatsapp/sender/templates (§7 lists both)', async () => {
    const alias = '/api/whatsapp/sender/templates';
    const made = await t.app.inject({ method: 'POST', url: alias, headers: auth, payload: waTemplate({ name: 'sender_alias' }) });
    expect(made.statusCode).toBe(201);
    const { id } = made.json().data;
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: auth })).json().data.name).toBe('sender_alias');
    const listed = await t.app.inject({ method: 'GET', url: `${alias}?search=sender_alias`, headers: auth });
    expect(listed.json().data.items.map((x: { id: number }) => x.id)).toEqual([id]);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `${alias}/${id}`,
      headers: auth,
      payload: waTemplate({ name: 'sender_alias_2' }),
    });
    expect(edited.json().data.name).toBe('sender_alias_2');
    expect((await t.app.inject({ method: 'GET', url: `${alias}/${id}`, headers: other })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${alias}/${id}`, headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: auth })).statusCode).toBe(404);
  });

  it('refuses a duplicate name in the same language, allows another language', async () => {
    expect((await create(waTemplate({ name: 'dup_name' }))).statusCode).toBe(201);
    const dup = await create(waTemplate({ name: 'dup_name' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('TEMPLATE_NAME_EXISTS');
    expect((await create(waTemplate({ name: 'dup_name', language: 'ar' }))).statusCode).toBe(201);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['name with capitals', { name: 'Order_Update' }, 'name'],
    ['name with spaces', { name: 'order update' }, 'name'],
    ['name too long', { name: 'a'.repeat(513) }, 'name'],
    ['bad language', { language: 'english' }, 'language'],
    ['bad category', { category: 'PROMO' }, 'category'],
    ['no body', { components: [{ type: 'FOOTER', text: 'x' }] }, 'components'],
    ['body too long', { components: [body('a'.repeat(1025))] }, 'components.0.text'],
    ['variables with a gap', { components: [body('Hi {{1}} and {{3}}', ['a', 'b'])] }, 'components.0.text'],
    ['missing examples', { components: [body('Hi {{1}} and {{2}}', ['a'])] }, 'components.0.example'],
    ['header too long', { components: [{ type: 'HEADER', format: 'TEXT', text: 'h'.repeat(61) }, body('x')] }, 'components.0.text'],
    [
      'header with two variables',
      { components: [{ type: 'HEADER', format: 'TEXT', text: '{{1}} {{2}}', example: { header_text: ['a'] } }, body('x')] },
      'components.0.text',
    ],
    [
      'header variable without example',
      { components: [{ type: 'HEADER', format: 'TEXT', text: 'Hi {{1}}' }, body('x')] },
      'components.0.example',
    ],
    ['media header without example', { components: [{ type: 'HEADER', format: 'IMAGE' }, body('x')] }, 'components.0.example'],
    ['footer with a variable', { components: [body('x'), { type: 'FOOTER', text: 'Bye {{1}}' }] }, 'components.1.text'],
    ['footer too long', { components: [body('x'), { type: 'FOOTER', text: 'f'.repeat(61) }] }, 'components.1.text'],
    [
      'four buttons',
      {
        components: [
          body('x'),
          { type: 'BUTTONS', buttons: Array.from({ length: 4 }, (_, i) => ({ type: 'QUICK_REPLY', text: `r${i}` })) },
        ],
      },
      'components.1.buttons',
    ],
    [
      'unknown button type',
      { components: [body('x'), { type: 'BUTTONS', buttons: [{ type: 'CALL', text: 'x' }] }] },
      'components.1.buttons.0.type',
    ],
    [
      'button text too long',
      { components: [body('x'), { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'q'.repeat(26) }] }] },
      'components.1.buttons.0.text',
    ],
    [
      'phone not E.164',
      { components: [body('x'), { type: 'BUTTONS', buttons: [{ type: 'PHONE_NUMBER', text: 'Call', phone_number: '0501234567' }] }] },
      'components.1.buttons.0.phone_number',
    ],
    [
      'URL not http',
      { components: [body('x'), { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Go', url: 'ftp://x.com' }] }] },
      'components.1.buttons.0.url',
    ],
    [
      'URL variable in the middle',
      {
        components: [
          body('x'),
          { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Go', url: 'https://x.com/{{1}}/a', example: ['https://x.com/1/a'] }] },
        ],
      },
      'components.1.buttons.0.url',
    ],
    [
      'URL variable without example',
      { components: [body('x'), { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Go', url: 'https://x.com/{{1}}' }] }] },
      'components.1.buttons.0.example',
    ],
    [
      'copy code without example',
      { components: [body('x'), { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE' }] }] },
      'components.1.buttons.0.example',
    ],
    ['two bodies', { components: [body('x'), body('y')] }, 'components.1.type'],
    ['footer before body', { components: [{ type: 'FOOTER', text: 'f' }, body('x')] }, 'components.1.type'],
  ];
  it.each(cases)('400 with a field error: %s', async (_label, overrides, field) => {
    const res = await create(waTemplate({ name: 'bad_input', ...overrides }));
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json.code).toBe('VALIDATION_ERROR');
    expect(json.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('explains a field error in Arabic', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: { ...auth, 'accept-language': 'ar' },
      payload: waTemplate({ name: 'Bad Name' }),
    });
    expect(res.json().errors[0]).toEqual({ field: 'name', message: 'استخدم أحرفًا إنجليزية صغيرة وأرقامًا وشرطات سفلية فقط' });
  });

  it('accepts media headers and a copy-code button', async () => {
    const res = await create(
      waTemplate({
        name: 'media_code',
        category: 'MARKETING',
        components: [
          { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://cdn.example.com/banner.png'] } },
          body('Use code {{1}} today', ['SPRING']),
          { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: 'SPRING25' }] },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
  });
});

describe('list', () => {
  it('paginates, searches and filters within the account only', async () => {
    for (const name of ['list_alpha', 'list_beta', 'list_gamma'])
      await create(waTemplate({ name, category: name === 'list_beta' ? 'MARKETING' : 'UTILITY' }));
    await create(waTemplate({ name: 'list_other_account' }), other);
    const page = await t.app.inject({ method: 'GET', url: `${BASE}?search=list_&limit=2&sort=name&order=asc`, headers: auth });
    expect(page.statusCode).toBe(200);
    const data = page.json().data;
    expect(data).toMatchObject({ page: 1, limit: 2, total: 3 });
    expect(data.items.map((i: { name: string }) => i.name)).toEqual(['list_alpha', 'list_beta']);
    const marketing = await t.app.inject({ method: 'GET', url: `${BASE}?search=list_&category=MARKETING`, headers: auth });
    expect(marketing.json().data.items.map((i: { name: string }) => i.name)).toEqual(['list_beta']);
    const drafts = await t.app.inject({ method: 'GET', url: `${BASE}?status=DRAFT&language=en_US&search=list_`, headers: auth });
    expect(drafts.json().data.total).toBe(3);
    const bad = await t.app.inject({ method: 'GET', url: `${BASE}?status=WAITING`, headers: auth });
    expect(bad.statusCode).toBe(400);
  });

  it('needs a session and the template permission', async () => {
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: BASE, headers: viewer })).statusCode).toBe(200);
    const denied = await create(waTemplate({ name: 'viewer_try' }), viewer);
    expect(denied.statusCode).toBe(403);
    const id = (await create(waTemplate({ name: 'viewer_target' }))).json().data.id;
    for (const [method, url] of [
      ['POST', `${BASE}/${id}/submit`],
      ['POST', `${BASE}/${id}/check-status`],
      ['DELETE', `${BASE}/${id}`],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: viewer })).statusCode, url).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: viewer })).statusCode).toBe(200);
  });
});

describe('update, delete and other accounts', () => {
  it('updates a draft; other accounts get 404 on every endpoint', async () => {
    const id = (await create(waTemplate({ name: 'owned_one' }))).json().data.id;
    const put = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${id}`,
      headers: auth,
      payload: waTemplate({ name: 'owned_one', category: 'MARKETING' }),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.category).toBe('MARKETING');
    const badPut = await t.app.inject({ method: 'PUT', url: `${BASE}/${id}`, headers: auth, payload: waTemplate({ components: [] }) });
    expect(badPut.statusCode).toBe(400);
    for (const [method, url] of [
      ['GET', `${BASE}/${id}`],
      ['PUT', `${BASE}/${id}`],
      ['DELETE', `${BASE}/${id}`],
      ['POST', `${BASE}/${id}/submit`],
      ['POST', `${BASE}/${id}/check-status`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: other,
        ...(method === 'PUT' ? { payload: waTemplate({ name: 'owned_one' }) } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/abc`, headers: auth })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/99999999`, headers: auth })).statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `${BASE}/${id}`, headers: auth });
    expect(del.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: auth })).statusCode).toBe(404);
  });
});

describe('submit, limits and the Cloud API', () => {
  it('submits to the Cloud API, locks editing, deletes there too', async () => {
    const id = (await create(waTemplate({ name: 'submit_me' }))).json().data.id;
    const res = await t.app.inject({ method: 'POST', url: `${BASE}/${id}/submit`, headers: auth });
    expect(res.statusCode).toBe(200);
    const tpl = res.json().data;
    expect(tpl.status).toBe('PENDING');
    expect(tpl.external_id).toMatch(/^\d+$/);
    expect(sim.templates.get(tpl.external_id)).toMatchObject({
      name: 'submit_me',
      language: 'en_US',
      category: 'UTILITY',
      waba_id: '1029384756',
    });
    const [row] = await t.sql('select count(*)::int as n from whatsapp_template_submissions where template_id = $1', [id]);
    expect(row.n).toBe(1);

    const again = await t.app.inject({ method: 'POST', url: `${BASE}/${id}/submit`, headers: auth });
    expect(again.json().code).toBe('TEMPLATE_INVALID_STATE');
    const edit = await t.app.inject({ method: 'PUT', url: `${BASE}/${id}`, headers: auth, payload: waTemplate({ name: 'submit_me' }) });
    expect(edit.statusCode).toBe(409);

    const status = await t.app.inject({ method: 'POST', url: `${BASE}/${id}/check-status`, headers: auth });
    expect(status.json().data.status).toBe('PENDING');

    const del = await t.app.inject({ method: 'DELETE', url: `${BASE}/${id}`, headers: auth });
    expect(del.statusCode).toBe(200);
    expect(sim.templates.has(tpl.external_id)).toBe(false);
  });

  it('check-status of a never-submitted template is refused', async () => {
    const id = (await create(waTemplate({ name: 'never_sent' }))).json().data.id;
    const res = await t.app.inject({ method: 'POST', url: `${BASE}/${id}/check-status`, headers: auth });
    expect(res.statusCode).toBe(409);
  });

  it('maps a Cloud API refusal to WHATSAPP_API_ERROR and gives the slot back', async () => {
    // the simulator refuses a second template of the same name and language in a WABA
    sim.templates.set('900000000000001', {
      id: '900000000000001',
      waba_id: '1029384756',
      name: 'taken_name',
      language: 'en_US',
      category: 'UTILITY',
      components: [],
      status: 'APPROVED',
      rejected_reason: 'NONE',
    });
    const id = (await create(waTemplate({ name: 'taken_name' }))).json().data.id;
    const before = (await t.app.inject({ method: 'GET', url: `${BASE}/submission-limits`, headers: auth })).json().data.used;
    const res = await t.app.inject({ method: 'POST', url: `${BASE}/${id}/submit`, headers: auth });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('WHATSAPP_API_ERROR');
    expect(res.json().message).toContain('already exists');
    const after = (await t.app.inject({ method: 'GET', url: `${BASE}/submission-limits`, headers: auth })).json().data.used;
    expect(after).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: auth })).json().data.status).toBe('DRAFT');
  });

  it('refuses beyond the daily limit with 429 and when it resets', async () => {
    const limits = async () => (await t.app.inject({ method: 'GET', url: `${BASE}/submission-limits`, headers: auth })).json().data;
    let state = await limits();
    expect(state).toMatchObject({ limit: 3, window_hours: 24 });
    while (state.remaining > 0) {
      const id = (await create(waTemplate({ name: `limit_${state.used}` }))).json().data.id;
      expect((await t.app.inject({ method: 'POST', url: `${BASE}/${id}/submit`, headers: auth })).statusCode).toBe(200);
      state = await limits();
    }
    expect(state).toMatchObject({ used: 3, remaining: 0 });
    expect(Date.parse(state.resets_at)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const id = (await create(waTemplate({ name: 'over_limit' }))).json().data.id;
    const res = await t.app.inject({ method: 'POST', url: `${BASE}/${id}/submit`, headers: auth });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'WHATSAPP_SUBMISSION_LIMIT', data: { resets_at: state.resets_at } });
    // another account has its own allowance
    const mine = (await create(waTemplate({ name: 'over_limit' }), other)).json().data.id;
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/submission-limits`, headers: other })).json().data.used).toBe(0);
    expect(mine).toBeGreaterThan(0);
  });
});

describe('without a Cloud API', () => {
  it('answers WHATSAPP_API_ERROR when no simulator or base URL is there', async () => {
    const bare = await createTestApp(); // sandbox mode, but no simulator started (main.ts starts it)
    try {
      const owner = await signUp(bare);
      const h = bearer((await signIn(bare, owner.email)).token);
      const id = (await bare.app.inject({ method: 'POST', url: BASE, headers: h, payload: waTemplate() })).json().data.id;
      const res = await bare.app.inject({ method: 'POST', url: `${BASE}/${id}/submit`, headers: h });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('WHATSAPP_API_ERROR');
      expect((await bare.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: h })).json().data.status).toBe('DRAFT');
    } finally {
      await bare.close();
    }
  });
});
