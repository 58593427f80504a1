/**
 * The platform admin area: operators' one-time codes (limits, expiry, reuse, the same
 * answer for unknown addresses), operator and tenant tokens never opening each other's routes,
 * suspension (sign-in, open sessions and deploys refused with ACCOUNT_SUSPENDED; due batches wait)
 * and credit adjustments audited in the transaction of the change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  json,
  LOOPBACK_LIMITS,
  STRONG_PASSWORD,
  signIn,
  signUp,
  type TestApp,
  uniqueEmail,
  waitForMails,
} from '../../test/helper.ts';
import { smsDraft } from '../campaigns/campaign-fixtures.ts';
import { deployCampaign } from '../campaigns/deploy.service.ts';
import { startBatch } from '../campaigns/execution.ts';
import { watchSession } from '../auth/index.ts';
import { createOperator } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(LOOPBACK_LIMITS);
});
afterAll(async () => {
  await t.close();
});

let ipSeq = 1;
/** Each test its own client address: the per-IP limits of one test do not spill into the next. */
const nextIp = () => `10.77.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

const sendOtp = (email: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/send-otp', remoteAddress: ip, payload: { email } });
const verify = (email: string, otp: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/verify-otp', remoteAddress: ip, payload: { email, otp } });

async function newOperator() {
  const email = uniqueEmail('operator');
  await createOperator(t.ctx.db, { email, name: 'Ops' });
  return email;
}

/** The latest code mailed to an operator, read from the sandbox inbox. */
async function mailedCode(email: string, count = 1) {
  const mails = await waitForMails(t, email, count);
  const code = /(\d{6})/.exec(mails[0]?.subject ?? '')?.[1];
  if (!code) throw new Error('no code in the mail');
  return code;
}

async function operatorToken() {
  const email = await newOperator();
  const ip = nextIp();
  expect((await sendOtp(email, ip)).statusCode).toBe(200);
  const res = await verify(email, await mailedCode(email), ip);
  expect(res.statusCode).toBe(200);
  return json(res).data.token as string;
}

describe('operator sign-in codes', () => {
  it('mails a code that signs the operator in once; the code is stored only as a hash', async () => {
    const email = await newOperator();
    const ip = nextIp();
    const sent = await sendOtp(email, ip);
    expect(sent.statusCode).toBe(200);
    const code = await mailedCode(email);
    const [row] = await t.sql<{ code_hash: string }>(
      'select c.code_hash from operator_otp_codes c join platform_operators o on o.id = c.operator_id where o.email = $1',
      [email],
    );
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.code_hash).not.toContain(code);
    const ok = await verify(email, code, ip);
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data.operator.email).toBe(email);
    expect(ok.cookies.find((c) => c.name === 'admin_token')?.path).toBe('/api/admin');
    // reuse: the same code again is refused
    const again = await verify(email, code, ip);
    expect(json(again).code).toBe('OTP_INVALID');
    const [op] = await t.sql<{ last_sign_in_at: Date | null }>('select last_sign_in_at from platform_operators where email = $1', [email]);
    expect(op?.last_sign_in_at).not.toBeNull();
  });

  it('answers an unknown address exactly like an operator’s, and mails nobody', async () => {
    const known = await newOperator();
    const ghost = uniqueEmail('ghost');
    const a = await sendOtp(known, nextIp());
    const b = await sendOtp(ghost, nextIp());
    expect(a.statusCode).toBe(b.statusCode);
    expect(json(a)).toEqual(json(b));
    // and a code for an unknown address reads as any wrong code
    const v1 = await verify(ghost, '123456', nextIp());
    const v2 = await verify(known, '000000', nextIp());
    expect(json(v1)).toEqual(json(v2));
    await waitForMails(t, known, 1);
    const ghostMails = await t.app.inject({ method: 'GET', url: `/api/sandbox/mails?to=${encodeURIComponent(ghost)}` });
    expect(json(ghostMails).data.items).toHaveLength(0);
  });

  it('burns the code at the fifth wrong try', async () => {
    const email = await newOperator();
    const ip = nextIp();
    await sendOtp(email, ip);
    const code = await mailedCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect(json(await verify(email, wrong, ip)).code).toBe('OTP_INVALID');
    expect(json(await verify(email, wrong, ip)).code).toBe('OTP_ATTEMPTS_EXCEEDED');
    expect(json(await verify(email, code, ip)).code).toBe('OTP_ATTEMPTS_EXCEEDED');
  });

  it('refuses an expired code', async () => {
    const email = await newOperator();
    const ip = nextIp();
    await sendOtp(email, ip);
    const code = await mailedCode(email);
    await t.sql(
      "update operator_otp_codes set expires_at = now() - interval '1 second' where operator_id = (select id from platform_operators where email = $1)",
      [email],
    );
    expect(json(await verify(email, code, ip)).code).toBe('OTP_EXPIRED');
  });

  it('limits sends per address (cooldown and hourly) and per IP, for unknown addresses alike', async () => {
    const email = await newOperator();
    const ip = nextIp();
    expect((await sendOtp(email, ip)).statusCode).toBe(200);
    const soon = await sendOtp(email, ip);
    expect(soon.statusCode).toBe(429);
    expect(json(soon).code).toBe('RATE_LIMITED');
    const ghost = uniqueEmail('ghost');
    expect((await sendOtp(ghost, nextIp())).statusCode).toBe(200);
    expect((await sendOtp(ghost, nextIp())).statusCode).toBe(429);
    // per IP: 20 an hour, whichever addresses
    const busy = nextIp();
    for (let i = 0; i < 20; i++) expect((await sendOtp(uniqueEmail('spray'), busy)).statusCode).toBe(200);
    expect((await sendOtp(uniqueEmail('spray'), busy)).statusCode).toBe(429);
  });

  it('a disabled operator gets no code', async () => {
    const email = await newOperator();
    await t.sql("update platform_operators set status = 'DISABLED' where email = $1", [email]);
    expect((await sendOtp(email, nextIp())).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const mails = await t.app.inject({ method: 'GET', url: `/api/sandbox/mails?to=${encodeURIComponent(email)}` });
    expect(json(mails).data.items).toHaveLength(0);
  });
});

describe('operator and tenant tokens', () => {
  it('a tenant token never opens /api/admin, an operator token never opens a tenant route', async () => {
    const { email } = await signUp(t);
    const tenant = await signIn(t, email);
    const tenantOnAdmin = await t.app.inject({ method: 'GET', url: '/api/admin/accounts', headers: bearer(tenant.token) });
    expect(tenantOnAdmin.statusCode).toBe(401);
    const tenantCookieOnAdmin = await t.app.inject({ method: 'GET', url: '/api/admin/me', cookies: { token: tenant.token } });
    expect(tenantCookieOnAdmin.statusCode).toBe(401);
    const op = await operatorToken();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(op) })).statusCode).toBe(200);
    const opOnTenant = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(op) });
    expect(opOnTenant.statusCode).toBe(401);
    const opOnBrands = await t.app.inject({ method: 'GET', url: '/api/brands', headers: bearer(op) });
    expect(opOnBrands.statusCode).toBe(401);
    // the admin cookie opens /api/admin; sign-out ends it
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', cookies: { admin_token: op } });
    expect(me.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/admin/sign-out', headers: bearer(op) });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(op) })).statusCode).toBe(401);
  });
});

describe('accounts: suspension and credits', () => {
  it('lists accounts with search and pages', async () => {
    const op = await operatorToken();
    const { email } = await signUp(t, { company_name: 'Zebra Finders' });
    await signUp(t, { company_name: 'Another Co' });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/accounts?search=zebra%20find&limit=5', headers: bearer(op) });
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data.total).toBeGreaterThanOrEqual(1);
    expect(data.items[0]).toMatchObject({ name: 'Zebra Finders', status: 'ACTIVE', users: 1, owner_email: email });
    expect(data.items[0].credits).toEqual({ sms: expect.any(Number), email: expect.any(Number), whatsapp: expect.any(Number) });
    const byEmail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/accounts?search=${encodeURIComponent(email)}`,
      headers: bearer(op),
    });
    expect(json(byEmail).data.items.map((a: { name: string }) => a.name)).toEqual(['Zebra Finders']);
    const page2 = await t.app.inject({ method: 'GET', url: '/api/admin/accounts?page=2&limit=1', headers: bearer(op) });
    expect(json(page2).data.items).toHaveLength(1);
  });

  it('suspension refuses sign-in, the open session and a deploy with ACCOUNT_SUSPENDED (and the reason); reactivation lifts it', async () => {
    const op = await operatorToken();
    const { email } = await signUp(t);
    const session = await signIn(t, email);
    const accountId = session.user.account_id as number;
    const owner = { accountId, userId: session.user.id as number, token: session.token };
    const draft = await smsDraft(t, owner);
    const suspend = await t.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/${accountId}/suspend`,
      headers: bearer(op),
      payload: { reason: 'Unpaid invoice' },
    });
    expect(suspend.statusCode).toBe(200);
    expect(json(suspend).data.account).toMatchObject({ status: 'SUSPENDED', suspended_reason: 'Unpaid invoice' });

    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: STRONG_PASSWORD } });
    expect(login.statusCode).toBe(403);
    expect(json(login)).toMatchObject({ code: 'ACCOUNT_SUSPENDED', data: { reason: 'Unpaid invoice' } });
    expect(json(login).message).toContain('Unpaid invoice');
    const arabic = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'ar' },
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(json(arabic).message).toContain('هذا الحساب موقوف');

    const open = await t.app.inject({ method: 'POST', url: `/api/campaigns/${draft.id}/deploy`, headers: bearer(session.token) });
    expect(open.statusCode).toBe(403);
    expect(json(open).code).toBe('ACCOUNT_SUSPENDED');
    // the deploy service refuses too, whoever calls it
    const auth = {
      accountId,
      userId: owner.userId,
      sessionId: 'x',
      role: 'owner',
      permissions: session.permissions,
      plan: 'free_trial',
      userCreatedAt: new Date(),
      language: 'en',
    };
    await expect(deployCampaign(t.ctx, auth, draft.id)).rejects.toMatchObject({ code: 'ACCOUNT_SUSPENDED' });

    const [entry] = await t.sql<{ actor_type: string; action: string; data: { reason: string } }>(
      "select actor_type, action, data from audit_log where account_id = $1 and action = 'account.suspended'",
      [accountId],
    );
    expect(entry).toMatchObject({ actor_type: 'operator', data: { reason: 'Unpaid invoice' } });

    const back = await t.app.inject({ method: 'POST', url: `/api/admin/accounts/${accountId}/reactivate`, headers: bearer(op) });
    expect(json(back).data.account.status).toBe('ACTIVE');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: STRONG_PASSWORD } })).statusCode).toBe(
      200,
    );
    const deployed = await t.app.inject({ method: 'POST', url: `/api/campaigns/${draft.id}/deploy`, headers: bearer(session.token) });
    expect(deployed.statusCode).toBe(201);
  });

  it('an open stream of a suspended account ends at its next check', async () => {
    const op = await operatorToken();
    const { email } = await signUp(t);
    const session = await signIn(t, email);
    const accountId = session.user.account_id as number;
    const [row] = await t.sql<{ id: string }>('select id from sessions where user_id = $1 order by created_at desc limit 1', [
      session.user.id,
    ]);
    const auth = {
      accountId,
      userId: session.user.id as number,
      sessionId: row?.id as string,
      role: 'owner',
      permissions: session.permissions,
      plan: 'free_trial',
      userCreatedAt: new Date(),
      language: 'en',
    };
    const live = watchSession(t.ctx, auth);
    try {
      expect(await live.alive()).toBe(true);
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/accounts/${accountId}/suspend`,
        headers: bearer(op),
        payload: { reason: 'Abuse report' },
      });
      expect(await live.alive()).toBe(false);
    } finally {
      live.stop();
    }
  });

  it('suspending an account pauses its running campaigns, and reactivating leaves them paused for the account to resume', async () => {
    const op = await operatorToken();
    const { email } = await signUp(t);
    const session = await signIn(t, email);
    const accountId = session.user.account_id as number;
    const owner = { accountId, userId: session.user.id as number, token: session.token };
    const running = await smsDraft(t, owner);
    const draft = await smsDraft(t, owner);
    await t.sql("update campaigns set status = 'RUNNING', launched_at = now() where id = $1", [running.id]);
    const call = (action: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/admin/accounts/${accountId}/${action}`, headers: bearer(op), payload });
    expect((await call('suspend', { reason: 'Spam complaints' })).statusCode).toBe(200);
    const statuses = async () =>
      Object.fromEntries(
        (await t.sql<{ id: number; status: string }>('select id, status from campaigns where account_id = $1', [accountId])).map((r) => [
          r.id,
          r.status,
        ]),
      );
    expect(await statuses()).toEqual({ [running.id]: 'PAUSED', [draft.id]: 'DRAFT' });
    const [entry] = await t.sql("select data from audit_log where account_id = $1 and action = 'account.suspended'", [accountId]);
    expect(entry?.data).toMatchObject({ reason: 'Spam complaints', paused_campaigns: [running.id] });
    expect((await call('reactivate')).statusCode).toBe(200);
    expect(await statuses()).toEqual({ [running.id]: 'PAUSED', [draft.id]: 'DRAFT' });
  });

  it('a suspended account’s due batch does not start until it is reactivated', async () => {
    const op = await operatorToken();
    const { email } = await signUp(t);
    const session = await signIn(t, email);
    const accountId = session.user.account_id as number;
    const draft = await smsDraft(t, { accountId, userId: session.user.id, token: session.token });
    const later = new Date(Date.now() + 3600_000).toISOString();
    await t.app.inject({
      method: 'PUT',
      url: `/api/campaigns/${draft.id}`,
      headers: bearer(session.token),
      payload: { schedule_at: later },
    });
    const deployed = await t.app.inject({ method: 'POST', url: `/api/campaigns/${draft.id}/deploy`, headers: bearer(session.token) });
    expect(deployed.statusCode).toBe(201);
    const [batch] = await t.sql<{ id: number }>('select id from batches where campaign_id = $1', [draft.id]);
    await t.sql("update batches set scheduled_at = now() - interval '1 second' where id = $1", [batch?.id]);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/${accountId}/suspend`,
      headers: bearer(op),
      payload: { reason: 'Abuse report' },
    });
    expect(await startBatch(t.ctx, batch?.id as number)).toBe(false);
    await t.app.inject({ method: 'POST', url: `/api/admin/accounts/${accountId}/reactivate`, headers: bearer(op) });
    expect(await startBatch(t.ctx, batch?.id as number)).toBe(true);
  });

  it('adjusts credits with a reason: balance, ledger and audit entry together; never below zero', async () => {
    const op = await operatorToken();
    const { email } = await signUp(t);
    const { user } = await signIn(t, email);
    const accountId = user.account_id as number;
    const [before] = await t.sql<{ balance: string }>("select balance from credits where account_id = $1 and channel = 'sms'", [accountId]);
    const start = Number(before?.balance ?? 0);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/${accountId}/credits`,
      headers: bearer(op),
      payload: { channel: 'sms', delta: 500, reason: 'Goodwill after outage' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.account.credits.sms).toBe(start + 500);
    const [ledger] = await t.sql<{ delta: string }>(
      "select delta from credit_ledger where account_id = $1 and reason = 'operator_adjustment'",
      [accountId],
    );
    expect(Number(ledger?.delta)).toBe(500);
    const [entry] = await t.sql<{ actor_type: string; actor_label: string; data: Record<string, unknown> }>(
      "select actor_type, actor_label, data from audit_log where account_id = $1 and action = 'credits.adjusted'",
      [accountId],
    );
    expect(entry).toMatchObject({
      actor_type: 'operator',
      actor_label: 'Ops',
      data: { channel: 'sms', delta: 500, reason: 'Goodwill after outage' },
    });

    const tooMuch = await t.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/${accountId}/credits`,
      headers: bearer(op),
      payload: { channel: 'sms', delta: -(start + 501), reason: 'Take it all back' },
    });
    expect(json(tooMuch).code).toBe('INSUFFICIENT_CREDITS');
    // refused whole: no balance change, no ledger row, no audit entry
    const [after] = await t.sql<{ balance: string }>("select balance from credits where account_id = $1 and channel = 'sms'", [accountId]);
    expect(Number(after?.balance)).toBe(start + 500);
    const entries = await t.sql("select 1 from audit_log where account_id = $1 and action = 'credits.adjusted'", [accountId]);
    expect(entries).toHaveLength(1);
  });

  it('shows the review queues and the gateway connections across accounts', async () => {
    const op = await operatorToken();
    const { email } = await signUp(t, { company_name: 'Queue Co' });
    const session = await signIn(t, email);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/sender-management/sms/sms-senders',
      headers: bearer(session.token),
      payload: { sender_id: 'QUEUECO', sender_type: 'alphanumeric', description: 'Brand sender' },
    });
    expect(create.statusCode).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/reviews', headers: bearer(op) });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.sms_senders).toContainEqual(
      expect.objectContaining({ label: 'QUEUECO', account_name: 'Queue Co', status: 'WAITING_FOR_APPROVAL' }),
    );
    const gw = await t.app.inject({ method: 'GET', url: '/api/admin/gateway', headers: bearer(op) });
    expect(gw.statusCode).toBe(200);
    expect(Array.isArray(json(gw).data.connections)).toBe(true);
  });

  it('an operator decides a waiting sender id and a held batch through the accounts’ own review rules, audited as the operator', async () => {
    const op = await operatorToken();
    const { email } = await signUp(t, { company_name: 'Decide Co' });
    const session = await signIn(t, email);
    const accountId = session.user.account_id as number;
    const owner = { accountId, userId: session.user.id as number, token: session.token };
    const sender = await t.app.inject({
      method: 'POST',
      url: '/api/sender-management/sms/sms-senders',
      headers: bearer(session.token),
      payload: { sender_id: 'DECIDECO', sender_type: 'alphanumeric', description: 'Brand sender' },
    });
    expect(sender.statusCode).toBe(201);
    const senderId = json(sender).data.id as number;
    const decide = (url: string, payload: Record<string, unknown>, token = op) =>
      t.app.inject({ method: 'POST', url: `/api/admin/reviews/${url}`, headers: bearer(token), payload });

    // a tenant token never decides, and a rejection needs a reason
    expect((await decide(`sms-senders/${senderId}`, { decision: 'approve' }, session.token)).statusCode).toBe(401);
    expect((await decide(`sms-senders/${senderId}`, { decision: 'reject' })).statusCode).toBe(400);
    expect((await decide('sms-senders/99999999', { decision: 'approve' })).statusCode).toBe(404);

    const approved = await decide(`sms-senders/${senderId}`, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    const [row] = await t.sql<{ status: string; reviewed_by: number | null }>('select status, reviewed_by from sms_senders where id = $1', [
      senderId,
    ]);
    expect(row).toMatchObject({ status: 'ACTIVE', reviewed_by: null });
    const [entry] = await t.sql("select actor_type, target_type from audit_log where account_id = $1 and action = 'sender.approved'", [
      accountId,
    ]);
    expect(entry).toMatchObject({ actor_type: 'operator', target_type: 'sender' });
    // decided once: a second decision is a conflict, not a second entry
    expect((await decide(`sms-senders/${senderId}`, { decision: 'reject', reason: 'Too late' })).statusCode).toBe(409);

    // an SMS with a link waits for the gateway; the operator rejects it with a reason and the campaign goes back to draft
    await t.sql('update accounts set needs_approval = false where id = $1', [accountId]);
    const draft = await smsDraft(t, owner, { content: { sms: { text: 'Sale at https://shop.example/x' } } });
    const deploy = await t.app.inject({ method: 'POST', url: `/api/campaigns/${draft.id}/deploy`, headers: bearer(session.token) });
    expect(json(deploy).data.status).toBe('WAITING_FOR_APPROVAL');
    const [batch] = await t.sql<{ id: number }>('select id from batches where campaign_id = $1', [draft.id]);
    const queued = await t.app.inject({ method: 'GET', url: '/api/admin/reviews', headers: bearer(op) });
    expect(json(queued).data.batches.map((b: { id: number }) => b.id)).toContain(batch?.id);
    const rejected = await decide(`batches/${batch?.id}`, { decision: 'reject', reason: 'Phishing risk' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [after] = await t.sql('select gateway_status, rejection_reason, gateway_reviewer from batches where id = $1', [batch?.id]);
    expect(after).toMatchObject({ gateway_status: 'REJECTED', rejection_reason: 'Phishing risk', gateway_reviewer: null });
    const [c] = await t.sql('select status from campaigns where id = $1', [draft.id]);
    expect(c?.status).toBe('DRAFT');
    const [batchEntry] = await t.sql("select actor_type, data from audit_log where account_id = $1 and action = 'batch.gateway_rejected'", [
      accountId,
    ]);
    expect(batchEntry).toMatchObject({ actor_type: 'operator', data: { reason: 'Phishing risk' } });
  });
});
