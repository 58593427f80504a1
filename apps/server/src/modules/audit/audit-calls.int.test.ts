/**
 * Audit entries written with the change they record, in its transaction:
 * sender and template decisions, campaign launch and cancellation, account settings, AI settings
 * and gateway connection changes. For each: the entry is there after the change; and when writing
 * the entry fails (a trigger refuses that action) the change rolls back with it — proof that both
 * are one transaction — so no change goes unrecorded and no entry records a change that did not happen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { smsDraft } from '../campaigns/campaign-fixtures.ts';

let t: TestApp;
let owner: { accountId: number; userId: number; token: string };

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(owner.token), ...(payload ? { payload } : {}) });

const entries = (action: string) =>
  t.sql('select * from audit_log where account_id = $1 and action = $2 order by id', [owner.accountId, action]);

/** Until `done`, writing an audit entry for `action` fails (in the change's own transaction). */
async function failing<T>(action: string, run: () => Promise<T>): Promise<T> {
  await t.sql('insert into audit_test_fail (action) values ($1)', [action]);
  try {
    return await run();
  } finally {
    await t.sql('delete from audit_test_fail where action = $1', [action]);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t, { company_name: 'Audited Co' });
  const s = await signIn(t, a.email);
  owner = { accountId: s.user.account_id, userId: a.userId, token: s.token };
  await t.sql(`
    create table audit_test_fail (action text primary key);
    create function audit_test_fail() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from audit_test_fail where action = new.action) then raise exception 'audit refused in test'; end if;
      return new;
    end $$;
    create trigger audit_test_fail before insert on audit_log for each row execute function audit_test_fail();`);
});
afterAll(async () => {
  await t?.close();
});

describe('audit entries in the transaction of the change', () => {
  it('account settings (PUT /api/account): from and to, and no change without its entry', async () => {
    const res = await req('PUT', '/api/account', { name: 'Audited Renamed' });
    expect(res.statusCode, res.body).toBe(200);
    const [e] = await entries('account.updated');
    expect(e).toMatchObject({ actor_type: 'user', actor_id: owner.userId, target_type: 'account' });
    expect(e?.data.changes.name).toEqual({ from: 'Audited Co', to: 'Audited Renamed' });
    const refused = await failing('account.updated', () => req('PUT', '/api/account', { name: 'Never Saved' }));
    expect(refused.statusCode).toBe(500);
    const [acct] = await t.sql('select name from accounts where id = $1', [owner.accountId]);
    expect(acct?.name).toBe('Audited Renamed');
    expect(await entries('account.updated')).toHaveLength(1);
  });

  it('AI settings: the entry says the key changed, never the key', async () => {
    const res = await req('PUT', '/api/ai/settings', { share_contact_details: true });
    expect(res.statusCode, res.body).toBe(200);
    const [e] = await entries('ai_settings.updated');
    expect(e?.data).toMatchObject({ share_contact_details: true, api_key: 'unchanged' });
    const refused = await failing('ai_settings.updated', () => req('PUT', '/api/ai/settings', { share_contact_details: false }));
    expect(refused.statusCode).toBe(500);
    expect(json(await req('GET', '/api/ai/settings')).data.share_contact_details).toBe(true);
  });

  it('sender approval and rejection', async () => {
    const base = '/api/sender-management/sms/sms-senders';
    const a = json(await req('POST', base, { sender_id: 'AuditA' })).data;
    const b = json(await req('POST', base, { sender_id: 'AuditB' })).data;
    expect(a.status).toBe('WAITING_FOR_APPROVAL');
    expect((await req('POST', `${base}/${a.id}/approve`)).statusCode).toBe(200);
    expect(await entries('sender.approved')).toMatchObject([{ target_type: 'sender', target_id: String(a.id), target_label: 'AuditA' }]);
    const refused = await failing('sender.rejected', () => req('POST', `${base}/${b.id}/reject`, { reason: 'Not yours' }));
    expect(refused.statusCode).toBe(500);
    const [row] = await t.sql('select status from sms_senders where id = $1', [b.id]);
    expect(row?.status).toBe('WAITING_FOR_APPROVAL');
    expect((await req('POST', `${base}/${b.id}/reject`, { reason: 'Not yours' })).statusCode).toBe(200);
    expect((await entries('sender.rejected'))[0]?.data).toMatchObject({ reason: 'Not yours' });
  });

  it('template approval and rejection', async () => {
    const draft = async (name: string) => {
      const id = json(await req('POST', '/api/templates', { template_name: name, message_type: 'sms', template_text: 'Hi {{first_name}}' }))
        .data.id as number;
      expect((await req('POST', `/api/templates/${id}/submit-review`)).statusCode).toBe(200);
      return id;
    };
    const a = await draft('Audit promo A');
    const b = await draft('Audit promo B');
    const refused = await failing('template.approved', () => req('POST', `/api/templates/${a}/approve`));
    expect(refused.statusCode).toBe(500);
    expect((await t.sql('select status from templates where id = $1', [a]))[0]?.status).toBe('PENDING_REVIEW');
    expect(await entries('template.approved')).toHaveLength(0);
    expect((await req('POST', `/api/templates/${a}/approve`)).statusCode).toBe(200);
    expect((await req('POST', `/api/templates/${b}/reject`, { reason: 'Too pushy' })).statusCode).toBe(200);
    expect(await entries('template.approved')).toMatchObject([{ target_id: String(a), target_label: 'Audit promo A' }]);
    expect(await entries('template.rejected')).toMatchObject([{ target_id: String(b), data: { reason: 'Too pushy' } }]);
  });

  it('campaign launch and cancellation', async () => {
    const at = new Date(Date.now() + 24 * 3_600_000).toISOString();
    const c = await smsDraft(t, owner, { schedule_at: at });
    const refused = await failing('campaign.launched', () => req('POST', `/api/campaigns/${c.id}/deploy`));
    expect(refused.statusCode).toBe(500);
    expect((await t.sql('select status from campaigns where id = $1', [c.id]))[0]?.status).toBe('DRAFT');
    expect(await t.sql('select 1 from batches where campaign_id = $1', [c.id])).toHaveLength(0);
    expect((await req('POST', `/api/campaigns/${c.id}/deploy`)).statusCode).toBe(201);
    expect(await entries('campaign.launched')).toMatchObject([
      { target_type: 'campaign', target_id: String(c.id), data: { status: 'SCHEDULED' } },
    ]);
    const cancel = await failing('campaign.cancelled', () => req('POST', `/api/campaigns/${c.id}/cancel`));
    expect(cancel.statusCode).toBe(500);
    expect((await t.sql('select status from campaigns where id = $1', [c.id]))[0]?.status).toBe('SCHEDULED');
    expect((await req('POST', `/api/campaigns/${c.id}/cancel`)).statusCode).toBe(200);
    expect(await entries('campaign.cancelled')).toMatchObject([{ target_id: String(c.id), data: { previous_status: 'SCHEDULED' } }]);
  });

  it('gateway connection changes', async () => {
    const list = json(await req('GET', '/api/gateway/connections')).data.items as { id: number; connection_name: string; type: string }[];
    const sandbox = list[0];
    if (!sandbox) throw new Error('no sandbox connection');
    const refused = await failing('gateway.connection_updated', () =>
      req('PUT', `/api/gateway/connections/${sandbox.id}`, { type: sandbox.type, connection_name: 'Never' }),
    );
    expect(refused.statusCode).toBe(500);
    const ok = await req('PUT', `/api/gateway/connections/${sandbox.id}`, { type: sandbox.type, connection_name: 'Renamed SMSC' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await entries('gateway.connection_updated')).toMatchObject([{ target_type: 'connection', target_label: 'Renamed SMSC' }]);
  });
});
