/**
 * The session kept in localStorage (spec §2, §4, §7): user_id, permissions (JSON tree), username,
 * customer_id, user_logo and token. The browser's real credential is the HttpOnly `token` cookie set
 * by the server; `token` here only exists when the app was opened with ?token=…&user_id=….
 * No React and no network here, so the API client and tests can use it.
 */
import type { PermissionTree } from '@risala/shared';

export interface SessionSnapshot {
  userId: string | null;
  permissions: PermissionTree | null;
  username: string | null;
  customerId: string | null;
  userLogo: string | null;
  token: string | null;
}

export type SessionField = keyof SessionSnapshot;

export const SESSION_KEYS: Record<SessionField, string> = {
  userId: 'user_id',
  permissions: 'permissions',
  username: 'username',
  customerId: 'customer_id',
  userLogo: 'user_logo',
  token: 'token',
};

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function parsePermissions(raw: string | null): PermissionTree | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (value && typeof value === 'object' && Array.isArray((value as PermissionTree).sms_portal)) {
      return value as PermissionTree;
    }
  } catch {
    // a corrupt value is treated as "no permissions stored"
  }
  return null;
}

function read(): SessionSnapshot {
  const store = storage();
  const get = (field: SessionField) => store?.getItem(SESSION_KEYS[field]) || null;
  return {
    userId: get('userId'),
    permissions: parsePermissions(get('permissions')),
    username: get('username'),
    customerId: get('customerId'),
    userLogo: get('userLogo'),
    token: get('token'),
  };
}

let snapshot: SessionSnapshot = read();
const listeners = new Set<() => void>();

function emit(): void {
  snapshot = read();
  for (const listener of listeners) listener();
}

export function getSession(): SessionSnapshot {
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Another tab signed in or out.
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(SESSION_KEYS).includes(event.key)) emit();
  });
}

/** Writes the given fields; `null` removes one. */
export function saveSession(values: Partial<SessionSnapshot>): void {
  const store = storage();
  if (!store) return;
  for (const [field, value] of Object.entries(values) as [SessionField, unknown][]) {
    const key = SESSION_KEYS[field];
    if (value === null || value === undefined || value === '') store.removeItem(key);
    else store.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  emit();
}

export function clearSession(): void {
  const store = storage();
  for (const key of Object.values(SESSION_KEYS)) store?.removeItem(key);
  emit();
}

/** Authenticated when a token or a user id is known (the cookie itself is invisible to scripts). */
export function hasSession(session: SessionSnapshot = snapshot): boolean {
  return Boolean(session.userId || session.token);
}

/** Payload of a JWT (`id`, `exp`), or null when it cannot be parsed (spec §3, §5). */
export function parseToken(token: string | null | undefined): { id?: number; exp?: number } | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const payload = JSON.parse(atob(base64)) as unknown;
    if (!payload || typeof payload !== 'object') return null;
    const { id, exp } = payload as { id?: unknown; exp?: unknown };
    return {
      ...(typeof id === 'number' || typeof id === 'string' ? { id: Number(id) } : {}),
      ...(typeof exp === 'number' ? { exp } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * If the URL carries both `token` and `user_id`, returns them and the URL without them (spec §2).
 * Pure: the caller stores the values and replaces the address.
 */
export function takeSessionFromUrl(href: string): { token: string; userId: string; cleanUrl: string } | null {
  const url = new URL(href);
  const token = url.searchParams.get('token');
  const userId = url.searchParams.get('user_id');
  if (!token || !userId) return null;
  url.searchParams.delete('token');
  url.searchParams.delete('user_id');
  return { token, userId, cleanUrl: `${url.pathname}${url.search}${url.hash}` };
}

export type UrlSession = { token: string; userId: string };
/** A URL session waiting for an answer, and the page its link pointed at. */
export type PendingUrlSession = UrlSession & { path: string };

/**
 * What to do with a session carried by the URL: take it when nobody is signed in here (or it is
 * the same user), ask first when it would switch a signed-in browser into another account.
 */
export function urlSessionAction(current: SessionSnapshot, taken: UrlSession): 'adopt' | 'ask' {
  if (!hasSession(current)) return 'adopt';
  const currentId = current.userId ?? String(parseToken(current.token)?.id ?? '');
  const takenId = String(parseToken(taken.token)?.id ?? taken.userId);
  return currentId !== '' && currentId === takenId && takenId === taken.userId ? 'adopt' : 'ask';
}

let pendingUrlSession: PendingUrlSession | null = null;

/** A URL session waiting for the signed-in user's answer (see `urlSessionAction`). */
export function getPendingUrlSession(): PendingUrlSession | null {
  return pendingUrlSession;
}

export function setPendingUrlSession(value: PendingUrlSession | null): void {
  pendingUrlSession = value;
  emit();
}

type Navigate = (to: string) => void;
let navigator: Navigate = (to) => {
  if (typeof window !== 'undefined') window.location.assign(to);
};

/** The router registers its navigate function so non-React code can move without a reload. */
export function setNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export function navigateTo(to: string): void {
  navigator(to);
}

const endListeners = new Set<() => void>();

/** Called when the session ends (e.g. to drop cached queries). */
export function onSessionEnd(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** Clears the stored session and goes to /login. */
export function endSession(): void {
  clearSession();
  for (const listener of endListeners) listener();
  navigateTo('/login');
}
