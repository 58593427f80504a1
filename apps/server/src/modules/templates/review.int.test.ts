import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { addUserToAccount, bearer, createTestApp, json, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { assertTemplateApproved } from './review.service.ts';

let t: TestApp;
let accountId: number;
const users: Record<'owner' | 'admin' | 'marketer' | 'reviewer' | 'viewer' | 'stranger', { userId: number; token: string }> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t);
  const session = await signIn(t, a.email);
  accountId = session.user.account_id;
  users.owner = { userId: a.userId, token: session.token };
  for (const role of ['admin', 'marketer', 'reviewer', 'viewer'] as const) {
    const u = await addUserToAccount(t, accountId, role, { first_name: role === 'reviewer' ? 'Rania' : 'Sam' });
    users[role] = { userId: u.userId, token: (await signIn(t, u.email)).token };
  }
  const b = await signUp(t, { company_name: 'Elsewhere' });
  users.stranger = { userId: b.userId, token: (await signIn(t, b.email)).token };
});
afterAll(async () => {
  await t.close();
});

type Who = keyof typeof users;
const post = (who: Who, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(users[who].token), ...(payload ? { payload } : {}) });
const put = (who: Who, id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/templates/${id}`, headers: bearer(users[who].token), payload });
const status = async (id: number) => (await t.sql('select status from templates where id = $1', [id]))[0]?.status;

let n = 0;
async function draft(who: Who = 'marketer') {
  const res = await post(who, '/api/templates', {
    template_name: `Promo ${++n}`,
    message_type: 'sms',
    template_text: 'Hello {{first_name}}',
  });
  expect(res.statusCode).toBe(201);
  return json(res).data.id as number;
}
const submit = (id: number, who: Who = 'marketer') => post(who, `/api/templates/${id}/submit-review`);
const approve = (id: number, who: Who = 'reviewer') => post(who, `/api/templates/${id}/approve`);
const reject = (id: number, reason: unknown = 'Too pushy', who: Who = 'reviewer') => post(who, `/api/templates/${id}/reject`, { reason });

async function inState(state: 'DRAFT' | 'PENDING_REVIEW' | 'APPROVED' | 'REJECTED') {
  const id = await draft();
  if (state === 'DRAFT') return id;
  expect((await submit(id)).statusCode).toBe(200);
  if (state === 'APPROVED') expect((await approve(id)).statusCode).toBe(200);
  if (state === 'REJECTED') expect((await reject(id)).statusCode).toBe(200);
  return id;
}

const notificationsOf = (userId: number) =>
  t.sql<{ type: string; title_key: string; params: Record<string, string> }>(
    'select type, title_key, params from notifications where user_id = $1 and type = $2 order by id',
    [userId, 'template_status'],
  );

describe('allowed transitions', () => {
  it('DRAFT → PENDING_REVIEW → APPROVED, and the author is notified', async () => {
    const id = await draft();
    const sub = await submit(id);
    expect(sub.statusCode).toBe(200);
    expect(json(sub).data).toMatchObject({ status: 'PENDING_REVIEW' });
    expect(json(sub).data.submitted_at).toBeTruthy();
    const before = (await notificationsOf(users.marketer.userId)).length;
    const res = await approve(id);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ status: 'APPROVED', reviewed_by: users.reviewer.userId, rejection_reason: null });
    const mine = await notificationsOf(users.marketer.userId);
    expect(mine).toHaveLength(before + 1);
    expect(mine.at(-1)).toMatchObject({ title_key: 'notifications.templateApproved.title', params: { name: `Promo ${n}` } });
    expect(await notificationsOf(users.reviewer.userId)).toHaveLength(0);
  });

  it('the author reads the decision in the bell, in their language', async () => {
    const id = await inState('PENDING_REVIEW');
    await reject(id, 'Add an opt-out line');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { ...bearer(users.marketer.token), 'accept-language': 'ar' },
    });
    const item = json(res).data.notifications[0];
    expect(item).toMatchObject({ type: 'template_status', title: 'تم رفض القالب' });
    expect(item.message).toContain('Add an opt-out line');
    expect(item.message).toContain(`Promo ${n}`);
  });

  it('PENDING_REVIEW → REJECTED with a reason; REJECTED → PENDING_REVIEW on resubmission', async () => {
    const id = await inState('PENDING_REVIEW');
    const res = await reject(id, '  Missing opt-out  ');
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ status: 'REJECTED', rejection_reason: 'Missing opt-out' });
    expect((await notificationsOf(users.marketer.userId)).at(-1)).toMatchObject({
      title_key: 'notifications.templateRejected.title',
      params: { name: `Promo ${n}`, reason: 'Missing opt-out' },
    });
    const again = await submit(id);
    expect(json(again).data).toMatchObject({ status: 'PENDING_REVIEW', rejection_reason: null, reviewed_by: null });
  });

  it('an admin and the owner may decide too', async () => {
    const a = await inState('PENDING_REVIEW');
    expect((await approve(a, 'admin')).statusCode).toBe(200);
    const b = await inState('PENDING_REVIEW');
    expect((await reject(b, 'No', 'owner')).statusCode).toBe(200);
  });
});

describe('refused transitions', () => {
  const cases: [state: 'DRAFT' | 'PENDING_REVIEW' | 'APPROVED' | 'REJECTED', action: 'submit' | 'approve' | 'reject'][] = [
    ['DRAFT', 'approve'],
    ['DRAFT', 'reject'],
    ['PENDING_REVIEW', 'submit'],
    ['APPROVED', 'submit'],
    ['APPROVED', 'approve'],
    ['APPROVED', 'reject'],
    ['REJECTED', 'approve'],
    ['REJECTED', 'reject'],
  ];
  for (const [state, action] of cases) {
    it(`${action} from ${state} → 409 TEMPLATE_INVALID_STATE, nothing changes`, async () => {
      const id = await inState(state);
      const res = action === 'submit' ? await submit(id) : action === 'approve' ? await approve(id) : await reject(id);
      expect(res.statusCode).toBe(409);
      expect(json(res)).toMatchObject({ code: 'TEMPLATE_INVALID_STATE', data: { status: state } });
      expect(await status(id)).toBe(state);
    });
  }

  it('a marketer (the author) and a viewer cannot approve or reject: 403 FORBIDDEN', async () => {
    const id = await inState('PENDING_REVIEW');
    for (const who of ['marketer', 'viewer'] as const) {
      expect(json(await approve(id, who)).code).toBe('FORBIDDEN');
      expect(json(await reject(id, 'x', who)).code).toBe('FORBIDDEN');
    }
    expect(await status(id)).toBe('PENDING_REVIEW');
  });

  it('a viewer and a reviewer cannot submit (no update right)', async () => {
    const id = await draft();
    expect((await submit(id, 'viewer')).statusCode).toBe(403);
    expect((await submit(id, 'reviewer')).statusCode).toBe(403);
  });

  it('reject needs a reason', async () => {
    const id = await inState('PENDING_REVIEW');
    for (const body of [{ reason: '' }, { reason: '   ' }, {}, { reason: 42 }]) {
      const res = await post('reviewer', `/api/templates/${id}/reject`, body);
      expect(res.statusCode).toBe(400);
      expect(json(res).errors[0].field).toBe('reason');
    }
    expect(await status(id)).toBe('PENDING_REVIEW');
  });

  it('another account gets 404 on every review endpoint; unknown ids 404; bad ids 400', async () => {
    const id = await inState('PENDING_REVIEW');
    expect((await submit(id, 'stranger')).statusCode).toBe(404);
    expect((await approve(id, 'stranger')).statusCode).toBe(404);
    expect((await reject(id, 'x', 'stranger')).statusCode).toBe(404);
    const rs = await t.app.inject({ method: 'GET', url: `/api/templates/${id}/review-status`, headers: bearer(users.stranger.token) });
    expect(rs.statusCode).toBe(404);
    expect((await approve(999999)).statusCode).toBe(404);
    expect((await approve(0)).statusCode).toBe(400);
    expect(await status(id)).toBe('PENDING_REVIEW');
  });
});

describe('editing reopens a reviewed template', () => {
  it('editing an APPROVED template returns it to DRAFT, recorded as reopened', async () => {
    const id = await inState('APPROVED');
    const res = await put('marketer', id, { template_text: 'Hello again {{first_name}}' });
    expect(json(res).data).toMatchObject({ status: 'DRAFT' });
    const history = await t.sql('select action from template_reviews where template_id = $1 order by id', [id]);
    expect(history.map((h) => h.action)).toEqual(['submitted', 'approved', 'reopened']);
  });

  it('editing a PENDING_REVIEW template returns it to DRAFT', async () => {
    const id = await inState('PENDING_REVIEW');
    expect(json(await put('marketer', id, { template_name: `Renamed ${n}` })).data.status).toBe('DRAFT');
  });

  it('a REJECTED template keeps its status and reason while being fixed; an unchanged save keeps APPROVED', async () => {
    const rejected = await inState('REJECTED');
    expect(json(await put('marketer', rejected, { template_text: 'Fixed' })).data).toMatchObject({
      status: 'REJECTED',
      rejection_reason: 'Too pushy',
    });
    const approved = await inState('APPROVED');
    expect(json(await put('marketer', approved, { template_text: 'Hello {{first_name}}' })).data.status).toBe('APPROVED');
  });
});

describe('GET /api/templates/{id}/review-status', () => {
  it('returns status, reason, reviewer and the history newest first', async () => {
    const id = await inState('PENDING_REVIEW');
    await reject(id, 'Tone');
    await submit(id);
    await approve(id);
    const res = await t.app.inject({ method: 'GET', url: `/api/templates/${id}/review-status`, headers: bearer(users.viewer.token) });
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data).toMatchObject({ status: 'APPROVED', reason: null, reviewer: { id: users.reviewer.userId, name: 'Rania Colleague' } });
    expect(data.history.map((h: { action: string }) => h.action)).toEqual(['approved', 'submitted', 'rejected', 'submitted']);
    expect(data.history[2]).toMatchObject({ reason: 'Tone', actor_id: users.reviewer.userId, actor_name: 'Rania Colleague' });
  });
});

describe('assertTemplateApproved', () => {
  it('passes an APPROVED template of the account and refuses the rest', async () => {
    const approved = await inState('APPROVED');
    await expect(assertTemplateApproved(t.ctx.db, accountId, approved)).resolves.toMatchObject({ id: approved, status: 'APPROVED' });
    for (const state of ['DRAFT', 'PENDING_REVIEW', 'REJECTED'] as const) {
      const id = await inState(state);
      await expect(assertTemplateApproved(t.ctx.db, accountId, id)).rejects.toMatchObject({ code: 'TEMPLATE_NOT_APPROVED' });
    }
    const otherAccount = accountId + 1000;
    await expect(assertTemplateApproved(t.ctx.db, otherAccount, approved)).rejects.toBeInstanceOf(AppError);
    await expect(assertTemplateApproved(t.ctx.db, otherAccount, approved)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
