import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserToAccount, bearer, createTestApp, json, signIn, signUp, type TestApp } from '../../test/helper.ts';

const KEYS = ['welcome', 'passwordChanged', 'passwordReset', 'profileUpdated', 'twoFactorOn', 'twoFactorOff', 'supportSent'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/**
 * `total` notifications for a user, the i-th (1-based) created i minutes ago, so id order and
 * time order are opposite; every third one is read. Existing ones (the welcome) are removed first.
 */
async function seed(accountId: number, userId: number, total: number) {
  await t.sql('delete from notifications where user_id = $1', [userId]);
  await t.sql(
    `insert into notifications (account_id, user_id, type, title_key, message_key, params, status, created_at, read_at)
     select $1, $2, 'system', 'notifications.' || k || '.title', 'notifications.' || k || '.message',
            '{"subject":"Invoice"}'::jsonb,
            case when i % 3 = 0 then 'read' else 'unread' end,
            now() - make_interval(mins => i),
            case when i % 3 = 0 then now() - make_interval(mins => i) end
       from generate_series(1, $3::int) as i,
            lateral (select ($4::text[])[1 + i % 7] as k) as key`,
    [accountId, userId, total, KEYS],
  );
}

interface Reader {
  userId: number;
  accountId: number;
  token: string;
}

/** A signed-up user with 25 seeded notifications (17 unread, 8 read). */
async function reader(): Promise<Reader> {
  const { email, userId } = await signUp(t);
  const { token, user } = await signIn(t, email);
  await seed(user.account_id, userId, 25);
  return { userId, accountId: user.account_id, token };
}

const get = (r: Reader, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(r.token), ...headers } });
const put = (r: Reader, url: string) => t.app.inject({ method: 'PUT', url, headers: bearer(r.token) });
const unreadIn = async (userId: number) =>
  (await t.sql("select count(*)::int as n from notifications where user_id = $1 and status = 'unread'", [userId]))[0].n as number;

describe('GET /api/notifications', () => {
  let r: Reader;
  beforeAll(async () => {
    r = await reader();
    // someone else's notifications must never show up
    const other = await signUp(t);
    const [o] = await t.sql('select account_id from users where id = $1', [other.userId]);
    await seed(o.account_id, other.userId, 7);
  });

  it('defaults to page 1 of 20, newest first, with the unread count and hasMore', async () => {
    const res = await get(r, '/api/notifications');
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(Object.keys(data).sort()).toEqual(['hasMore', 'limit', 'notifications', 'page', 'unreadCount']);
    expect(data).toMatchObject({ page: 1, limit: 20, unreadCount: 17, hasMore: true });
    expect(data.notifications).toHaveLength(20);
    const times = data.notifications.map((n: { created_at: string }) => Date.parse(n.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(times).size).toBe(20);
    const first = data.notifications[0];
    expect(Object.keys(first).sort()).toEqual(['created_at', 'id', 'message', 'read_at', 'status', 'title', 'type']);
    // i = 1 (one minute old) → SQL array element 1 + 1 % 7 = 2 → passwordChanged, unread
    expect(first).toMatchObject({ type: 'system', title: 'Password changed', status: 'unread', read_at: null });
  });

  it('pages through everything exactly once; hasMore turns false on the last page', async () => {
    const p1 = json(await get(r, '/api/notifications?page=1&limit=20')).data;
    const p2 = json(await get(r, '/api/notifications?page=2&limit=20')).data;
    expect(p2).toMatchObject({ page: 2, limit: 20, hasMore: false });
    expect(p2.notifications).toHaveLength(5);
    const ids = [...p1.notifications, ...p2.notifications].map((n: { id: number }) => n.id);
    expect(new Set(ids).size).toBe(25);
    const mine = await t.sql('select id from notifications where user_id = $1', [r.userId]);
    expect(ids.sort()).toEqual(mine.map((m) => m.id).sort());
    expect(json(await get(r, '/api/notifications?limit=25')).data.hasMore).toBe(false);
    expect(json(await get(r, '/api/notifications?limit=24')).data.hasMore).toBe(true);
    expect(json(await get(r, '/api/notifications?page=9')).data).toMatchObject({ notifications: [], hasMore: false });
  });

  it('renders titles and messages from their keys, with parameters', async () => {
    const all = json(await get(r, '/api/notifications?limit=100')).data.notifications;
    const titles = new Set(all.map((n: { title: string }) => n.title));
    expect(titles).toContain('Welcome to Risala');
    expect(titles).toContain('Support request sent');
    expect(all.some((n: { title: string }) => n.title.startsWith('notifications.'))).toBe(false);
    const support = all.find((n: { title: string }) => n.title === 'Support request sent');
    // parameters are isolated (U+2068 … U+2069): a Latin name keeps its quotes in an Arabic sentence and the other way round
    expect(support.message).toBe('We received "\u2068Invoice\u2069" and will answer by email.');
  });

  it('filters by status', async () => {
    const read = json(await get(r, '/api/notifications?status=read&limit=100')).data.notifications;
    expect(read).toHaveLength(8);
    expect(read.every((n: { status: string; read_at: string | null }) => n.status === 'read' && n.read_at)).toBe(true);
  });

  it('rejects limit 101, limit 0 and page 0 with 400; accepts limit 100', async () => {
    for (const q of ['limit=101', 'limit=0', 'page=0', 'limit=abc', 'status=new']) {
      const res = await get(r, `/api/notifications?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(json(res).code).toBe('VALIDATION_ERROR');
    }
    const max = await get(r, '/api/notifications?limit=100');
    expect(max.statusCode).toBe(200);
    expect(json(max).data.notifications).toHaveLength(25);
  });

  it('answers in Arabic with Accept-Language: ar', async () => {
    for (const url of ['/api/notifications?limit=100', '/api/notifications/unread?limit=100']) {
      const all = json(await get(r, url, { 'accept-language': 'ar' })).data.notifications;
      const titles = all.map((n: { title: string }) => n.title);
      expect(titles).toContain('مرحبًا بك في رسالة');
      expect(titles).toContain('تم تغيير كلمة المرور');
      expect(titles).not.toContain('Welcome to Risala');
      const support = all.find((n: { title: string }) => n.title === 'تم إرسال طلب الدعم');
      expect(support.message).toBe('تلقّينا «\u2068Invoice\u2069» وسنرد عليك عبر البريد.');
    }
  });
});

describe('GET /api/notifications/unread and /count', () => {
  let r: Reader;
  beforeAll(async () => {
    r = await reader();
  });

  it('lists only unread notifications, at most 10 by default or by ?limit=10', async () => {
    for (const url of ['/api/notifications/unread?limit=10', '/api/notifications/unread']) {
      const data = json(await get(r, url)).data;
      expect(data.notifications).toHaveLength(10);
      expect(data.notifications.every((n: { status: string }) => n.status === 'unread')).toBe(true);
      expect(data.unreadCount).toBe(17);
    }
    const wide = json(await get(r, '/api/notifications/unread?limit=50')).data;
    expect(wide.notifications).toHaveLength(17);
    expect((await get(r, '/api/notifications/unread?limit=101')).statusCode).toBe(400);
  });

  it('counts unread, total and read', async () => {
    const res = await get(r, '/api/notifications/count');
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({ unreadCount: 17, totalCount: 25, readCount: 8 });
  });
});

describe('marking as read', () => {
  let r: Reader;
  let colleague: Reader;
  let outsider: Reader;
  beforeAll(async () => {
    r = await reader();
    const c = await addUserToAccount(t, r.accountId, 'viewer');
    colleague = { userId: c.userId, accountId: r.accountId, token: (await signIn(t, c.email)).token };
    await seed(r.accountId, c.userId, 4);
    outsider = await reader();
  });

  it('PUT /{id}/read marks one read (read_at set), idempotently, and the counts follow', async () => {
    const [target] = await t.sql("select id from notifications where user_id = $1 and status = 'unread' order by id limit 1", [r.userId]);
    const res = await put(r, `/api/notifications/${target.id}/read`);
    expect(res.statusCode).toBe(200);
    const note = json(res).data.notification;
    expect(note).toMatchObject({ id: target.id, status: 'read' });
    expect(note.read_at).toBeTruthy();
    const [row] = await t.sql('select status, read_at from notifications where id = $1', [target.id]);
    expect(row.status).toBe('read');
    expect(row.read_at).toBeInstanceOf(Date);
    expect(json(await get(r, '/api/notifications/count')).data).toEqual({ unreadCount: 16, totalCount: 25, readCount: 9 });

    const again = await put(r, `/api/notifications/${target.id}/read`);
    expect(again.statusCode).toBe(200);
    expect(json(again).data.notification.read_at).toBe(note.read_at);
    expect(json(await get(r, '/api/notifications/count')).data.unreadCount).toBe(16);
  });

  it("answers 404 for someone else's notification and leaves it unread", async () => {
    for (const victim of [colleague, outsider]) {
      const [target] = await t.sql("select id from notifications where user_id = $1 and status = 'unread' limit 1", [victim.userId]);
      const res = await put(r, `/api/notifications/${target.id}/read`);
      expect(res.statusCode).toBe(404);
      expect(json(res).code).toBe('NOT_FOUND');
      const [row] = await t.sql('select status, read_at from notifications where id = $1', [target.id]);
      expect(row).toEqual({ status: 'unread', read_at: null });
    }
    expect((await put(r, '/api/notifications/999999999/read')).statusCode).toBe(404);
    expect((await put(r, '/api/notifications/abc/read')).statusCode).toBe(400);
  });

  it('PUT /read-all marks all of mine and nobody else', async () => {
    const colleagueBefore = await unreadIn(colleague.userId);
    const outsiderBefore = await unreadIn(outsider.userId);
    const mine = await unreadIn(r.userId);
    expect(mine).toBeGreaterThan(0);
    const res = await put(r, '/api/notifications/read-all');
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({ markedCount: mine });
    expect(await unreadIn(r.userId)).toBe(0);
    expect(json(await get(r, '/api/notifications/count')).data).toEqual({ unreadCount: 0, totalCount: 25, readCount: 25 });
    const missing = await t.sql('select count(*)::int as n from notifications where user_id = $1 and read_at is null', [r.userId]);
    expect(missing[0].n).toBe(0);
    expect(await unreadIn(colleague.userId)).toBe(colleagueBefore);
    expect(await unreadIn(outsider.userId)).toBe(outsiderBefore);
    expect(json(await put(r, '/api/notifications/read-all')).data).toEqual({ markedCount: 0 });
    // §7: "with empty body" — also when a client labels the empty body as JSON
    const labelled = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/read-all',
      headers: { ...bearer(r.token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(labelled.statusCode).toBe(200);
    expect(json(labelled).data).toEqual({ markedCount: 0 });
  });
});

describe('authentication', () => {
  it('answers 401 UNAUTHORIZED on every notification route without a token', async () => {
    const routes: Array<['GET' | 'PUT', string]> = [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread'],
      ['GET', '/api/notifications/count'],
      ['PUT', '/api/notifications/read-all'],
      ['PUT', '/api/notifications/1/read'],
    ];
    for (const [method, url] of routes) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
      expect(json(res).code).toBe('UNAUTHORIZED');
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer('garbage') });
    expect(json(bad).code).toBe('INVALID_TOKEN');
  });
});
