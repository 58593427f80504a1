import { describe, expect, it } from 'vitest';
import { hasSession, parseToken, takeSessionFromUrl, urlSessionAction } from './session-store.ts';

const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;

describe('parseToken', () => {
  it('reads id and exp from the payload', () => {
    expect(parseToken(jwt({ id: 12, exp: 99 }))).toEqual({ id: 12, exp: 99 });
    expect(parseToken(jwt({ id: '12' }))).toEqual({ id: 12 });
  });

  it('null for anything unparseable', () => {
    expect(parseToken(undefined)).toBeNull();
    expect(parseToken('')).toBeNull();
    expect(parseToken('nodots')).toBeNull();
    expect(parseToken('a.%%%.b')).toBeNull();
    expect(parseToken(`a.${btoa('"text"')}.b`)).toBeNull();
  });
});

describe('takeSessionFromUrl', () => {
  it('needs both token and user_id, and strips them', () => {
    expect(takeSessionFromUrl('http://x/dashboard?token=t&user_id=5&tab=2#h')).toEqual({
      token: 't',
      userId: '5',
      cleanUrl: '/dashboard?tab=2#h',
    });
    expect(takeSessionFromUrl('http://x/dashboard?token=t')).toBeNull();
    expect(takeSessionFromUrl('http://x/dashboard?user_id=5')).toBeNull();
  });
});

describe('urlSessionAction', () => {
  const none = { userId: null, permissions: null, username: null, customerId: null, userLogo: null, token: null };
  const token = (id: number) => jwt({ id, exp: 9_999_999_999 });
  it('takes a URL session when nobody is signed in, or when it is the same user', () => {
    expect(urlSessionAction(none, { token: token(5), userId: '5' })).toBe('adopt');
    expect(urlSessionAction({ ...none, userId: '5' }, { token: token(5), userId: '5' })).toBe('adopt');
  });
  it('asks before switching a signed-in browser to another user, whatever the link claims', () => {
    expect(urlSessionAction({ ...none, userId: '5' }, { token: token(9), userId: '9' })).toBe('ask');
    // a user_id that matches but a token of someone else
    expect(urlSessionAction({ ...none, userId: '5' }, { token: token(9), userId: '5' })).toBe('ask');
    expect(urlSessionAction({ ...none, token: token(5) }, { token: token(7), userId: '7' })).toBe('ask');
  });
});

describe('hasSession', () => {
  const empty = { userId: null, permissions: null, username: null, customerId: null, userLogo: null, token: null };
  it('a user id or a token makes a session', () => {
    expect(hasSession(empty)).toBe(false);
    expect(hasSession({ ...empty, userId: '1' })).toBe(true);
    expect(hasSession({ ...empty, token: 't' })).toBe(true);
  });
});
