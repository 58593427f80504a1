/**
 * The audit log as owners and admins read it: their own sign-in is there, filters
 * (actor, action, target type, days in the account's zone), keyset pages, the formula-safe CSV
 * export, other roles refused and other accounts' entries never shown.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserToAccount, bearer, createTestApp, json, signIn, signUp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
let owner: { accountId: number; userId: number; token: string };
let other: { accountId: number; userId: number; token: string };

const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

async function newOwner(company: string) {
  const a = await signUp(t, { company_name: company });
  const s = await signIn(t, a.email);
  return { accountId: s.user.account_id as number, userId: a.userId, token: s.token };
}

async function entry(accountId: number, action: string, at: string, extra: Record<string, unknown> = {}) {
  await t.sql(
    `insert into audit_log (account_id, actor_type, actor_id, user_id, action, target_type, target_id, target_label, created_at)
     values ($1, $2, $3, $3, $4, $5, $6, $7, $8)`,
    [
      accountId,
      extra.actor_type ?? 'user',
      extra.actor_id ?? null,
      action,
      extra.target_type ?? null,
      extra.target_id ?? null,
      extra.target_label ?? null,
      at,
    ],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await newOwner('Audit Co');
  other = await newOwner('Other Co');
  await t.sql("update accounts set timezone = 'Asia/Riyadh' where id = $1", [owner.accountId]);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/audit-log', () => {
  it('shows the owner their own sign-in, newest first, and nothing of another account', async () => {
    const res = await get('/api/audit-log', owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const page = json(res).data;
    expect(page.time_zone).toBe('Asia/Riyadh');
    const login = page.items.find((e: { action: string }) => e.action === 'auth.login');
    expect(login).toMatchObject({ actor_type: 'user', actor_id: owner.userId });
    expect(login.actor_email).toMatch(/@/);
    const mine = await get('/api/audit-log', other.token);
    expect(json(mine).data.items.every((e: { actor_id: number }) => e.actor_id !== owner.userId)).toBe(true);
  });

  it('is for owners and admins: a marketer or viewer gets FORBIDDEN (list and export)', async () => {
    const admin = await addUserToAccount(t, owner.accountId, 'admin');
    const adminSession = await signIn(t, admin.email);
    expect((await get('/api/audit-log', adminSession.token)).statusCode).toBe(200);
    for (const role of ['marketer', 'viewer']) {
      const u = await addUserToAccount(t, owner.accountId, role);
      const s = await signIn(t, u.email);
      const list = await get('/api/audit-log', s.token);
      expect(list.statusCode).toBe(403);
      expect(json(list).code).toBe('FORBIDDEN');
      expect((await get('/api/audit-log/export.csv', s.token)).statusCode).toBe(403);
    }
  });

  it('filters by action, actor and target type; days are the account’s days (Asia/Riyadh, UTC+3)', async () => {
    // 22:30 UTC on 1 March is 01:30 on 2 March in Riyadh
    await entry(owner.accountId, 'sender.approved', '2026-03-01T22:30:00Z', {
      actor_id: owner.userId,
      target_type: 'sender',
      target_id: '7',
      target_label: 'ACME',
    });
    await entry(owner.accountId, 'template.rejected', '2026-03-01T12:00:00Z', { target_type: 'template', actor_type: 'system' });
    const q = async (query: string) => json(await get(`/api/audit-log?${query}`, owner.token)).data.items as { action: string }[];
    expect((await q('action=sender.approved')).map((e) => e.action)).toEqual(['sender.approved']);
    expect((await q('target_type=template')).map((e) => e.action)).toEqual(['template.rejected']);
    expect((await q(`actor_id=${owner.userId}&from=2026-03-01&to=2026-03-31`)).map((e) => e.action)).toEqual(['sender.approved']);
    expect((await q('from=2026-03-02&to=2026-03-02')).map((e) => e.action)).toEqual(['sender.approved']);
    expect((await q('from=2026-03-01&to=2026-03-01')).map((e) => e.action)).toEqual(['template.rejected']);
    const inverted = await get('/api/audit-log?from=2026-03-05&to=2026-03-01', owner.token);
    expect(inverted.statusCode).toBe(400);
  });

  it('pages by keyset: every entry once, in order, until next_cursor is null', async () => {
    for (let i = 0; i < 5; i++)
      await entry(owner.accountId, 'campaign.launched', '2026-04-01T10:00:00Z', { target_type: 'campaign', target_id: String(i) });
    const seen: string[] = [];
    let cursor: string | null = '';
    for (let guard = 0; cursor !== null && guard < 10; guard++) {
      const res = await get(`/api/audit-log?action=campaign.launched&limit=2${cursor ? `&cursor=${cursor}` : ''}`, owner.token);
      const page = json(res).data;
      seen.push(...page.items.map((e: { target_id: string }) => e.target_id));
      cursor = page.next_cursor;
    }
    // same created_at: the id breaks the tie, newest (highest id) first
    expect(seen).toEqual(['4', '3', '2', '1', '0']);
    expect((await get('/api/audit-log?cursor=nonsense', owner.token)).statusCode).toBe(400);
  });

  it('each filter reads its index in order (no sort, no sequential scan)', async () => {
    await t.sql('analyze audit_log');
    const plans: string[] = [];
    for (const filter of [
      '',
      "and action = 'auth.login'",
      `and actor_type = 'user' and actor_id = ${owner.userId}`,
      "and target_type = 'sender'",
    ]) {
      const rows = await t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
          sql.raw(
            `explain select id from audit_log where account_id = ${owner.accountId} ${filter} order by created_at desc, id desc limit 51`,
          ),
        );
        return rows;
      });
      plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    for (const plan of plans) {
      expect(plan).toMatch(/Index/);
      expect(plan).not.toMatch(/Sort/);
    }
  });

  it('exports CSV: header, names in the reader’s language, formula cells neutralised, times in the account’s zone', async () => {
    await entry(owner.accountId, 'template.approved', '2026-05-01T09:00:00Z', { target_type: 'template', target_label: '=HYPERLINK("x")' });
    const res = await get('/api/audit-log/export.csv?action=template.approved', owner.token, { 'accept-language': 'ar' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/audit-log-/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('time,actor_type,actor,actor_email,action,action_name,target_type,target_id,target,ip,details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('2026-05-01T12:00:00+03:00');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toMatch(/[\u0600-\u06FF]/);
  });
});
