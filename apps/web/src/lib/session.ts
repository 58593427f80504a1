/**
 * Session actions and hooks (spec §2, §4): store the session after sign-in, log out, load the
 * profile on start, capture ?token=&user_id= from the URL, and the landing path.
 */
import type { Session as LoginResult, UpdateProfileInput, User, UserProfile } from '@risala/shared';
import { landingPath } from '@risala/shared/permissions';
import type { userEnvelopeSchema } from '@risala/shared/schemas/auth';
import type { DataOf } from '@risala/shared/schemas/common';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from './api-client.ts';
import { chosenLanguage, currentLanguage, isLanguage, setLanguage } from './i18n.ts';
import { browserTimeZone } from './zoned.ts';
import {
  clearSession,
  endSession,
  getPendingUrlSession,
  getSession,
  type SessionSnapshot,
  saveSession,
  setPendingUrlSession,
  subscribeSession,
  takeSessionFromUrl,
  urlSessionAction,
} from './session-store.ts';

/** The account, the profile (GET /api/auth/user/{id}) and a session (POST /api/auth/login, verify-login-otp) as the API answers them. */
export type { AccountSummary as Account, Session as LoginResult, UserProfile } from '@risala/shared';

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function displayName(user: Pick<User, 'full_name' | 'first_name' | 'last_name' | 'username' | 'email'>): string {
  return user.full_name?.trim() || `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim() || user.username || user.email;
}

/** The language settled at the last sign-in (see settleLanguage); the profile is read after it. */
let languageSettled: Promise<void> = Promise.resolve();
let loggedOut = false;

/**
 * The session was ended by the user's own "Log out", not by an expiry: the sign-in page then
 * carries no way back, so whoever signs in next lands on their own start page instead of the
 * page the previous user left (which may not even be theirs to see).
 */
export const endedByLogout = (): boolean => loggedOut;

/** Remembers who signed in; returns where to go (the first entity URL of the permissions). */
export function startSession(result: LoginResult): string {
  loggedOut = false;
  saveSession({
    userId: String(result.user.id),
    permissions: result.permissions,
    username: displayName(result.user),
    customerId: String(result.user.account_id),
    userLogo: result.user.logo,
  });
  languageSettled = settleLanguage(result.user);
  return landingPath(result.permissions);
}

/**
 * After sign-in the interface and the profile speak one language (mails and notifications follow
 * the profile): the language this browser was set to becomes the user's; a browser never set
 * shows the user's own. Before, an Arabic interface could sit over an English profile and mails.
 */
async function settleLanguage(user: User): Promise<void> {
  const chosen = chosenLanguage();
  if (chosen) {
    if (chosen !== user.language) await updateUser(String(user.id), { language: chosen }).catch(() => undefined);
  } else if (isLanguage(user.language) && user.language !== currentLanguage()) {
    await setLanguage(user.language);
  }
}

/** Keeps the stored copy in step with a freshly loaded profile. */
export function rememberProfile(profile: UserProfile): void {
  saveSession({
    permissions: profile.permissions,
    username: displayName(profile.user),
    customerId: String(profile.account?.id ?? profile.user.account_id),
    userLogo: profile.user.logo,
  });
}

/** Logout = POST /api/auth/logout (failure ignored), clear the stored items, go to /login. */
export async function logout(): Promise<void> {
  try {
    await api.post('/api/auth/logout', undefined, { silent: true, timeoutMs: 5_000 });
  } catch {
    // The server may already consider us signed out; clearing locally is what matters.
  }
  loggedOut = true;
  endSession();
}

export const userKeys = {
  profile: (userId: string) => ['user', userId, 'profile'] as const,
  featureAccess: (userId: string) => ['user', userId, 'feature-access'] as const,
};

export async function fetchUserProfile(userId: string): Promise<UserProfile> {
  await languageSettled; // the profile read right after sign-in shows the language just saved
  // Silent: the start-up rule (401/403 → logout, else keep the session) is applied by the caller.
  const { data } = await api.get<UserProfile>(`/api/auth/user/${encodeURIComponent(userId)}`, { silent: true });
  rememberProfile(data);
  return data;
}

/** PUT /api/auth/user/{id} (partial) → the user as saved. */
export async function updateUser(userId: string, input: UpdateProfileInput): Promise<User> {
  const { data } = await api.put<DataOf<typeof userEnvelopeSchema>>(`/api/auth/user/${encodeURIComponent(userId)}`, input, {
    silent: true,
  });
  return data.user;
}

/** Keeps the cached profile (and the stored copy) in step with a user just saved. */
export function rememberUser(client: QueryClient, userId: string, user: User): void {
  const key = userKeys.profile(userId);
  const profile = client.getQueryData<UserProfile>(key);
  if (!profile) return;
  const next = { ...profile, user };
  client.setQueryData(key, next);
  rememberProfile(next);
}

/**
 * The language picked in the top bar becomes the user's own (mails, notifications and the profile
 * follow it). Best effort: the interface has already switched; a failure changes nothing else.
 */
export async function saveLanguagePreference(client: QueryClient, userId: string, language: 'en' | 'ar'): Promise<void> {
  try {
    rememberUser(client, userId, await updateUser(userId, { language }));
  } catch {
    // kept in this browser only
  }
}

export const userProfileQuery = (userId: string) =>
  queryOptions({ queryKey: userKeys.profile(userId), queryFn: () => fetchUserProfile(userId), staleTime: 60_000 });

/** The account's time zone (schedule times are typed and shown in it); the browser's until the profile is loaded. */
export function useAccountTimeZone(): string {
  const { userId } = useSession();
  const profile = useQuery({ ...userProfileQuery(userId ?? ''), enabled: Boolean(userId) });
  return profile.data?.account.timezone ?? browserTimeZone();
}

/** The account's country (ISO alpha-2) where its company settings name one: typed local numbers are read in it. */
export function useAccountCountry(): string | null {
  const { userId } = useSession();
  const profile = useQuery({ ...userProfileQuery(userId ?? ''), enabled: Boolean(userId) });
  return profile.data?.account.country ?? null;
}

/** The account's plan key ('free_trial', 'starter', …); null until the profile is loaded. */
export function useAccountPlan(): string | null {
  const { userId } = useSession();
  const profile = useQuery({ ...userProfileQuery(userId ?? ''), enabled: Boolean(userId) });
  return profile.data?.account.plan ?? null;
}

/**
 * Saves ?token=…&user_id=… (both required) and removes them from the address bar (spec §2). A
 * browser already signed in as someone else is not switched silently: the link waits for the
 * user's answer (SessionSwitchPrompt), so a link cannot slip a victim into an attacker's account.
 */
export function captureSessionFromUrl(): void {
  if (typeof window === 'undefined') return;
  const taken = takeSessionFromUrl(window.location.href);
  if (!taken) return;
  window.history.replaceState(window.history.state, '', taken.cleanUrl);
  const session = { token: taken.token, userId: taken.userId };
  if (urlSessionAction(getSession(), session) === 'adopt') saveSession(session);
  else setPendingUrlSession({ ...session, path: taken.cleanUrl });
}

/** The signed-in user agreed to switch to the URL's session: sign the current one out first. */
export async function acceptUrlSession(): Promise<void> {
  const pending = getPendingUrlSession();
  if (!pending) return;
  await api.post('/api/auth/logout', undefined, { silent: true, timeoutMs: 5_000 }).catch(() => {});
  clearSession();
  setPendingUrlSession(null);
  saveSession({ token: pending.token, userId: pending.userId });
  window.location.assign(pending.path); // a fresh start as the link's user, on the page it pointed at
}

export function useLandingPath(): string {
  return landingPath(useSession().permissions);
}
