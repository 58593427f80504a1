/**
 * Roles: list with counts, custom roles from the permission tree (validated), the
 * built-in roles read-only, ROLE_NAME_EXISTS, DELETE_ROLE_ASSIGNED, no grant beyond one's own,
 * audit entries with each change (and none for a refused one), another account's roles (404), and
 * a change that applies to its holders at their very next request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserToAccount, bearer, createTestApp, json, signIn, signUp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
let owner: { accountId: number; userId: number; token: string };
let stranger: { accountId: number; userId: number; token: string };

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function newOwner(company: string) {
  const a = await signUp(t, { company_name: company });
  const s = await signIn(t, a.email);
  return { accountId: s.user.account_id as number, userId: a.userId, token: s.token };
}

const auditOf = async (accountId: number, action: string) =>
  t.sql('select * from audit_log where account_id = $1 and action = $2 order by id', [accountId, action]);

const customerDesk = {
  role_name: 'Customer desk',
  role_description: 'Keeps the audience tidy',
  permissions: [
    { entity: 'customer', actions: ['create', 'update'] },
    { entity: 'dashboard', actions: ['view'] },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await newOwner('Roles Co');
  stranger = await newOwner('Other Roles Co');
});
afterAll(async () => {
  await t.close();
});

describe('/api/roles', () => {
  it('lists the five built-in roles read-only, with how many users hold each', async () => {
    const res = await req('GET', '/api/roles', owner.token);
    expect(res.statusCode).toBe(200);
    const roles = json(res).data.roles;
    expect(roles.map((r: { key: string }) => r.key)).toEqual(['owner', 'admin', 'marketer', 'reviewer', 'viewer']);
    expect(roles.every((r: { is_builtin: boolean }) => r.is_builtin)).toBe(true);
    expect(roles.find((r: { key: string }) => r.key === 'owner')).toMatchObject({ user_count: 1, invitation_count: 0 });
    expect(roles.find((r: { key: string }) => r.key === 'viewer')).toMatchObject({ user_count: 0 });
  });

  it('creates a custom role: the tree in the permission order, view implied, audited', async () => {
    const res = await req('POST', '/api/roles', owner.token, customerDesk);
    expect(res.statusCode).toBe(201);
    const role = json(res).data;
    expect(role).toMatchObject({ key: null, is_builtin: false, role_name: 'Customer desk', user_count: 0 });
    expect(role.permissions.sms_portal).toEqual([
      { entity: 'dashboard', entity_url: '/dashboard', actions: ['view'] },
      { entity: 'customer', entity_url: '/customer', actions: ['view', 'create', 'update'] },
    ]);
    const [entry] = await auditOf(owner.accountId, 'role.created');
    expect(entry).toMatchObject({ actor_type: 'user', actor_id: owner.userId, target_type: 'role', target_id: String(role.id) });
    expect(entry.target_label).toBe('Customer desk');
  });

  it('refuses a name already taken, whatever its case (built-in names too), and audits nothing', async () => {
    for (const role_name of ['customer DESK', 'Owner', 'viewer']) {
      const res = await req('POST', '/api/roles', owner.token, { ...customerDesk, role_name });
      expect(res.statusCode, role_name).toBe(409);
      expect(json(res).code).toBe('ROLE_NAME_EXISTS');
    }
    expect(await auditOf(owner.accountId, 'role.created')).toHaveLength(1);
    // the same name in another account is that account's business
    expect((await req('POST', '/api/roles', stranger.token, customerDesk)).statusCode).toBe(201);
  });

  it('accepts only known entities and the actions each entity has', async () => {
    const bad = [
      [{ entity: 'spaceships', actions: ['view'] }],
      [{ entity: 'customer', actions: ['fly'] }],
      [{ entity: 'dashboard', actions: ['send'] }],
      [
        { entity: 'customer', actions: ['view'] },
        { entity: 'customer', actions: ['create'] },
      ],
    ];
    for (const permissions of bad) {
      const res = await req('POST', '/api/roles', owner.token, { role_name: 'Broken', permissions });
      expect(res.statusCode, JSON.stringify(permissions)).toBe(400);
      expect(json(res).code).toBe('VALIDATION_ERROR');
    }
    const arabic = await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: { ...bearer(owner.token), 'accept-language': 'ar' },
      payload: { role_name: 'Broken', permissions: [{ entity: 'dashboard', actions: ['send'] }] },
    });
    expect(json(arabic).errors[0].message).toBe('هذا الإجراء غير متاح لهذا المجال');
  });

  it('keeps the built-in roles read-only', async () => {
    const [viewer] = await t.sql("select id from roles where account_id = $1 and key = 'viewer'", [owner.accountId]);
    const put = await req('PUT', `/api/roles/${viewer.id}`, owner.token, { ...customerDesk, role_name: 'Viewer plus' });
    expect(put.statusCode).toBe(409);
    expect(json(put).code).toBe('BUILTIN_ROLE_READ_ONLY');
    const del = await req('DELETE', `/api/roles/${viewer.id}`, owner.token);
    expect(json(del).code).toBe('BUILTIN_ROLE_READ_ONLY');
    expect((await t.sql('select count(*)::int as n from roles where id = $1', [viewer.id]))[0].n).toBe(1);
  });

  it('never hands out more than the author holds: an admin cannot grant billing', async () => {
    const admin = await addUserToAccount(t, owner.accountId, 'admin');
    const token = (await signIn(t, admin.email)).token;
    const res = await req('POST', '/api/roles', token, { role_name: 'Payer', permissions: [{ entity: 'billing', actions: ['view'] }] });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('ROLE_GRANTS_EXCEED_OWN');
    expect(
      (await req('POST', '/api/roles', token, { role_name: 'Reader', permissions: [{ entity: 'analytics', actions: ['view'] }] }))
        .statusCode,
    ).toBe(201);
  });

  it('is closed to roles without role_management and to other accounts', async () => {
    const viewer = await addUserToAccount(t, owner.accountId, 'viewer');
    const token = (await signIn(t, viewer.email)).token;
    expect((await req('GET', '/api/roles', token)).statusCode).toBe(403);
    expect((await req('POST', '/api/roles', token, customerDesk)).statusCode).toBe(403);
    const [mine] = await t.sql("select id from roles where account_id = $1 and role_name = 'Customer desk'", [owner.accountId]);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await req(method, `/api/roles/${mine.id}`, stranger.token, method === 'PUT' ? customerDesk : undefined);
      expect(res.statusCode, method).toBe(404);
    }
  });

  it('applies a change at the holder’s next request: the server refuses and the tree shrinks', async () => {
    const created = json(
      await req('POST', '/api/roles', owner.token, {
        role_name: 'Audience keeper',
        permissions: [
          { entity: 'dashboard', actions: ['view'] },
          { entity: 'customer', actions: ['view'] },
        ],
      }),
    ).data;
    const colleague = await addUserToAccount(t, owner.accountId, 'viewer');
    await t.sql('update users set role_id = $1 where id = $2', [created.id, colleague.userId]);
    const token = (await signIn(t, colleague.email)).token;
    expect((await req('GET', '/api/customers', token)).statusCode).toBe(200);

    const put = await req('PUT', `/api/roles/${created.id}`, owner.token, {
      role_name: 'Audience keeper',
      role_description: 'Dashboard only now',
      permissions: [{ entity: 'dashboard', actions: ['view'] }],
    });
    expect(put.statusCode).toBe(200);
    expect(json(put).data).toMatchObject({ user_count: 1, role_description: 'Dashboard only now' });

    // the same session, no new sign-in
    const refused = await req('GET', '/api/customers', token);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).code).toBe('FORBIDDEN');
    const me = json(await req('GET', `/api/auth/user/${colleague.userId}`, token)).data;
    expect(me.permissions.sms_portal.map((e: { entity: string }) => e.entity)).toEqual(['dashboard']);

    const [entry] = await auditOf(owner.accountId, 'role.updated');
    expect(entry.data.before.permissions.map((e: { entity: string }) => e.entity)).toEqual(['dashboard', 'customer']);
    expect(entry.data.after.permissions.map((e: { entity: string }) => e.entity)).toEqual(['dashboard']);
  });

  it('refuses to delete a role users hold (DELETE_ROLE_ASSIGNED), deletes it once free', async () => {
    const [role] = await t.sql("select id from roles where account_id = $1 and role_name = 'Audience keeper'", [owner.accountId]);
    const held = await req('DELETE', `/api/roles/${role.id}`, owner.token);
    expect(held.statusCode).toBe(409);
    expect(json(held).code).toBe('DELETE_ROLE_ASSIGNED');
    expect(await auditOf(owner.accountId, 'role.deleted')).toHaveLength(0);

    await t.sql("update users set role_id = (select id from roles where account_id = $1 and key = 'viewer') where role_id = $2", [
      owner.accountId,
      role.id,
    ]);
    const del = await req('DELETE', `/api/roles/${role.id}`, owner.token);
    expect(del.statusCode).toBe(200);
    expect((await t.sql('select count(*)::int as n from roles where id = $1', [role.id]))[0].n).toBe(0);
    expect(await auditOf(owner.accountId, 'role.deleted')).toHaveLength(1);
  });

  it('counts a pending invitation as holding the role', async () => {
    const created = json(
      await req('POST', '/api/roles', owner.token, {
        role_name: 'Invited only',
        permissions: [{ entity: 'dashboard', actions: ['view'] }],
      }),
    ).data;
    await t.sql(
      `insert into invitations (account_id, email, role_id, token_hash, expires_at)
       values ($1, 'later@example.com', $2, md5(random()::text), now() + interval '1 day')`,
      [owner.accountId, created.id],
    );
    const listed = json(await req('GET', '/api/roles', owner.token)).data.roles.find((r: { id: number }) => r.id === created.id);
    expect(listed).toMatchObject({ user_count: 0, invitation_count: 1 });
    const res = await req('DELETE', `/api/roles/${created.id}`, owner.token);
    expect(json(res).code).toBe('DELETE_ROLE_ASSIGNED');
    expect(json(res).message).toBe('A role assigned to users cannot be deleted');
  });
});
