/**
 * Notification settings: every type with its default, a user's own changes (audited),
 * and `notify` following them — a type off in the bell is neither stored nor shown, a type on by
 * email is mailed in the user's language by the notification mailer, and a colleague's settings
 * are theirs alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserToAccount, bearer, createTestApp, json, mailsTo, signIn, signUp, type TestApp, waitForMails } from '../../test/helper.ts';
import { mailPendingNotifications } from './mailer.ts';
import { notify } from './notifications.service.ts';

let t: TestApp;
let me: { accountId: number; userId: number; token: string; email: string };

const get = (token: string) => t.app.inject({ method: 'GET', url: '/api/notification-settings', headers: bearer(token) });
const put = (token: string, settings: object[]) =>
  t.app.inject({ method: 'PUT', url: '/api/notification-settings', headers: bearer(token), payload: { settings } });
const bell = async (token: string) =>
  json(await t.app.inject({ method: 'GET', url: '/api/notifications?limit=100', headers: bearer(token) })).data.notifications as {
    type: string;
    title: string;
  }[];

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t);
  const s = await signIn(t, a.email);
  me = { accountId: s.user.account_id, userId: a.userId, token: s.token, email: a.email };
});
afterAll(async () => {
  await t.close();
});

describe('/api/notification-settings', () => {
  it('lists every type with its default', async () => {
    const res = await get(me.token);
    expect(res.statusCode).toBe(200);
    const rows = json(res).data.settings;
    expect(rows.map((r: { type: string }) => r.type)).toEqual([
      'template_status',
      'sender_status',
      'automation_status',
      'ai_plan_status',
      'campaign_status',
      'credits_low',
      'system',
      'billing_due',
    ]);
    // the low-credit notice is one people act on: bell and email by default
    expect(rows.find((r: { type: string }) => r.type === 'credits_low')).toMatchObject({ bell: true, email: true });
    expect(rows.find((r: { type: string }) => r.type === 'campaign_status')).toEqual({
      type: 'campaign_status',
      bell: true,
      email: true,
      custom: false,
    });
    expect(rows.find((r: { type: string }) => r.type === 'system')).toMatchObject({ bell: true, email: false });
  });

  it('saves the types given, leaves the others, audits the change; refuses unknown or repeated types', async () => {
    const res = await put(me.token, [{ type: 'ai_plan_status', bell: false, email: false }]);
    expect(res.statusCode).toBe(200);
    const rows = json(res).data.settings;
    expect(rows.find((r: { type: string }) => r.type === 'ai_plan_status')).toEqual({
      type: 'ai_plan_status',
      bell: false,
      email: false,
      custom: true,
    });
    expect(rows.filter((r: { custom: boolean }) => r.custom)).toHaveLength(1);
    const [entry] = await t.sql("select * from audit_log where account_id = $1 and action = 'notification_settings.updated'", [
      me.accountId,
    ]);
    expect(entry.data.changed).toEqual([{ type: 'ai_plan_status', bell: false, email: false }]);
    expect((await put(me.token, [{ type: 'weather', bell: true, email: true }])).statusCode).toBe(400);
    const twice = [
      { type: 'system', bell: true, email: true },
      { type: 'system', bell: false, email: true },
    ];
    expect((await put(me.token, twice)).statusCode).toBe(400);
  });

  it('a type off in the bell and by email is not stored; off in the bell only is mailed, never shown', async () => {
    const scope = { accountId: me.accountId, userId: me.userId };
    await notify(t.ctx.db, scope, 'ai_plan_status', 'aiPlanReady', { name: 'Ramadan' });
    const stored = await t.sql("select * from notifications where user_id = $1 and type = 'ai_plan_status'", [me.userId]);
    expect(stored).toHaveLength(0);

    await put(me.token, [{ type: 'sender_status', bell: false, email: true }]);
    await notify(t.ctx.db, scope, 'sender_status', 'senderApproved', { sender: 'ACME' });
    expect((await bell(me.token)).some((n) => n.type === 'sender_status')).toBe(false);
    const before = (await mailsTo(t, me.email)).length;
    expect(await mailPendingNotifications(t.ctx)).toBe(1);
    const mails = await waitForMails(t, me.email, before + 1);
    expect(mails[0]?.subject).toContain('Risala:');
    expect(mails[0]?.text).toContain('ACME');
    // sent once: a second round finds nothing
    expect(await mailPendingNotifications(t.ctx)).toBe(0);
  });

  it('a type on in the bell and off by email is shown and not mailed', async () => {
    await put(me.token, [{ type: 'campaign_status', bell: true, email: false }]);
    await notify(t.ctx.db, { accountId: me.accountId, userId: me.userId }, 'campaign_status', 'campaignApproved', { name: 'Eid' });
    expect((await bell(me.token)).some((n) => n.type === 'campaign_status')).toBe(true);
    expect(await mailPendingNotifications(t.ctx)).toBe(0);
  });

  it("mails in the recipient's language and keeps each user's settings their own", async () => {
    const colleague = await addUserToAccount(t, me.accountId, 'viewer');
    await t.sql("update users set language = 'ar' where id = $1", [colleague.userId]);
    // my campaign_status email is off; the colleague keeps the default (on)
    await notify(t.ctx.db, { accountId: me.accountId, userId: colleague.userId }, 'campaign_status', 'campaignApproved', { name: 'Eid' });
    expect(await mailPendingNotifications(t.ctx)).toBe(1);
    const [mail] = await waitForMails(t, colleague.email, 1);
    expect(mail?.subject.startsWith('رسالة:')).toBe(true);
    const token = (await signIn(t, colleague.email)).token;
    const rows = json(await get(token)).data.settings;
    expect(rows.every((r: { custom: boolean }) => !r.custom)).toBe(true);
  });
});
