/**
 * The sending API: validation (400 with field errors), tenancy (another account's ids → 404),
 * senders, consent, credits (per part, INSUFFICIENT_CREDITS, NO_VALID_PLAN, refunds), scheduling
 * and cancelling, the SMS test endpoint, permissions. The pipeline stages run as the worker would
 * run them (their task functions), without SMPP.
 */
import { storedReasonText as readable } from '@risala/shared/i18n/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cast, bearer, createTestApp, json, signUpCast, type TestApp } from '../../test/helper.ts';
import { routeChunk } from './pipeline/route-stage.ts';
import { releaseScheduled } from './pipeline/tasks.ts';
import { invalidateRoutingTable } from '../routing/routing-table.ts';

let t: TestApp;
let cast: Cast;

const post = (url: string, payload: unknown, token = cast.owner.token) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
const fields = (res: Parameters<typeof json>[0]) =>
  Object.fromEntries((json(res).errors as { field: string; message: string }[]).map((e) => [e.field, e.message]));
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
const balance = async (accountId = cast.owner.accountId) =>
  (await t.sql(`select balance::int from credits where account_id = $1 and channel = 'sms'`, [accountId]))[0]?.balance as number;
const messagesOf = (bulkId: string) => t.sql('select * from messages where bulk_id = $1 order by id', [bulkId]);

async function customer(accountId: number, mobile: string, consent: boolean, first = 'Layla') {
  const [row] = await t.sql(
    `insert into customers (account_id, first_name, mobile_number, consent_sms) values ($1, $2, $3, $4) returning id`,
    [accountId, first, mobile, consent],
  );
  return Number(row.id);
}

beforeAll(async () => {
  t = await createTestApp();
  cast = await signUpCast(t);
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/messages/sms — validation and tenancy', () => {
  it('refuses bad input with field errors', async () => {
    const empty = await post('/api/messages/sms', {});
    expect(empty.statusCode).toBe(400);
    expect(fields(empty)).toHaveProperty('recipients');
    const noText = await post('/api/messages/sms', { recipients: { numbers: ['+966500000001'] } });
    expect(noText.statusCode).toBe(400);
    expect(fields(noText)).toHaveProperty('text');
    const soon = await post('/api/messages/sms', {
      recipients: { numbers: ['+966500000001'] },
      text: 'x',
      schedule_at: new Date().toISOString(),
    });
    expect(soon.statusCode).toBe(400);
    expect(fields(soon)).toHaveProperty('schedule_at');
    const types = await post('/api/messages/sms/estimate', { recipients: { customer_ids: ['a'] }, text: 'x', sender_id: -1 });
    expect(types.statusCode).toBe(400);
    expect(Object.keys(fields(types))).toEqual(expect.arrayContaining(['recipients.customer_ids.0', 'sender_id']));
    const test = await post('/api/sender-management/sms/test', { to: '0501234567', text: 'hi' });
    expect(test.statusCode).toBe(400);
    expect(fields(test)).toHaveProperty('to');
    const testMissing = await post('/api/sender-management/sms/test', { to: '' });
    expect(testMissing.statusCode).toBe(400);
    expect(Object.keys(fields(testMissing))).toEqual(expect.arrayContaining(['to', 'text']));
    const cancel = await post(`/api/messages/bulk/${'x'.repeat(65)}/cancel`, {});
    expect(cancel.statusCode).toBe(400);
  });

  it('says what is missing, in the caller\'s language, not "Invalid value"', async () => {
    const nothing = await post('/api/messages/sms', { recipients: {}, text: '  ' });
    expect(fields(nothing)).toEqual({
      'recipients.numbers': 'Add at least one recipient: numbers or addresses, customers or groups',
      text: 'Write a message or choose a template',
    });
    const arabic = await t.app.inject({
      method: 'POST',
      url: '/api/messages/whatsapp',
      headers: { ...bearer(cast.owner.token), 'accept-language': 'ar' },
      payload: { recipients: { numbers: ['+966500000001'] } },
    });
    expect(fields(arabic)).toEqual({ text: 'اكتب رسالة أو اختر قالبًا' });
  });

  it('another account’s customers, groups, senders, templates and sends → 404', async () => {
    const theirs = await customer(cast.stranger.accountId, '+966511111111', true);
    const [group] = await t.sql(`insert into customer_groups (account_id, group_name) values ($1, 'Theirs') returning id`, [
      cast.stranger.accountId,
    ]);
    const [sender] = await t.sql(`select id from sms_senders where account_id = $1`, [cast.stranger.accountId]);
    const base = { recipients: { numbers: ['+966500000001'] }, text: 'hello' };
    expect((await post('/api/messages/sms', { ...base, recipients: { customer_ids: [theirs] } })).statusCode).toBe(404);
    expect((await post('/api/messages/sms/estimate', { ...base, recipients: { group_ids: [group.id] } })).statusCode).toBe(404);
    expect((await post('/api/messages/sms', { ...base, sender_id: sender.id })).statusCode).toBe(404);
    const [template] = await t.sql(
      `insert into templates (account_id, template_name, message_type, category, template_text, status) values ($1, 'T', 'sms', 'marketing', 'Hi', 'APPROVED') returning id`,
      [cast.stranger.accountId],
    );
    expect((await post('/api/messages/sms', { recipients: base.recipients, template_id: template.id })).statusCode).toBe(404);
    const scheduled = json(await post('/api/messages/sms', { ...base, schedule_at: inAnHour() }, cast.stranger.token)).data;
    const res = await post(`/api/messages/bulk/${scheduled.bulk_id}/cancel`, {});
    expect(res.statusCode).toBe(404);
    expect((await post('/api/messages/bulk/unknown-bulk/cancel', {})).statusCode).toBe(404);
  });

  it('sending needs the campaign create permission', async () => {
    const res = await post('/api/messages/sms', { recipients: { numbers: ['+966500000001'] }, text: 'hello' }, cast.viewer.token);
    expect(res.statusCode).toBe(403);
  });
});

describe('recipients, senders, templates', () => {
  it('validates numbers, dedupes, skips customers without consent and renders templates per customer', async () => {
    const a = await customer(cast.owner.accountId, '+966522222221', true, 'Omar');
    const b = await customer(cast.owner.accountId, '+966522222222', false, 'Reem');
    const [group] = await t.sql(`insert into customer_groups (account_id, group_name, type) values ($1, 'VIP', 'static') returning id`, [
      cast.owner.accountId,
    ]);
    await t.sql('insert into group_members (group_id, customer_id, account_id) values ($1, $2, $3), ($1, $4, $3)', [
      group.id,
      a,
      cast.owner.accountId,
      b,
    ]);
    const [template] = await t.sql(
      `insert into templates (account_id, template_name, message_type, category, template_text, status) values ($1, 'Hi', 'sms', 'marketing', 'Hello {{first_name|friend}}!', 'APPROVED') returning id`,
      [cast.owner.accountId],
    );
    const body = {
      // 00966… is +966… (the international prefix, a duplicate here); a local 05… has no country: invalid
      recipients: {
        numbers: ['+966522222221', 'not a number', '0501234567', '+966533333333', '+966533333333', '00966 53 333 3333'],
        group_ids: [group.id],
        customer_ids: [b],
      },
      template_id: template.id,
    };
    const estimate = json(await post('/api/messages/sms/estimate', body)).data;
    expect(estimate).toMatchObject({
      bulk_id: null,
      accepted: 2,
      skipped: { invalid: 2, no_consent: 1, duplicate: 3, blacklisted: 0 },
      parts: 1,
      encoding: 'GSM-7',
      credits: 2,
    });
    const res = await post('/api/messages/sms', body);
    expect(res.statusCode).toBe(201);
    const sent = json(res).data;
    expect(sent).toMatchObject({ accepted: 2, credits: 2, balance: 998 });
    const rows = await messagesOf(sent.bulk_id);
    expect(rows.map((r) => [r.recipient, r.body, r.status, r.sender])).toEqual([
      ['+966522222221', 'Hello Omar!', 'PENDING', 'Risala'],
      ['+966533333333', 'Hello friend!', 'PENDING', 'Risala'],
    ]);
    const only = json(await post('/api/messages/sms', { recipients: { customer_ids: [a] }, template_id: template.id })).data;
    expect((await messagesOf(only.bulk_id))[0]).toMatchObject({ body: 'Hello Omar!', customer_id: a });
  });

  it('a typed number of a customer is that customer: no SMS without consent, personalised with it', async () => {
    await customer(cast.owner.accountId, '+966544444441', false, 'Huda');
    const c = await customer(cast.owner.accountId, '+966544444442', true, 'Faisal');
    const body = { recipients: { numbers: ['+966544444441', '+966544444442', '+966544444443'] }, text: 'Hi {{first_name|there}}' };
    expect(json(await post('/api/messages/sms/estimate', body)).data).toMatchObject({
      accepted: 2,
      skipped: { no_consent: 1, invalid: 0, duplicate: 0 },
    });
    const sent = json(await post('/api/messages/sms', body)).data;
    const rows = await messagesOf(sent.bulk_id);
    expect(rows.map((r) => [r.recipient, r.body, r.customer_id])).toEqual([
      ['+966544444442', 'Hi Faisal', c],
      ['+966544444443', 'Hi there', null],
    ]);
  });

  it('stores texts as written whatever they hold (COPY escapes tabs, new lines and backslashes) and answers ids in order', async () => {
    const text = 'Tab\there, line\nbreak, back\\slash \\N and \\t — عربي';
    const sent = json(await post('/api/messages/sms', { recipients: { numbers: ['+966500000011', '+966500000012'] }, text })).data;
    const rows = await messagesOf(sent.bulk_id);
    expect(rows.map((r) => r.body)).toEqual([text, text]);
    expect(rows.map((r) => r.recipient)).toEqual(['+966500000011', '+966500000012']);
    expect(rows.map((r) => r.status)).toEqual(['PENDING', 'PENDING']);
    expect(rows[0].payload).toEqual({});
  });

  it('a sender must be ACTIVE; without a default sender → NO_ACTIVE_SENDER; templates must be approved SMS templates', async () => {
    const [pending] = await t.sql(
      `insert into sms_senders (account_id, sender_id, sender_type, status) values ($1, 'Pending', 'alphanumeric', 'WAITING_FOR_APPROVAL') returning id`,
      [cast.owner.accountId],
    );
    const base = { recipients: { numbers: ['+966500000001'] }, text: 'hello' };
    expect(json(await post('/api/messages/sms', { ...base, sender_id: pending.id })).code).toBe('SENDER_NOT_APPROVED');
    const [draft] = await t.sql(
      `insert into templates (account_id, template_name, message_type, category, template_text, status) values ($1, 'D', 'sms', 'marketing', 'Hi', 'DRAFT') returning id`,
      [cast.owner.accountId],
    );
    expect(json(await post('/api/messages/sms', { recipients: base.recipients, template_id: draft.id })).code).toBe(
      'TEMPLATE_NOT_APPROVED',
    );
    await t.sql('update sms_senders set is_default = false where account_id = $1', [cast.owner.accountId]);
    const res = await post('/api/messages/sms', base);
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('NO_ACTIVE_SENDER');
    await t.sql(`update sms_senders set is_default = true where account_id = $1 and sender_id = 'Risala'`, [cast.owner.accountId]);
  });
});

describe('credits', () => {
  it('are charged per part; too few → INSUFFICIENT_CREDITS; none or a blocked trial → NO_VALID_PLAN', async () => {
    const before = await balance();
    const long = json(await post('/api/messages/sms', { recipients: { numbers: ['+966500000002'] }, text: 'B'.repeat(200) })).data;
    expect(long).toMatchObject({ parts: 2, credits: 2, balance: before - 2 });
    expect(await balance()).toBe(before - 2);
    const [ledger] = await t.sql(`select delta::int, reason from credit_ledger where bulk_id = $1`, [long.bulk_id]);
    expect(ledger).toEqual({ delta: -2, reason: 'send' });
    await t.sql(`update credits set balance = 1 where account_id = $1 and channel = 'sms'`, [cast.owner.accountId]);
    const short = await post('/api/messages/sms', { recipients: { numbers: ['+966500000002'] }, text: 'B'.repeat(200) });
    expect(short.statusCode).toBe(402);
    expect(json(short).code).toBe('INSUFFICIENT_CREDITS');
    await t.sql(`delete from credits where account_id = $1 and channel = 'sms'`, [cast.owner.accountId]);
    const none = await post('/api/messages/sms', { recipients: { numbers: ['+966500000002'] }, text: 'x' });
    expect(json(none).code).toBe('NO_VALID_PLAN');
    await t.sql(`insert into credits (account_id, channel, balance) values ($1, 'sms', 1000)`, [cast.owner.accountId]);
    await t.sql(`update accounts set created_at = now() - interval '4 months' where id = $1`, [cast.owner.accountId]);
    const [u] = await t.sql(`select created_at from users where id = $1`, [cast.owner.userId]);
    // the user's trial (planGate) still runs; the account's trial is past the block point
    expect(u.created_at).toBeTruthy();
    const blocked = await post('/api/messages/sms', { recipients: { numbers: ['+966500000002'] }, text: 'x' });
    expect(json(blocked).code).toBe('NO_VALID_PLAN');
    await t.sql(`update accounts set created_at = now() where id = $1`, [cast.owner.accountId]);
  });

  it('messages refused by the filter (no consent any more) are NOT_ALLOWED and refunded', async () => {
    const c = await customer(cast.owner.accountId, '+966544444444', true);
    const before = await balance();
    const sent = json(await post('/api/messages/sms', { recipients: { customer_ids: [c] }, text: 'hello' })).data;
    expect(await balance()).toBe(before - 1);
    await t.sql('update customers set consent_sms = false where id = $1', [c]);
    const [m] = await messagesOf(sent.bulk_id);
    await routeChunk(t.ctx, [Number(m.id)]);
    const [after] = await messagesOf(sent.bulk_id);
    expect(after).toMatchObject({ status: 'NOT_ALLOWED', error_code: 'NO_CONSENT', credits: 0, stage: 'done' });
    expect(await balance()).toBe(before);
  });
});

describe('router stage refusals', () => {
  it('no active router → FAILED NO_ROUTE; a link the shortener cannot take → FAILED URL_SHORTENING_FAILED; both refunded', async () => {
    const [router] = await t.sql(`select id from routers where account_id = $1 and router_type = 'default'`, [cast.owner.accountId]);
    const [plugin] = await t.sql(
      `insert into plugins (account_id, plugin_name, plugin_type, config, status) values ($1, 'Short', 'url_shortener', '{}', 'INSTALLED') returning id`,
      [cast.owner.accountId],
    );
    await t.sql('update routers set plugins_ids = $2 where id = $1', [router.id, [plugin.id]]);
    invalidateRoutingTable(cast.owner.accountId);
    const before = await balance();
    const link = json(
      await post('/api/messages/sms', { recipients: { numbers: ['+966500000006'] }, text: 'Offer: http://[broken now' }),
    ).data;
    const [lm] = await messagesOf(link.bulk_id);
    await routeChunk(t.ctx, [Number(lm.id)]);
    expect((await messagesOf(link.bulk_id))[0]).toMatchObject({ status: 'FAILED', error_code: 'URL_SHORTENING_FAILED', credits: 0 });
    const ok = json(
      await post('/api/messages/sms', { recipients: { numbers: ['+966500000006'] }, text: 'Offer: https://example.com/deal' }),
    ).data;
    const [om] = await messagesOf(ok.bulk_id);
    await routeChunk(t.ctx, [Number(om.id)]);
    // routed and filtered in the one job: the row is written once, QUEUED with the router's decision
    const [routed] = await messagesOf(ok.bulk_id);
    expect(routed).toMatchObject({ stage: 'connection', status: 'QUEUED', router_id: router.id, parts: 1, encoding: 'GSM-7' });
    expect(routed.connection_id).toBe(routed.route_connection_ids[0]);
    expect(routed.body).toMatch(/^Offer: http:\/\/\S+\/s\/\w{7}$/);
    expect(await t.sql('select connection_id from sms_queue where message_id = $1', [om.id])).toEqual([
      { connection_id: routed.connection_id },
    ]);
    await t.sql(`update routers set status = 'INACTIVE', plugins_ids = '{}' where id = $1`, [router.id]);
    invalidateRoutingTable(cast.owner.accountId);
    const none = json(await post('/api/messages/sms', { recipients: { numbers: ['+966500000007'] }, text: 'nowhere' })).data;
    const [nm] = await messagesOf(none.bulk_id);
    await routeChunk(t.ctx, [Number(nm.id)]);
    const [failed] = await messagesOf(none.bulk_id);
    expect(failed).toMatchObject({ status: 'FAILED', error_code: 'NO_ROUTE', credits: 0 });
    expect(readable(failed.error_message, 'en')).toContain('No route');
    expect(await balance()).toBe(before - 1); // only the routed message keeps its credit
    const events = await t.sql('select event from message_events where message_id = $1', [nm.id]);
    expect(events.map((e) => e.event)).toEqual(['FAILED']);
    await t.sql(`update routers set status = 'ACTIVE' where id = $1`, [router.id]);
    invalidateRoutingTable(cast.owner.accountId);
  });
});

describe('scheduling and cancelling', () => {
  it('a scheduled send waits as SCHEDULED with a release job at its time, then enters the pipeline', async () => {
    const at = inAnHour();
    const sent = json(
      await post('/api/messages/sms', { recipients: { numbers: ['+966500000003', '+966500000004'] }, text: 'later', schedule_at: at }),
    ).data;
    expect(sent.scheduled_at).toBe(new Date(at).toISOString());
    expect((await messagesOf(sent.bulk_id)).map((m) => m.status)).toEqual(['SCHEDULED', 'SCHEDULED']);
    const [job] = await t.sql(`select task_identifier, run_at from graphile_worker.jobs where key = $1`, [`release:${sent.bulk_id}`]);
    expect(job.task_identifier).toBe('messages_release');
    expect(new Date(job.run_at).toISOString()).toBe(new Date(at).toISOString());
    expect(await releaseScheduled(t.ctx, { account_id: cast.owner.accountId, bulk_id: sent.bulk_id })).toBe(2);
    expect((await messagesOf(sent.bulk_id)).map((m) => m.status)).toEqual(['PENDING', 'PENDING']);
    const cancel = await post(`/api/messages/bulk/${sent.bulk_id}/cancel`, {});
    expect(cancel.statusCode).toBe(409);
    expect(json(cancel).code).toBe('MESSAGE_NOT_CANCELLABLE');
  });

  it('cancelling a scheduled send → CANCELLED and the credits come back', async () => {
    const before = await balance();
    const sent = json(
      await post('/api/messages/sms', { recipients: { numbers: ['+966500000005'] }, text: 'never', schedule_at: inAnHour() }),
    ).data;
    expect(await balance()).toBe(before - 1);
    const res = await post(`/api/messages/bulk/${sent.bulk_id}/cancel`, {});
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({ cancelled: 1 });
    expect((await messagesOf(sent.bulk_id))[0]).toMatchObject({ status: 'CANCELLED', credits: 0 });
    expect(await balance()).toBe(before);
    expect(await releaseScheduled(t.ctx, { account_id: cast.owner.accountId, bulk_id: sent.bulk_id })).toBe(0);
  });
});

describe('POST /api/sender-management/sms/test', () => {
  it('sends one SMS through the pipeline and answers its id', async () => {
    const res = await post('/api/sender-management/sms/test', { to: '+966500000009', text: 'Test from Risala' });
    expect(res.statusCode).toBe(201);
    const { message_id } = json(res).data;
    const [m] = await t.sql('select recipient, body, status, account_id from messages where id = $1', [message_id]);
    expect(m).toEqual({ recipient: '+966500000009', body: 'Test from Risala', status: 'PENDING', account_id: cast.owner.accountId });
  });
});
