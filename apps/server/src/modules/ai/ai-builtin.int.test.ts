/**
 * The AI service on the built-in engine (no AI_BASE_URL): answers from the account's data through
 * the tools, in the question's language, drafts that send nothing, how-to answers from the help
 * corpus, conversations per user, the settings (a key is never returned) and the help routes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, type TestApp, createTestApp } from '../../test/helper.ts';
import { chat, demoCast } from './ai-fixtures.ts';

let t: TestApp;
let cast: Awaited<ReturnType<typeof demoCast>>;
const toolNames = (d: { tools: { name: string; ok: boolean }[] }) => d.tools.map((x) => `${x.name}:${x.ok}`);

beforeAll(async () => {
  t = await createTestApp();
  cast = await demoCast(t);
});
afterAll(async () => {
  await t?.close();
});

describe('data questions on the built-in engine', () => {
  it('counts a group in English, through list_groups and count_audience, and says so', async () => {
    const { res, data } = await chat(t, cast.owner.token, 'How many customers are in the Demo customers group?');
    expect(res.statusCode, res.body).toBe(200);
    const [{ n }] = await t.sql('select count(*)::int as n from group_members where group_id = $1', [cast.groups[0]?.id]);
    expect(n).toBe(500);
    expect(data).toMatchObject({ engine: 'builtin', model: null, language: 'en' });
    expect(data.response).toContain('**500**');
    expect(toolNames(data)).toEqual(expect.arrayContaining(['list_groups:true', 'count_audience:true']));
    // the per-channel figures are the launcher's: consent, an address, not blacklisted
    const [{ sms }] = await t.sql(
      `select count(*)::int as sms from customers where account_id = $1 and consent_sms and mobile_number is not null`,
      [cast.owner.accountId],
    );
    expect(data.response).toContain(`**${sms}**`);
  });

  it('answers in Arabic with Arabic digits when asked in Arabic', async () => {
    const { data } = await chat(t, cast.owner.token, 'كم عدد العملاء في مجموعة Demo customers؟', { lang: 'en' });
    expect(data.language).toBe('ar');
    expect(data.response).toContain(`**${new Intl.NumberFormat('ar').format(500)}**`);
    expect(data.response).toMatch(/عميل/);
  });

  it('counts a city from its Arabic name, equal to SQL', async () => {
    const { data } = await chat(t, cast.owner.token, 'كم عميل في الرياض؟');
    const [{ n }] = await t.sql(`select count(*)::int as n from customers where account_id = $1 and lower(city) = 'riyadh'`, [
      cast.owner.accountId,
    ]);
    expect(data.response).toContain(new Intl.NumberFormat('ar').format(n));
  });

  it('says there is no campaign yet, and gives the credits as stored', async () => {
    const none = await chat(t, cast.owner.token, 'How did my last campaign do?');
    expect(none.data.response).toContain('/campaign');
    const credits = await chat(t, cast.owner.token, 'How many credits do I have left?');
    const rows = await t.sql<{ channel: string; balance: string }>('select channel, balance from credits where account_id = $1', [
      cast.owner.accountId,
    ]);
    for (const r of rows) expect(credits.data.response).toContain(`**${new Intl.NumberFormat('en').format(Number(r.balance))}**`);
    expect(toolNames(credits.data)).toEqual(['credits:true']);
  });

  it('lists templates awaiting review', async () => {
    await t.sql(`update templates set status = 'PENDING_REVIEW' where account_id = $1 and message_type = 'email'`, [cast.owner.accountId]);
    const { data } = await chat(t, cast.owner.token, 'Which templates are awaiting review?');
    expect(data.response).toContain('**1**');
    expect(data.response).toContain('Weekend offer (email)');
  });
});

describe('drafts, never actions', () => {
  it('drafts a campaign with audience, channel, content and schedule, and sends nothing', async () => {
    const { data } = await chat(t, cast.owner.token, 'Create an SMS campaign for the Demo customers group tomorrow at 10');
    expect(data.cards).toHaveLength(1);
    const card = data.cards[0];
    expect(card).toMatchObject({ kind: 'campaign_draft', url: `/campaign/${card.id}`, channels: ['sms'] });
    const [c] = await t.sql('select * from campaigns where id = $1', [card.id]);
    expect(c).toMatchObject({ status: 'DRAFT', account_id: cast.owner.accountId, channels: ['sms'] });
    expect(c.audience.group_ids).toEqual([cast.groups[0]?.id]);
    expect(c.content.sms.template_id).toBeGreaterThan(0);
    expect(c.schedule_at).not.toBeNull();
    // 10:00 tomorrow in the account's zone
    expect(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Riyadh', hour: 'numeric', hourCycle: 'h23' }).format(c.schedule_at)).toBe('10');
    expect(await t.sql('select 1 from batches where campaign_id = $1', [card.id])).toHaveLength(0);
    expect(await t.sql('select 1 from messages where account_id = $1', [cast.owner.accountId])).toHaveLength(0);
  });

  it('refuses a draft to a viewer (no permission) and writes nothing', async () => {
    const before = await t.sql('select count(*)::int as n from campaigns where account_id = $1', [cast.owner.accountId]);
    const { data } = await chat(t, cast.viewer.token, 'Create an SMS campaign for the Demo customers group');
    expect(data.response).toContain("You don't have permission to do this");
    expect(await t.sql('select count(*)::int as n from campaigns where account_id = $1', [cast.owner.accountId])).toEqual(before);
  });
});

describe('how-to and everything else', () => {
  it('answers how-to from the help article, in Arabic too', async () => {
    const en = await chat(t, cast.owner.token, 'How do I import customers from a file?');
    expect(en.data.response).toContain('/help/import-customers');
    expect(toolNames(en.data)).toEqual(['search_help:true']);
    const ar = await chat(t, cast.owner.token, 'كيف أستورد العملاء من ملف؟');
    expect(ar.data.response).toContain('/help/import-customers');
    expect(ar.data.response).toMatch(/استيراد/);
  });

  it('says what it can do and how to connect a model for anything else, with no tool', async () => {
    const { data } = await chat(t, cast.owner.token, 'Tell me a joke about cats');
    expect(data.tools).toEqual([]);
    expect(data.response).toContain('AI_BASE_URL');
    expect(data.response).toContain('/ai-settings');
  });
});

describe('conversations', () => {
  it('keeps a conversation per user; others cannot read or write into it', async () => {
    const id = randomUUID();
    await chat(t, cast.owner.token, 'How many credits do I have left?', { conversation_id: id });
    await chat(t, cast.owner.token, 'Which templates are awaiting review?', { conversation_id: id });
    const read = await t.app.inject({ method: 'GET', url: `/api/ai/conversations/${id}`, headers: bearer(cast.owner.token) });
    expect(read.statusCode).toBe(200);
    const conv = json(read).data;
    expect(conv.messages.map((m: { sender: string }) => m.sender)).toEqual(['user', 'bot', 'user', 'bot']);
    expect(conv.messages[1]).toMatchObject({ engine: 'builtin', tools: [{ name: 'credits', ok: true }] });
    for (const token of [cast.viewer.token, cast.stranger.token]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/ai/conversations/${id}`, headers: bearer(token) })).statusCode).toBe(404);
      expect((await chat(t, token, 'hello', { conversation_id: id })).res.statusCode).toBe(404);
    }
    const list = json(await t.app.inject({ method: 'GET', url: '/api/ai/conversations', headers: bearer(cast.owner.token) })).data;
    expect(list.items.find((c: { id: string }) => c.id === id)).toMatchObject({ message_count: 4 });
    const cleared = await t.app.inject({ method: 'DELETE', url: `/api/ai/conversations/${id}`, headers: bearer(cast.owner.token) });
    expect(json(cleared).data).toEqual({ id, deleted: 1 });
    expect((await t.app.inject({ method: 'GET', url: `/api/ai/conversations/${id}`, headers: bearer(cast.owner.token) })).statusCode).toBe(
      404,
    );
  });

  it('refuses an empty question with the envelope, in Arabic', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/chat',
      headers: { ...bearer(cast.owner.token), 'accept-language': 'ar' },
      payload: { query: '   ' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'VALIDATION_ERROR', isError: true, errors: [{ field: 'query' }] });
  });
});

describe('health, settings and help', () => {
  it('is online on the built-in engine', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ai/health', headers: bearer(cast.owner.token) });
    expect(json(res).data).toMatchObject({ status: 'online', engine: 'builtin', model: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/ai/health' })).statusCode).toBe(401);
  });

  it('keeps an account key encrypted and never returns it; only owners and admins change settings', async () => {
    const key = 'sk-account-secret-123456';
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/ai/settings',
      headers: bearer(cast.owner.token),
      payload: { api_key: key, share_contact_details: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(key);
    expect(json(res).data).toMatchObject({ has_api_key: true, engine: 'auto', active: { engine: 'builtin' } });
    const [row] = await t.sql('select api_key_enc from ai_account_settings where account_id = $1', [cast.owner.accountId]);
    expect(row.api_key_enc).not.toContain(key);
    expect((await t.app.inject({ method: 'GET', url: '/api/ai/settings', headers: bearer(cast.owner.token) })).body).not.toContain(key);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/ai/settings', headers: bearer(cast.viewer.token), payload: { engine: 'builtin' } }))
        .statusCode,
    ).toBe(403);
    // a private address as the account's own server is refused (SSRF guard)
    const priv = await t.app.inject({
      method: 'PUT',
      url: '/api/ai/settings',
      headers: bearer(cast.owner.token),
      payload: { engine: 'own', base_url: 'http://169.254.169.254/v1' },
    });
    expect(json(priv).code).toBe('PRIVATE_ADDRESS_NOT_ALLOWED');
  });

  it('serves the help corpus in both languages', async () => {
    const list = json(await t.app.inject({ method: 'GET', url: '/api/ai/help?lang=ar', headers: bearer(cast.owner.token) })).data.items;
    expect(list.length).toBeGreaterThanOrEqual(20);
    const art = json(
      await t.app.inject({ method: 'GET', url: '/api/ai/help/ai-assistant?lang=ar', headers: bearer(cast.owner.token) }),
    ).data;
    expect(art).toMatchObject({ slug: 'ai-assistant', language: 'ar' });
    expect(art.body).toContain('AI_BASE_URL');
    const found = json(await t.app.inject({ method: 'GET', url: '/api/ai/help?q=blacklist', headers: bearer(cast.owner.token) })).data
      .items;
    expect(found[0].slug).toBe('blacklists');
    expect((await t.app.inject({ method: 'GET', url: '/api/ai/help/nope', headers: bearer(cast.owner.token) })).statusCode).toBe(404);
  });
});
