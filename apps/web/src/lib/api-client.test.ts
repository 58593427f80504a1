import { SESSION } from '@risala/shared/constants';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, preloadLanguage } from './i18n.ts';

// i18next loads its catalogues asynchronously (one language at a time in the app)
beforeAll(async () => {
  await initI18n();
  await preloadLanguage('ar');
});

// An in-memory localStorage before the session store reads it.
const store = vi.hoisted(() => {
  const map = new Map<string, string>();
  const storage = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, String(v)),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
  (globalThis as { localStorage?: unknown }).localStorage = storage;
  return map;
});

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const { api } = await import('./api-client.ts');
const { saveSession, setNavigator, getSession } = await import('./session-store.ts');
const { setLanguage, default: i18n } = await import('./i18n.ts');

type Call = { url: string; init: RequestInit };
let calls: Call[] = [];

function reply(status: number, body: unknown, contentType = 'application/json') {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(status === 204 ? null : text, { status, headers: { 'content-type': contentType } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const header = (call: Call, name: string) => new Headers(call.init.headers).get(name);
// A structurally valid JWT with payload {"id":7,"exp":4102444800}.
const TOKEN = `x.${btoa(JSON.stringify({ id: 7, exp: 4102444800 })).replace(/=+$/, '')}.y`;

beforeEach(() => {
  calls = [];
  store.clear();
  saveSession({});
  show.mockClear();
  setLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api-client requests', () => {
  it('unwraps the envelope: data, statusCode, headers', async () => {
    reply(201, { statusCode: 201, message: 'Created', data: { id: 1 } });
    const res = await api.post<{ id: number }>('/api/brands', { name: 'x' });
    expect(res.data).toEqual({ id: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.headers.get('content-type')).toContain('json');
  });

  it('returns the whole body when there is no data field', async () => {
    reply(200, { status: 'ok' });
    expect((await api.get('/health')).data).toEqual({ status: 'ok' });
  });

  it('sends same-origin credentials, Accept-Language and JSON', async () => {
    reply(200, { data: null });
    await setLanguage('ar');
    await api.post('/api/auth/login', { email: 'a@b.c', password: 'p' });
    const [call] = calls;
    expect(call.url).toBe('/api/auth/login');
    expect(call.init.credentials).toBe('same-origin');
    expect(call.init.method).toBe('POST');
    expect(header(call, 'Accept-Language')).toBe('ar');
    expect(header(call, 'Content-Type')).toBe('application/json');
    expect(call.init.body).toBe(JSON.stringify({ email: 'a@b.c', password: 'p' }));
  });

  it('adds query parameters, skipping empty ones', async () => {
    reply(200, { data: [] });
    await api.get('/api/notifications', { query: { page: 1, limit: 50, status: undefined, q: '' } });
    expect(calls[0].url).toBe('/api/notifications?page=1&limit=50');
  });

  it('no body → no content type (PUT …/read-all has an empty body)', async () => {
    reply(200, { data: { markedCount: 2 } });
    await api.put('/api/notifications/read-all');
    expect(calls[0].init.body).toBeUndefined();
    expect(header(calls[0], 'Content-Type')).toBeNull();
  });

  it('FormData goes as is, without a content type', async () => {
    reply(200, { data: { logo: '/x.png' } });
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await api.post('/api/auth/user/7/upload-profile-picture-s3', form);
    expect(calls[0].init.body).toBe(form);
    expect(header(calls[0], 'Content-Type')).toBeNull();
  });

  it('Bearer header from a URL token on protected paths only', async () => {
    reply(200, { data: null });
    await api.get('/api/auth/user/7');
    expect(header(calls[0], 'Authorization')).toBeNull(); // cookie only

    saveSession({ token: TOKEN, userId: '7' });
    await api.get('/api/auth/user/7');
    expect(header(calls[1], 'Authorization')).toBe(`Bearer ${TOKEN}`);
    await api.post('/api/auth/login', {});
    await api.get('/api/sandbox/mails?to=a@b.c');
    await api.get('/health');
    for (const call of calls.slice(2)) expect(header(call, 'Authorization'), call.url).toBeNull();
  });

  it('an unparseable stored token clears the session and rejects with the session-expired text', async () => {
    const fetchMock = reply(200, { data: null });
    const navigate = vi.fn();
    setNavigator(navigate);
    saveSession({ token: 'garbage', userId: '7' });
    await expect(api.get('/api/brands')).rejects.toMatchObject({
      statusCode: 401,
      code: 'INVALID_TOKEN',
      message: i18n.t('http.sessionExpired'),
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getSession().userId).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});

describe('api-client errors', () => {
  it('rejects with the normalised error and toasts it', async () => {
    reply(409, { statusCode: 409, code: 'NAME_EXISTS', message: 'This name already exists', errors: [], isError: true });
    await expect(api.post('/api/brands', {})).rejects.toEqual({
      isError: true,
      statusCode: 409,
      code: 'NAME_EXISTS',
      message: 'This name already exists',
      errors: [{ message: 'This name already exists' }],
    });
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0][0]).toMatchObject({ message: 'This name already exists', color: 'red' });
  });

  it('silent calls do not toast', async () => {
    reply(400, { statusCode: 400, code: 'VALIDATION_ERROR', message: 'Bad', errors: [{ field: 'email', message: 'Bad' }] });
    await expect(api.post('/api/auth/register', {}, { silent: true })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(show).not.toHaveBeenCalled();
  });

  it('500 toasts the internal error with the area', async () => {
    reply(500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' });
    await expect(api.get('/api/campaigns')).rejects.toMatchObject({ statusCode: 500 });
    expect(show.mock.calls[0][0].message).toBe('Internal server error in campaigns. Please try again later.');
  });

  it('404 on WhatsApp sender management stays silent', async () => {
    reply(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Resource not found' });
    await expect(api.get('/api/sender-management/whatsapp/config')).rejects.toMatchObject({ statusCode: 404 });
    expect(show).not.toHaveBeenCalled();
  });

  it('network failure → isNetworkError, connection toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/api/brands')).rejects.toMatchObject({ isNetworkError: true, statusCode: 500 });
    expect(show.mock.calls[0][0]).toMatchObject({ title: 'Connection problem' });
  });

  it("the client's own errors reach forms in the user's language", async () => {
    setLanguage('ar');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const offline = await api.get('/api/brands').catch((e: unknown) => e);
    expect(offline).toMatchObject({ isNetworkError: true, message: i18n.t('http.network') });
    expect(JSON.stringify(offline)).not.toMatch(/Network error|Failed to fetch/);
    reply(502, '<html>Bad gateway</html>'.repeat(20), 'text/html');
    const bare = await api.post('/api/brands', {}).catch((e: unknown) => e);
    expect(bare).toMatchObject({ statusCode: 502, message: i18n.t('http.serverError'), errors: [{ message: i18n.t('http.serverError') }] });
    expect(i18n.t('http.serverError')).toMatch(/[\u0600-\u06FF]/);
  });

  it('401 on a protected path: message now, logout after 1.2 s', async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    setNavigator(navigate);
    saveSession({ userId: '7', username: 'Omar' });
    reply(401, { statusCode: 401, code: 'SESSION_EXPIRED', message: 'Session expired. Please log in again.' });
    await expect(api.get('/api/brands')).rejects.toMatchObject({ statusCode: 401 });
    await expect(api.get('/api/customers')).rejects.toMatchObject({ statusCode: 401 });
    expect(show).toHaveBeenCalledTimes(1); // one message for the burst
    expect(getSession().userId).toBe('7');
    vi.advanceTimersByTime(SESSION.logoutRedirectDelayMs);
    expect(getSession().userId).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('403 about the plan: message, no logout', async () => {
    vi.useFakeTimers();
    saveSession({ userId: '7' });
    reply(403, { statusCode: 403, code: 'SUBSCRIPTION_REQUIRED', message: 'Your free trial has ended.' });
    await expect(api.post('/api/campaigns', {})).rejects.toMatchObject({ statusCode: 403 });
    vi.advanceTimersByTime(5_000);
    expect(getSession().userId).toBe('7');
    expect(show.mock.calls[0][0]).toMatchObject({ title: 'Feature not available — upgrade', message: 'Your free trial has ended.' });
  });

  it('401 on the login path never logs out', async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    setNavigator(navigate);
    saveSession({ userId: '7' });
    reply(401, { statusCode: 401, code: 'INVALID_LOGIN_DATA', message: 'Invalid email or password' });
    await expect(api.post('/api/auth/login', {}, { silent: true })).rejects.toMatchObject({ code: 'INVALID_LOGIN_DATA' });
    vi.advanceTimersByTime(5_000);
    expect(navigate).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
  });
});
