/**
 * A user that needs approval (approved_user false): their campaigns wait for an owner's or
 * admin's approval until the user is approved; then they go out directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  json,
  STRONG_PASSWORD,
  signIn,
  signUp,
  type TestApp,
  uniqueEmail,
  waitForMails,
} from '../../test/helper.ts';
import { smsDraft } from '../campaigns/campaign-fixtures.ts';

let t: TestApp;
let owner: { accountId: number; userId: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t);
  const s = await signIn(t, a.email);
  owner = { accountId: s.user.account_id, userId: a.userId, token: s.token };
});
afterAll(async () => {
  await t?.close();
});

describe('approved_user', () => {
  it("holds a new user's campaigns for approval until an owner approves the user", async () => {
    const [role] = await t.sql("select id from roles where account_id = $1 and key = 'marketer'", [owner.accountId]);
    const email = uniqueEmail('junior');
    const inv = await t.app.inject({
      method: 'POST',
      url: '/api/users/invitations',
      headers: bearer(owner.token),
      payload: { email, role_id: role?.id, needs_approval: true },
    });
    expect(inv.statusCode, inv.body).toBe(201);
    expect(json(inv).data.approved_user).toBe(false);
    const [mail] = await waitForMails(t, email, 1);
    const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1] ?? '');
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, first_name: 'Junior', last_name: 'Marketer', password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const junior = {
      accountId: owner.accountId,
      userId: json(accepted).data.user.id as number,
      token: json(accepted).data.token as string,
    };
    const deploy = async () => {
      const { id } = await smsDraft(t, junior);
      const res = await t.app.inject({ method: 'POST', url: `/api/campaigns/${id}/deploy`, headers: bearer(junior.token) });
      expect(res.statusCode, res.body).toBe(201);
      return json(res).data.status as string;
    };
    expect(await deploy()).toBe('WAITING_FOR_APPROVAL');
    const approved = await t.app.inject({ method: 'POST', url: `/api/users/${junior.userId}/approve`, headers: bearer(owner.token) });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(json(approved).data.approved_user).toBe(true);
    expect(await deploy()).toBe('RUNNING');
    const [entry] = await t.sql("select actor_id, target_id from audit_log where action = 'user.approved' and account_id = $1", [
      owner.accountId,
    ]);
    expect(entry).toMatchObject({ actor_id: owner.userId, target_id: String(junior.userId) });
  });
});
