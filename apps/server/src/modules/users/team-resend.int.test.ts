/**
 * The invitation resend cap: an invitation is mailed again at most five times in any
 * 24 hours, by Resend or by inviting its pending address again; the sixth answers
 * INVITATION_RESEND_LIMIT (429, retry_after) and mails nothing. Another invitation is not affected.
 */
import { INVITATION } from '@risala/shared/schemas/team';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, signIn, signUp, type TestApp, uniqueEmail, waitForMails } from '../../test/helper.ts';

let t: TestApp;
let token: string;
let accountId: number;
let viewer: number;

const post = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const mailCount = async (email: string) =>
  (await t.sql<{ n: number }>('select count(*)::int as n from sandbox_mails where $1 = any(to_addresses)', [email]))[0]?.n ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t, { company_name: 'Resend Co' });
  const s = await signIn(t, a.email);
  token = s.token;
  accountId = s.user.account_id as number;
  await t.sql("update accounts set plan = 'enterprise' where id = $1", [accountId]);
  viewer = (await t.sql<{ id: number }>("select id from roles where account_id = $1 and key = 'viewer'", [accountId]))[0]?.id as number;
});
afterAll(async () => {
  await t?.close();
});

describe('resend cap', () => {
  it('five resends in 24 hours, then INVITATION_RESEND_LIMIT without a mail; inviting again counts too', async () => {
    expect(INVITATION.resendsPerDay).toBe(5);
    const email = uniqueEmail('resend');
    const created = json(await post('/api/users/invitations', { email, role_id: viewer })).data;
    for (let i = 0; i < 4; i++) {
      const res = await post(`/api/users/invitations/${created.id}/resend`);
      expect(res.statusCode, res.body).toBe(200);
    }
    // the fifth: inviting the pending address again mails a new link as a resend does
    expect((await post('/api/users/invitations', { email, role_id: viewer })).statusCode).toBe(201);
    await waitForMails(t, email, 6);
    const refused = await post(`/api/users/invitations/${created.id}/resend`);
    expect(refused.statusCode).toBe(429);
    const body = json(refused);
    expect(body.code).toBe('INVITATION_RESEND_LIMIT');
    expect(body.message).toContain('5');
    expect(body.data.retry_after).toBeGreaterThan(23 * 3600);
    expect(json(await post('/api/users/invitations', { email, role_id: viewer })).code).toBe('INVITATION_RESEND_LIMIT');
    // Arabic message
    const ar = await t.app.inject({
      method: 'POST',
      url: `/api/users/invitations/${created.id}/resend`,
      headers: { ...bearer(token), 'accept-language': 'ar' },
    });
    expect(json(ar).message).toMatch(/[\u0600-\u06FF]/);
    expect(await mailCount(email)).toBe(6);
    // resends older than 24 hours leave the count
    await t.sql(
      "update audit_log set created_at = now() - interval '25 hours' where account_id = $1 and target_type = 'invitation' and target_id = $2",
      [accountId, String(created.id)],
    );
    expect((await post(`/api/users/invitations/${created.id}/resend`)).statusCode).toBe(200);
  });

  it('another invitation has its own count', async () => {
    const email = uniqueEmail('other');
    const created = json(await post('/api/users/invitations', { email, role_id: viewer })).data;
    expect((await post(`/api/users/invitations/${created.id}/resend`)).statusCode).toBe(200);
  });
});
