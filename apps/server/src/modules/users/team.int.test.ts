/**
 * The team: invitations (mailed link, expiry, single use, resend, revoke), the list,
 * role changes with the owner rules, deactivation (sessions end at once: USER_INACTIVE), the plan's
 * seat limit, another account's users (404), and audit entries written with each change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUserToAccount,
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

let t: TestApp;
let owner: { accountId: number; userId: number; token: string };
let stranger: { accountId: number; userId: number; token: string };
let roleIds: Record<string, number>;

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function newOwner(company: string) {
  const a = await signUp(t, { company_name: company });
  const s = await signIn(t, a.email);
  return { accountId: s.user.account_id as number, userId: a.userId, token: s.token };
}

/** The token in the newest invitation mail to an address. */
async function inviteToken(email: string, count = 1): Promise<string> {
  const mails = await waitForMails(t, email, count);
  const match = /accept-invitation\?token=([A-Za-z0-9_%-]+)/.exec(mails[0]?.text ?? '');
  if (!match?.[1]) throw new Error(`no invitation link mailed to ${email}`);
  return decodeURIComponent(match[1]);
}

const accept = (token: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/invitations/accept',
    payload: { token, first_name: 'Lina', last_name: 'Saleh', password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD, ...extra },
  });

const auditOf = async (accountId: number, action: string) =>
  t.sql('select * from audit_log where account_id = $1 and action = $2 order by id', [accountId, action]);

beforeAll(async () => {
  t = await createTestApp();
  owner = await newOwner('Acme Team');
  await t.sql("update accounts set plan = 'enterprise' where id = $1", [owner.accountId]);
  stranger = await newOwner('Other Co');
  const roles = await t.sql<{ id: number; key: string }>('select id, key from roles where account_id = $1', [owner.accountId]);
  roleIds = Object.fromEntries(roles.map((r) => [r.key, r.id]));
});
afterAll(async () => {
  await t?.close();
});

describe('invitations', () => {
  it('invites by email in the invitee’s language; the link signs the new marketer in once', async () => {
    const email = uniqueEmail('invitee');
    const res = await req('POST', '/api/users/invitations', owner.token, { email, role_id: roleIds.marketer, language: 'ar' });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).data).toMatchObject({ kind: 'invitation', email, role: 'marketer', status: 'INVITED' });
    const [mail] = await waitForMails(t, email, 1);
    expect(mail?.subject).toMatch(/[\u0600-\u06FF]/);
    const token = await inviteToken(email);
    // only the HMAC is stored
    const [row] = await t.sql('select token_hash from invitations where lower(email) = lower($1)', [email]);
    expect(row?.token_hash).not.toBe(token);
    const preview = await t.app.inject({ method: 'POST', url: '/api/invitations/preview', payload: { token } });
    expect(json(preview).data).toMatchObject({ email, account_name: 'Acme Team', role_name: 'marketer' });
    const ok = await accept(token);
    expect(ok.statusCode, ok.body).toBe(200);
    const session = json(ok).data;
    expect(session).toMatchObject({ accepted: true, user: { email, role: 'marketer', account_id: owner.accountId, email_verified: true } });
    expect(session.permissions.sms_portal.map((e: { entity: string }) => e.entity)).not.toContain('user_management');
    expect(ok.cookies.some((c) => c.name === 'token')).toBe(true);
    // the new user is signed in, and can sign in again with the password they set
    expect((await req('GET', '/api/campaigns', session.token)).statusCode).toBe(200);
    await signIn(t, email);
    // used once
    expect(json(await accept(token)).code).toBe('INVITATION_INVALID');
    expect((await auditOf(owner.accountId, 'user.invited')).some((a) => a.target_label === email)).toBe(true);
    expect((await auditOf(owner.accountId, 'user.invitation_accepted')).some((a) => a.target_label === email)).toBe(true);
  });

  it('an expired link answers INVITATION_EXPIRED; resending mails a new link and the old one stops working', async () => {
    const email = uniqueEmail('late');
    const created = json(await req('POST', '/api/users/invitations', owner.token, { email, role_id: roleIds.viewer })).data;
    const first = await inviteToken(email);
    await t.sql("update invitations set expires_at = now() - interval '1 minute' where id = $1", [created.id]);
    const expired = await accept(first);
    expect(expired.statusCode).toBe(410);
    expect(json(expired).code).toBe('INVITATION_EXPIRED');
    const list = json(await req('GET', '/api/users?status=EXPIRED', owner.token)).data;
    expect(list.items.map((m: { email: string }) => m.email)).toContain(email);
    const resent = await req('POST', `/api/users/invitations/${created.id}/resend`, owner.token);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(json(resent).data.status).toBe('INVITED');
    const second = await inviteToken(email, 2);
    expect(second).not.toBe(first);
    expect(json(await accept(first)).code).toBe('INVITATION_INVALID');
    expect((await accept(second)).statusCode).toBe(200);
  });

  it('a revoked invitation cannot be accepted; an address with an account cannot be invited', async () => {
    const email = uniqueEmail('revoked');
    const created = json(await req('POST', '/api/users/invitations', owner.token, { email, role_id: roleIds.viewer })).data;
    const token = await inviteToken(email);
    const del = await req('DELETE', `/api/users/invitations/${created.id}`, owner.token);
    expect(del.statusCode, del.body).toBe(200);
    expect(json(await accept(token)).code).toBe('INVITATION_INVALID');
    expect((await auditOf(owner.accountId, 'user.invitation_revoked')).length).toBe(1);
    const taken = await req('POST', '/api/users/invitations', owner.token, { email: (await signUp(t)).email, role_id: roleIds.viewer });
    expect(json(taken).code).toBe('EMAIL_EXISTS');
  });

  it('only an owner invites an owner; a marketer cannot invite at all', async () => {
    const admin = await addUserToAccount(t, owner.accountId, 'admin');
    const adminToken = (await signIn(t, admin.email)).token;
    const asAdmin = await req('POST', '/api/users/invitations', adminToken, { email: uniqueEmail('o'), role_id: roleIds.owner });
    expect(json(asAdmin).code).toBe('OWNER_ONLY');
    const marketer = await addUserToAccount(t, owner.accountId, 'marketer');
    const mt = (await signIn(t, marketer.email)).token;
    expect((await req('POST', '/api/users/invitations', mt, { email: uniqueEmail('m'), role_id: roleIds.viewer })).statusCode).toBe(403);
    expect((await req('GET', '/api/users', mt)).statusCode).toBe(403);
  });
});

describe('the list', () => {
  it('lists users and pending invitations with search, role and status filters and pages', async () => {
    const email = uniqueEmail('findme');
    await req('POST', '/api/users/invitations', owner.token, { email, role_id: roleIds.reviewer, first_name: 'Findable' });
    const all = json(await req('GET', '/api/users?limit=2', owner.token)).data;
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThan(2);
    expect(all.seats).toMatchObject({ limit: null });
    expect(all.roles.map((r: { key: string }) => r.key)).toEqual(
      expect.arrayContaining(['owner', 'admin', 'marketer', 'reviewer', 'viewer']),
    );
    const found = json(await req('GET', '/api/users?search=findable', owner.token)).data;
    expect(found.items).toEqual([expect.objectContaining({ email, kind: 'invitation', status: 'INVITED', role: 'reviewer' })]);
    const owners = json(await req('GET', '/api/users?role=owner&status=ACTIVE', owner.token)).data;
    expect(owners.items).toEqual([expect.objectContaining({ id: owner.userId, is_self: true })]);
    // LIKE wildcards are text, not patterns
    expect(json(await req('GET', '/api/users?search=%25', owner.token)).data.total).toBe(0);
  });
});

describe('roles and owners', () => {
  it('the last owner cannot be demoted; only an owner changes an owner', async () => {
    const demoteSelf = await req('PATCH', `/api/users/${owner.userId}/role`, owner.token, { role_id: roleIds.admin });
    expect(demoteSelf.statusCode).toBe(409);
    expect(json(demoteSelf).code).toBe('LAST_OWNER');
    const admin = await addUserToAccount(t, owner.accountId, 'admin');
    const adminToken = (await signIn(t, admin.email)).token;
    expect(json(await req('PATCH', `/api/users/${owner.userId}/role`, adminToken, { role_id: roleIds.viewer })).code).toBe('OWNER_ONLY');
    expect(json(await req('PATCH', `/api/users/${admin.userId}/role`, adminToken, { role_id: roleIds.owner })).code).toBe('OWNER_ONLY');
    expect(json(await req('POST', `/api/users/${owner.userId}/deactivate`, adminToken)).code).toBe('OWNER_ONLY');
    // a second owner: now either may step down, and the account still has one
    const promoted = await req('PATCH', `/api/users/${admin.userId}/role`, owner.token, { role_id: roleIds.owner });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(json(promoted).data.role).toBe('owner');
    const back = await req('PATCH', `/api/users/${admin.userId}/role`, owner.token, { role_id: roleIds.admin });
    expect(back.statusCode).toBe(200);
    const changes = await auditOf(owner.accountId, 'user.role_changed');
    expect(changes.map((c) => c.data)).toEqual([
      { from: 'admin', to: 'owner' },
      { from: 'owner', to: 'admin' },
    ]);
  });

  it('a reviewer (gateway reviewer) role is assignable and the next request follows it', async () => {
    const u = await addUserToAccount(t, owner.accountId, 'marketer');
    const token = (await signIn(t, u.email)).token;
    // approving a batch: a marketer may not (403); a reviewer may (404: there is no such batch)
    expect((await req('POST', '/api/batches/999999/approve', token, {})).statusCode).toBe(403);
    expect((await req('PATCH', `/api/users/${u.userId}/role`, owner.token, { role_id: roleIds.reviewer })).statusCode).toBe(200);
    expect((await req('POST', '/api/batches/999999/approve', token, {})).statusCode).toBe(404);
  });
});

describe('deactivation', () => {
  it('ends the open session at once (USER_INACTIVE) and sign-in says USER_INACTIVE until reactivated', async () => {
    const u = await addUserToAccount(t, owner.accountId, 'marketer');
    const token = (await signIn(t, u.email)).token;
    expect((await req('GET', '/api/campaigns', token)).statusCode).toBe(200);
    const off = await req('POST', `/api/users/${u.userId}/deactivate`, owner.token);
    expect(off.statusCode, off.body).toBe(200);
    expect(json(off).data.status).toBe('INACTIVE');
    const open = await req('GET', '/api/campaigns', token);
    expect(open.statusCode).toBe(403);
    expect(json(open).code).toBe('USER_INACTIVE');
    const [live] = await t.sql('select count(*)::int as n from sessions where user_id = $1 and revoked_at is null', [u.userId]);
    expect(live?.n).toBe(0);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: u.password } });
    expect(json(login).code).toBe('USER_INACTIVE');
    expect((await req('POST', `/api/users/${u.userId}/reactivate`, owner.token)).statusCode).toBe(200);
    // the old session stays ended; a new sign-in works
    expect(json(await req('GET', '/api/campaigns', token)).code).toBe('SESSION_EXPIRED');
    await signIn(t, u.email);
    expect((await auditOf(owner.accountId, 'user.deactivated')).length).toBeGreaterThan(0);
    expect((await auditOf(owner.accountId, 'user.reactivated')).length).toBeGreaterThan(0);
  });

  it('nobody deactivates themselves; a refused change writes no audit entry', async () => {
    const before = (await auditOf(owner.accountId, 'user.deactivated')).length;
    expect(json(await req('POST', `/api/users/${owner.userId}/deactivate`, owner.token)).code).toBe('CANNOT_CHANGE_SELF');
    expect((await auditOf(owner.accountId, 'user.deactivated')).length).toBe(before);
  });
});

describe('seat limit', () => {
  it('the plan’s team members limit counts users and pending invitations (PLAN_LIMIT_EXCEEDED)', async () => {
    const small = await newOwner('Small Co'); // free trial: 3 seats
    const roles = await t.sql<{ id: number; key: string }>('select id, key from roles where account_id = $1', [small.accountId]);
    const viewer = roles.find((r) => r.key === 'viewer')?.id;
    const extra = await addUserToAccount(t, small.accountId, 'viewer');
    expect((await req('POST', '/api/users/invitations', small.token, { email: uniqueEmail('s'), role_id: viewer })).statusCode).toBe(201);
    const over = await req('POST', '/api/users/invitations', small.token, { email: uniqueEmail('s'), role_id: viewer });
    expect(over.statusCode).toBe(403);
    expect(json(over).code).toBe('PLAN_LIMIT_EXCEEDED');
    expect(json(await req('GET', '/api/users', small.token)).data.seats).toEqual({ used: 3, limit: 3 });
    // a deactivated user frees a seat; reactivating needs one again
    expect((await req('POST', `/api/users/${extra.userId}/deactivate`, small.token)).statusCode).toBe(200);
    expect((await req('POST', '/api/users/invitations', small.token, { email: uniqueEmail('s'), role_id: viewer })).statusCode).toBe(201);
    expect(json(await req('POST', `/api/users/${extra.userId}/reactivate`, small.token)).code).toBe('PLAN_LIMIT_EXCEEDED');
    // growth: 10
    await t.sql("update accounts set plan = 'growth' where id = $1", [small.accountId]);
    expect((await req('POST', `/api/users/${extra.userId}/reactivate`, small.token)).statusCode).toBe(200);
  });
});

describe('another account', () => {
  it("another account's users and invitations are 404, and never listed", async () => {
    const theirs = await addUserToAccount(t, stranger.accountId, 'marketer');
    const email = uniqueEmail('theirs');
    const inv = json(
      await req('POST', '/api/users/invitations', stranger.token, {
        email,
        role_id: (await t.sql("select id from roles where account_id = $1 and key = 'viewer'", [stranger.accountId]))[0]?.id,
      }),
    ).data;
    for (const [method, url, body] of [
      ['PATCH', `/api/users/${theirs.userId}/role`, { role_id: roleIds.viewer }],
      ['POST', `/api/users/${theirs.userId}/deactivate`, undefined],
      ['POST', `/api/users/${theirs.userId}/approve`, undefined],
      ['POST', `/api/users/invitations/${inv.id}/resend`, undefined],
      ['DELETE', `/api/users/invitations/${inv.id}`, undefined],
    ] as const) {
      const res = await req(method, url, owner.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // a role of another account is not a role here
    const [theirRole] = await t.sql("select id from roles where account_id = $1 and key = 'viewer'", [stranger.accountId]);
    const mine = await addUserToAccount(t, owner.accountId, 'marketer');
    expect((await req('PATCH', `/api/users/${mine.userId}/role`, owner.token, { role_id: theirRole?.id })).statusCode).toBe(400);
    const list = json(await req('GET', '/api/users?limit=100', owner.token)).data;
    expect(list.items.map((m: { email: string }) => m.email)).not.toContain(email);
    expect(list.items.map((m: { email: string }) => m.email)).not.toContain(theirs.email);
    const [u] = await t.sql('select status from users where id = $1', [theirs.userId]);
    expect(u?.status).toBe('ACTIVE');
  });
});
