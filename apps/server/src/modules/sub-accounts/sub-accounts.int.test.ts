/**
 * Sub-accounts, tested like tenant isolation: a sub-account is a tenant of its own —
 * it never sees its parent's or a sibling's customers, sub-accounts or log, and the parent sees its
 * children's usage (counts and balances) but never their customers. One level only. Credits move
 * from the parent's balance to a child in one transaction, never below zero, audited on both sides.
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
interface Who {
  accountId: number;
  token: string;
}
let parent: Who;
let otherParent: Who;
let child1: Who;
let child2: Who;

const req = (method: 'GET' | 'POST', url: string, who: Who, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

async function newOwner(company: string): Promise<Who> {
  const a = await signUp(t, { company_name: company });
  const s = await signIn(t, a.email);
  return { accountId: s.user.account_id as number, token: s.token };
}

/** Creates a sub-account, accepts its owner's mailed invitation, and signs the owner in. */
async function createChild(by: Who, name: string): Promise<Who> {
  const email = uniqueEmail('subowner');
  const res = await req('POST', '/api/sub-accounts', by, { name, owner_email: email, owner_first_name: 'Sami' });
  expect(res.statusCode, res.body).toBe(201);
  const created = json(res).data;
  expect(created).toMatchObject({ name, owner_email: email, owner_status: 'INVITED', credits: { sms: 0, email: 0, whatsapp: 0 } });
  const [mail] = await waitForMails(t, email, 1);
  const token = decodeURIComponent(/accept-invitation\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1] ?? '');
  const ok = await t.app.inject({
    method: 'POST',
    url: '/api/invitations/accept',
    payload: { token, first_name: 'Sami', last_name: 'Owner', password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD },
  });
  expect(ok.statusCode, ok.body).toBe(200);
  const session = json(ok).data;
  expect(session.user.account_id).toBe(created.id);
  return { accountId: created.id, token: session.token };
}

async function customer(accountId: number, name: string) {
  const [row] = await t.sql<{ id: string }>(
    `insert into customers (account_id, first_name, mobile_number) values ($1, $2, '+9665' || (random() * 1e8)::bigint) returning id`,
    [accountId, name],
  );
  return Number(row?.id);
}

const names = async (who: Who) =>
  (json(await req('GET', '/api/customers?limit=100', who)).data.items as { first_name: string }[]).map((c) => c.first_name);

const balance = async (accountId: number, channel = 'sms') =>
  Number((await t.sql('select balance from credits where account_id = $1 and channel = $2', [accountId, channel]))[0]?.balance);

beforeAll(async () => {
  t = await createTestApp();
  parent = await newOwner('Reseller Co');
  otherParent = await newOwner('Other Reseller');
  child1 = await createChild(parent, 'Client One');
  child2 = await createChild(parent, 'Client Two');
  await customer(parent.accountId, 'ParentCustomer');
  await customer(child1.accountId, 'ChildOneCustomer');
  await customer(child2.accountId, 'ChildTwoCustomer');
});
afterAll(async () => {
  await t?.close();
});

describe('isolation', () => {
  it('a sub-account sees only its own customers; the parent sees only its own', async () => {
    expect(await names(child1)).toEqual(['ChildOneCustomer']);
    expect(await names(child2)).toEqual(['ChildTwoCustomer']);
    expect(await names(parent)).toEqual(['ParentCustomer']);
    const [parentsOwn] = await t.sql('select id from customers where account_id = $1', [parent.accountId]);
    expect((await req('GET', `/api/customer/${parentsOwn?.id}`, child1)).statusCode).toBe(404);
    const [childsOwn] = await t.sql('select id from customers where account_id = $1', [child1.accountId]);
    expect((await req('GET', `/api/customer/${childsOwn?.id}`, parent)).statusCode).toBe(404);
  });

  it('the parent sees its children’s usage only: counts and balances, no customers or users', async () => {
    const res = await req('GET', '/api/sub-accounts', parent);
    expect(res.statusCode, res.body).toBe(200);
    const list = json(res).data;
    expect(list.can_create).toBe(true);
    expect(list.items.map((s: { name: string }) => s.name).sort()).toEqual(['Client One', 'Client Two']);
    const one = list.items.find((s: { id: number }) => s.id === child1.accountId);
    expect(Object.keys(one).sort()).toEqual([
      'created_at',
      'credits',
      'id',
      'messages_30d',
      'name',
      'owner_email',
      'owner_status',
      'plan',
      'users',
    ]);
    expect(one).toMatchObject({ owner_status: 'ACTIVE', users: 1, messages_30d: { sms: 0, email: 0, whatsapp: 0 } });
    expect(res.body).not.toContain('ChildOneCustomer');
    // another parent sees none of them
    expect(json(await req('GET', '/api/sub-accounts', otherParent)).data.items).toEqual([]);
  });

  it('one level: a sub-account lists no sub-accounts and cannot create one (SUB_ACCOUNT_DEPTH)', async () => {
    const list = json(await req('GET', '/api/sub-accounts', child1)).data;
    expect(list).toMatchObject({ items: [], can_create: false });
    const res = await req('POST', '/api/sub-accounts', child1, { name: 'Grandchild', owner_email: uniqueEmail('gc') });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('SUB_ACCOUNT_DEPTH');
  });

  it('credits go only to one’s own children: a sibling or another parent’s child is NOT_FOUND', async () => {
    const body = { channel: 'sms', amount: 1 };
    expect((await req('POST', `/api/sub-accounts/${child2.accountId}/credits`, child1, body)).statusCode).toBe(404);
    expect((await req('POST', `/api/sub-accounts/${child1.accountId}/credits`, otherParent, body)).statusCode).toBe(404);
    expect((await req('POST', `/api/sub-accounts/${parent.accountId}/credits`, child1, body)).statusCode).toBe(404);
  });

  it('the audit log of each side holds only its own entries', async () => {
    const childLog = json(await req('GET', '/api/audit-log?limit=100', child1)).data.items as { action: string; actor_type: string }[];
    expect(childLog.some((e) => e.action === 'sub_account.created')).toBe(false);
    expect(childLog).toContainEqual(expect.objectContaining({ action: 'user.invited', actor_type: 'parent_account' }));
    const parentLog = json(await req('GET', '/api/audit-log?action=sub_account.created', parent)).data.items;
    expect(parentLog).toHaveLength(2);
  });

  it('a marketer of the parent cannot see or manage sub-accounts (FORBIDDEN)', async () => {
    const m = await addUserToAccount(t, parent.accountId, 'marketer');
    const s = { accountId: parent.accountId, token: (await signIn(t, m.email)).token };
    expect((await req('GET', '/api/sub-accounts', s)).statusCode).toBe(403);
    expect((await req('POST', `/api/sub-accounts/${child1.accountId}/credits`, s, { channel: 'sms', amount: 1 })).statusCode).toBe(403);
  });
});

describe('allocating credits', () => {
  it('moves credits from the parent to the child, with a ledger row and an audit entry on each side', async () => {
    const before = await balance(parent.accountId);
    const res = await req('POST', `/api/sub-accounts/${child1.accountId}/credits`, parent, { channel: 'sms', amount: 300 });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.credits.sms).toBe(300);
    expect(await balance(parent.accountId)).toBe(before - 300);
    expect(await balance(child1.accountId)).toBe(300);
    const ledger = await t.sql('select account_id, delta::int as delta, reason from credit_ledger where reason like $1 order by id', [
      'allocation_%',
    ]);
    expect(ledger).toEqual([
      { account_id: parent.accountId, delta: -300, reason: 'allocation_out' },
      { account_id: child1.accountId, delta: 300, reason: 'allocation_in' },
    ]);
    const [out] = await t.sql('select data from audit_log where account_id = $1 and action = $2', [parent.accountId, 'credits.allocated']);
    expect(out?.data).toMatchObject({ channel: 'sms', amount: 300 });
    const [inn] = await t.sql('select actor_type, actor_id, data from audit_log where account_id = $1 and action = $2', [
      child1.accountId,
      'credits.received',
    ]);
    expect(inn).toMatchObject({ actor_type: 'parent_account', actor_id: parent.accountId, data: { channel: 'sms', amount: 300 } });
  });

  it('never below zero: more than the balance is INSUFFICIENT_CREDITS and nothing moves', async () => {
    const have = await balance(parent.accountId);
    const res = await req('POST', `/api/sub-accounts/${child2.accountId}/credits`, parent, { channel: 'sms', amount: have + 1 });
    expect(res.statusCode).toBe(402);
    expect(json(res).code).toBe('INSUFFICIENT_CREDITS');
    expect(await balance(parent.accountId)).toBe(have);
    expect(await balance(child2.accountId)).toBe(0);
    expect((await req('POST', `/api/sub-accounts/${child2.accountId}/credits`, parent, { channel: 'sms', amount: 0 })).statusCode).toBe(
      400,
    );
  });

  it('allocations at the same time never take the parent below zero', async () => {
    const have = await balance(parent.accountId);
    const part = Math.floor(have / 3) + 1; // three fit only twice
    const results = await Promise.all(
      [child1, child2, child1].map((c) =>
        req('POST', `/api/sub-accounts/${c.accountId}/credits`, parent, { channel: 'sms', amount: part }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 402]);
    expect(await balance(parent.accountId)).toBe(have - 2 * part);
    expect(await balance(parent.accountId)).toBeGreaterThanOrEqual(0);
  });
});
