/**
 * Campaign API without the worker: drafts (create, autosave only in DRAFT, list, delete), deploy's
 * refusals (each leaves no batch), the state machine through its endpoints, approval by a second
 * user, batch actions, and another account's ids → 404.
 */
import { CAMPAIGN_STATES, CAMPAIGN_TRANSITIONS } from '@risala/shared/schemas/campaigns';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMULA_CELLS } from '../../test/formula-cells.ts';
import { addUserToAccount, bearer, type Cast, createTestApp, json, signIn, signUpCast, type TestApp } from '../../test/helper.ts';
import { type Owner, seedAudience, seedBrand, smsDraft } from './campaign-fixtures.ts';
import { assertTransition } from './deploy.service.ts';
import { expandChunk, startBatch } from './execution.ts';
import { campaignsTick } from './ticks.ts';

let t: TestApp;
let cast: Cast;
let owner: Owner;
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = owner.token) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
const batchesOf = (id: number) => t.sql('select * from batches where campaign_id = $1 order by id', [id]);
const statusOf = async (id: number) => (await t.sql('select status from campaigns where id = $1', [id]))[0].status as string;

beforeAll(async () => {
  t = await createTestApp();
  cast = await signUpCast(t);
  owner = cast.owner;
});
afterAll(async () => {
  await t?.close();
});

describe('drafts', () => {
  it('creates a draft from partial data, autosaves it, lists and filters it', async () => {
    const res = await req('POST', '/api/campaigns', { objective: 'Ramadan offers' });
    expect(res.statusCode, res.body).toBe(201);
    const draft = json(res).data;
    expect(draft).toMatchObject({ status: 'DRAFT', objective: 'Ramadan offers', channels: [] });
    expect(draft.name).toBe('Untitled campaign');
    // the next unnamed draft gets the next free number, not a clash
    const second = json(await req('POST', '/api/campaigns', { objective: 'Second' })).data;
    expect(second.name).toBe('Untitled campaign 2');
    await req('DELETE', `/api/campaigns/${second.id}`);
    // two at the same moment, and a name taken in another case: each still gets a free one
    expect((await req('POST', '/api/campaigns', { name: 'UNTITLED CAMPAIGN 2' })).statusCode).toBe(201);
    const both = await Promise.all([req('POST', '/api/campaigns', {}), req('POST', '/api/campaigns', {})]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both.map((r) => json(r).data.name).sort()).toEqual(['Untitled campaign 3', 'Untitled campaign 4']);
    for (const r of both) await req('DELETE', `/api/campaigns/${json(r).data.id}`);
    const put = await req('PUT', `/api/campaigns/${draft.id}`, { name: 'Ramadan', channels: ['whatsapp', 'sms'] });
    expect(put.statusCode, put.body).toBe(200);
    expect(json(put).data).toMatchObject({ name: 'Ramadan', channels: ['whatsapp', 'sms'], objective: 'Ramadan offers' });
    expect(json(await req('GET', `/api/campaigns/${draft.id}`)).data).toMatchObject({
      id: draft.id,
      name: 'Ramadan',
      timezone: 'Asia/Riyadh',
    });
    const list = json(await req('GET', '/api/campaigns?search=ramad&channel=sms&status=DRAFT&sort=name&order=asc')).data;
    expect(list.items.map((c: { id: number }) => c.id)).toContain(draft.id);
    expect(list).toMatchObject({ page: 1, limit: 20 });
    const mine = json(await req('GET', `/api/users/${owner.userId}/campaigns`)).data;
    expect(mine.total).toBeGreaterThan(0);
    expect((await req('GET', `/api/users/${cast.stranger.userId}/campaigns`)).statusCode).toBe(404);
  });

  it('refuses bad input with field errors (400, never 500) and duplicate names', async () => {
    const bad = await req('POST', '/api/campaigns', {
      channels: ['sms', 'sms'],
      schedule_at: new Date(Date.now() + 60_000).toISOString(),
      ab_test: { split_percent: 70, metric: 'open', after_hours: 1, variant_b: {} },
    });
    expect(bad.statusCode).toBe(400);
    const fields = json(bad).errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['channels', 'schedule_at', 'ab_test.split_percent']));
    await req('POST', '/api/campaigns', { name: 'Twice' });
    expect(json(await req('POST', '/api/campaigns', { name: 'twice' })).code).toBe('NAME_EXISTS');
    const otherBrand = await seedBrand(t, cast.stranger.accountId, 'Theirs');
    expect(json(await req('POST', '/api/campaigns', { brand_id: otherBrand })).errors[0].field).toBe('brand_id');
  });

  it('another account cannot read, change, deploy or delete a campaign (404); a viewer cannot create (403)', async () => {
    const { id } = await smsDraft(t, owner);
    for (const [m, url] of [
      ['GET', `/api/campaigns/${id}`],
      ['PUT', `/api/campaigns/${id}`],
      ['DELETE', `/api/campaigns/${id}`],
      ['POST', `/api/campaigns/${id}/deploy`],
      ['GET', `/api/campaigns/${id}/audience-count`],
      ['GET', `/api/campaigns/${id}/report`],
    ] as const) {
      expect((await req(m, url, m === 'PUT' ? {} : undefined, cast.stranger.token)).statusCode, `${m} ${url}`).toBe(404);
    }
    expect((await req('POST', '/api/campaigns/deploy', { campaign_id: id }, cast.stranger.token)).statusCode).toBe(404);
    expect((await req('POST', '/api/campaigns', { name: 'x' }, cast.viewer.token)).statusCode).toBe(403);
  });

  it('a brand used by a campaign cannot be deleted', async () => {
    const { brandId } = await smsDraft(t, owner);
    const res = await req('DELETE', `/api/brands/${brandId}`);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 'BRAND_IN_USE', data: { campaigns: 1 } });
  });
});

describe('audience count and estimate', () => {
  it('counts the audience per channel in fallback order, without blacklisted, non-consenting and excluded customers', async () => {
    const { groupId, customerIds } = await seedAudience(t, owner.accountId, 6, { sms: true, email: true, base: 700_000_000 });
    // 0: WhatsApp consent → whatsapp; 1: no SMS consent → email; 2: blacklisted number, email → email; 3: excluded; 4: no consent at all
    await t.sql('update customers set consent_whatsapp = true where id = $1', [customerIds[0]]);
    await t.sql('update customers set consent_sms = false where id = $1', [customerIds[1]]);
    await t.sql('update customers set consent_sms = false, consent_email = false where id = $1', [customerIds[4]]);
    const [bl] = await t.sql(`insert into blacklists (account_id, blacklist_name, blacklist_type) values ($1, 'DND', 'MT') returning id`, [
      owner.accountId,
    ]);
    const [c2] = await t.sql('select mobile_number from customers where id = $1', [customerIds[2]]);
    await t.sql(`insert into blacklist_entries (account_id, blacklist_id, kind, value) values ($1, $2, 'number', $3)`, [
      owner.accountId,
      bl.id,
      c2.mobile_number,
    ]);
    const { groupId: excl } = await seedAudience(t, owner.accountId, 0, { name: 'Excluded' });
    await t.sql('insert into group_members (account_id, group_id, customer_id) values ($1, $2, $3)', [
      owner.accountId,
      excl,
      customerIds[3],
    ]);
    const draft = json(
      await req('POST', '/api/campaigns', {
        channels: ['whatsapp', 'sms', 'email'],
        audience: { group_ids: [groupId], exclude_group_ids: [excl] },
      }),
    ).data;
    const count = json(await req('GET', `/api/campaigns/${draft.id}/audience-count`)).data;
    expect(count).toMatchObject({ total: 5, reachable: 4, by_channel: { whatsapp: 1, sms: 1, email: 2 } });
    // a prefix on an ACTIVE MT list blocks too (customer 5 → email); an INACTIVE list blocks nothing
    await t.sql(`update customers set mobile_number = '+966711111115' where id = $1`, [customerIds[5]]);
    await t.sql(`insert into blacklist_entries (account_id, blacklist_id, kind, value) values ($1, $2, 'prefix', '+96671111')`, [
      owner.accountId,
      bl.id,
    ]);
    const [off] = await t.sql(
      `insert into blacklists (account_id, blacklist_name, blacklist_type, status) values ($1, 'Old DND', 'MT', 'INACTIVE') returning id`,
      [owner.accountId],
    );
    const [c0] = await t.sql('select mobile_number from customers where id = $1', [customerIds[0]]);
    await t.sql(`insert into blacklist_entries (account_id, blacklist_id, kind, value) values ($1, $2, 'number', $3)`, [
      owner.accountId,
      off.id,
      c0.mobile_number,
    ]);
    const again = json(await req('GET', `/api/campaigns/${draft.id}/audience-count`)).data;
    expect(again).toMatchObject({ total: 5, reachable: 4, by_channel: { whatsapp: 1, email: 3 } });
    await t.sql('delete from blacklists where id = any($1::int[])', [[bl.id, off.id]]);
  });

  it('estimates messages, SMS parts, credits and balance per channel', async () => {
    const { id } = await smsDraft(t, owner, { content: { sms: { text: `${'x'.repeat(160)} {{first_name}}` } } });
    const est = json(await req('GET', `/api/campaigns/${id}/estimate`)).data;
    expect(est.channels[0]).toMatchObject({
      channel: 'sms',
      messages: 3,
      parts_min: 2,
      parts_max: 2,
      credits: 6,
      exact: true,
      enough: true,
    });
    expect(est.channels[0].balance).toBeGreaterThan(0);
  });
});

describe('deploy refusals leave no batch', () => {
  it('incomplete campaign → field errors', async () => {
    const draft = json(await req('POST', '/api/campaigns', { channels: ['sms', 'email'] })).data;
    const res = await req('POST', `/api/campaigns/${draft.id}/deploy`);
    expect(res.statusCode).toBe(400);
    expect(json(res).errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['brand_id', 'audience.group_ids', 'content.sms', 'content.email']),
    );
    expect(await batchesOf(draft.id)).toHaveLength(0);
    // the body form of §7's /deploy answers the same, and a body without an id is a field error
    const viaBody = await req('POST', '/api/campaigns/deploy', { campaign_id: draft.id });
    expect(viaBody.statusCode).toBe(400);
    expect(json(viaBody).errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['brand_id', 'content.sms']));
    expect(json(await req('POST', '/api/campaigns/deploy', {})).errors[0].field).toBe('campaign_id');
    expect(await batchesOf(draft.id)).toHaveLength(0);
  });

  it('schedule too soon, unapproved template, missing sender, empty audience, credits, expired plan', async () => {
    const cases: [string, (id: number) => Promise<unknown>, number, string][] = [
      [
        'too soon',
        (id) => t.sql(`update campaigns set schedule_at = now() + interval '3 minutes' where id = $1`, [id]),
        400,
        'VALIDATION_ERROR',
      ],
      [
        'unapproved template',
        async (id) => {
          const [tpl] = await t.sql(
            `insert into templates (account_id, template_name, message_type, template_text, status) values ($1, $2, 'sms', 'Hi', 'DRAFT') returning id`,
            [owner.accountId, `tpl-${id}`],
          );
          await t.sql(
            `update campaigns set content = jsonb_build_object('sms', jsonb_build_object('template_id', $2::int)) where id = $1`,
            [id, tpl.id],
          );
        },
        409,
        'TEMPLATE_NOT_APPROVED',
      ],
      [
        'missing sender',
        () => t.sql(`update sms_senders set status = 'INACTIVE' where account_id = $1`, [owner.accountId]),
        409,
        'NO_ACTIVE_SENDER',
      ],
      [
        'empty audience',
        (id) =>
          t.sql(
            `update customers set consent_sms = false where id in (select customer_id from group_members where group_id = (select (audience->'group_ids'->>0)::int from campaigns where id = $1))`,
            [id],
          ),
        400,
        'AUDIENCE_EMPTY',
      ],
      [
        'credits',
        () => t.sql(`update credits set balance = 2 where account_id = $1 and channel = 'sms'`, [owner.accountId]),
        402,
        'INSUFFICIENT_CREDITS',
      ],
      // the trial long over: the plan gate refuses before deploy runs
      [
        'expired plan',
        () => t.sql(`update users set created_at = now() - interval '5 months' where account_id = $1`, [owner.accountId]),
        403,
        'SUBSCRIPTION_REQUIRED',
      ],
      // no plan (credits) for the chosen channel
      [
        'no valid plan',
        () => t.sql(`delete from credits where account_id = $1 and channel = 'sms'`, [owner.accountId]),
        403,
        'NO_VALID_PLAN',
      ],
    ];
    for (const [label, breakIt, status, code] of cases) {
      const { id } = await smsDraft(t, owner);
      await breakIt(id);
      const res = await req('POST', `/api/campaigns/${id}/deploy`);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
      expect(json(res).code, label).toBe(code);
      expect(await batchesOf(id), label).toHaveLength(0);
      expect(await statusOf(id)).toBe('DRAFT');
      await t.sql(`update sms_senders set status = 'ACTIVE' where account_id = $1`, [owner.accountId]);
      await t.sql(
        `insert into credits (account_id, channel, balance) values ($1, 'sms', 1000) on conflict (account_id, channel) do update set balance = 1000`,
        [owner.accountId],
      );
      await t.sql(`update users set created_at = now() where account_id = $1`, [owner.accountId]);
    }
  });
});

describe('the state machine', () => {
  it('allows exactly the transitions of CAMPAIGN_TRANSITIONS', () => {
    for (const from of CAMPAIGN_STATES) {
      for (const to of CAMPAIGN_STATES) {
        const allowed = CAMPAIGN_TRANSITIONS[from].includes(to);
        if (allowed) expect(() => assertTransition({ status: from }, to), `${from}→${to}`).not.toThrow();
        else expect(() => assertTransition({ status: from }, to), `${from}→${to}`).toThrow('CAMPAIGN_STATE_INVALID');
      }
    }
  });

  const act = (id: number, action: string) => req('POST', `/api/campaigns/${id}/${action}`);
  const expectRefused = async (id: number, actions: string[]) => {
    for (const a of actions) expect((await act(id, a)).statusCode, a).toBe(409);
  };

  it('DRAFT → RUNNING → PAUSED → RUNNING → COMPLETED through the endpoints and the check, with refusals on the way', async () => {
    const { id } = await smsDraft(t, owner);
    await expectRefused(id, ['pause', 'resume']);
    const dep = await act(id, 'deploy');
    expect(dep.statusCode, dep.body).toBe(201);
    expect(json(dep).data).toMatchObject({ status: 'RUNNING', targeted: 3 });
    const [batch] = await batchesOf(id);
    expect(batch.batch_id).toMatch(/^B-\d{8}-\d{6}$/);
    expect(batch).toMatchObject({ message_count: 3, request_type: 'campaign', request_source: 'portal', request_priority: 5 });
    await expectRefused(id, ['deploy', 'resume']);
    expect((await req('PUT', `/api/campaigns/${id}`, { name: 'late' })).statusCode).toBe(409);
    expect((await req('DELETE', `/api/campaigns/${id}`)).statusCode).toBe(409);
    expect(await startBatch(t.ctx, batch.id)).toBe(true);
    await expandChunk(t.ctx, { batch: batch.id, after: 0, upto: null });
    expect((await t.sql('select processing_status from batches where id = $1', [batch.id]))[0].processing_status).toBe('IN_PROGRESS');
    const msgs = await t.sql('select * from messages where campaign_id = $1 order by id', [id]);
    expect(msgs).toHaveLength(3);
    expect(msgs[0]).toMatchObject({ status: 'PENDING', bulk_id: batch.batch_id, batch_id: batch.id, body: 'Hello Cust1', credits: 1 });
    // the same chunk's job again (its process died after the commit) while another chunk is still pending: nothing added
    await t.sql(`update batches set processing_status = 'PROCESSING', expand_pending = 1 where id = $1`, [batch.id]);
    await expandChunk(t.ctx, { batch: batch.id, after: 0, upto: null });
    expect(await t.sql('select count(*)::int as n from messages where campaign_id = $1', [id])).toEqual([{ n: 3 }]);
    expect((await t.sql('select message_count, expand_pending from batches where id = $1', [batch.id]))[0]).toEqual({
      message_count: 3,
      expand_pending: 1,
    });
    await t.sql(`update batches set processing_status = 'IN_PROGRESS', expand_pending = 0 where id = $1`, [batch.id]);
    const paused = await act(id, 'pause');
    expect(json(paused).data).toMatchObject({ status: 'PAUSED', held: 3 });
    await expectRefused(id, ['pause', 'deploy']);
    expect(json(await act(id, 'resume')).data).toMatchObject({ status: 'RUNNING', released: 3 });
    await t.sql(`update messages set status = 'DELIVERED', stage = 'done', sent_at = now(), delivered_at = now() where campaign_id = $1`, [
      id,
    ]);
    await campaignsTick(t.ctx);
    expect(await statusOf(id)).toBe('COMPLETED');
    await expectRefused(id, ['pause', 'resume', 'cancel', 'deploy']);
    const [n] = await t.sql(`select * from notifications where user_id = $1 and type = 'campaign_status' order by id desc limit 1`, [
      owner.userId,
    ]);
    expect(n.title_key).toBe('notifications.campaignCompleted.title');
    const progress = json(await req('GET', `/api/campaigns/${id}/progress`)).data;
    expect(progress).toMatchObject({ status: 'COMPLETED', done: 3, percent: 100, by_status: { DELIVERED: 3 } });
    expect((await req('DELETE', `/api/campaigns/${id}`)).statusCode).toBe(200);
  });

  it('personalises with custom attributes when the content uses them (they are read only then)', async () => {
    const { id } = await smsDraft(t, owner, { content: { sms: { text: 'Hi {{first_name}}, tier {{attributes.tier|basic}}' } } });
    const [customer] = await t.sql(
      `select c.id from customers c join group_members g on g.customer_id = c.id
        where g.group_id = (select (audience->'group_ids'->>0)::int from campaigns where id = $1) order by c.id limit 1`,
      [id],
    );
    await t.sql(`update customers set attributes = '{"tier": "gold"}' where id = $1`, [customer.id]);
    expect((await act(id, 'deploy')).statusCode).toBe(201);
    const [batch] = await batchesOf(id);
    await startBatch(t.ctx, batch.id);
    await expandChunk(t.ctx, { batch: batch.id, after: 0, upto: null });
    const bodies = (await t.sql('select customer_id, body from messages where campaign_id = $1 order by customer_id', [id])).map(
      (m) => m.body,
    );
    expect(bodies).toEqual(['Hi Cust1, tier gold', 'Hi Cust2, tier basic', 'Hi Cust3, tier basic']);
  });

  it('a FAILED message completes the campaign WITH_ERRORS; cancel refunds what was not sent', async () => {
    const a = await smsDraft(t, owner);
    await act(a.id, 'deploy');
    const [b] = await batchesOf(a.id);
    await startBatch(t.ctx, b.id);
    await expandChunk(t.ctx, { batch: b.id, after: 0, upto: null });
    await t.sql(
      `update messages set status = case when id = (select min(id) from messages where campaign_id = $1) then 'FAILED' else 'SENT' end, stage = 'done' where campaign_id = $1`,
      [a.id],
    );
    await campaignsTick(t.ctx);
    expect(await statusOf(a.id)).toBe('COMPLETED_WITH_ERRORS');

    const c = await smsDraft(t, owner);
    await act(c.id, 'deploy');
    const [cb] = await batchesOf(c.id);
    await startBatch(t.ctx, cb.id);
    await expandChunk(t.ctx, { batch: cb.id, after: 0, upto: null });
    const before = Number(
      (await t.sql(`select balance from credits where account_id = $1 and channel = 'sms'`, [owner.accountId]))[0].balance,
    );
    expect(json(await act(c.id, 'cancel')).data).toMatchObject({ status: 'CANCELED', cancelled: 3 });
    const after = Number(
      (await t.sql(`select balance from credits where account_id = $1 and channel = 'sms'`, [owner.accountId]))[0].balance,
    );
    expect(after - before).toBe(3);
    expect((await t.sql('select distinct status from messages where campaign_id = $1', [c.id])).map((r) => r.status)).toEqual([
      'CANCELLED',
    ]);
    await expectRefused(c.id, ['pause', 'resume', 'cancel', 'deploy']);
  });

  it('credits spent elsewhere after deploy: the chunk messages are created FAILED with a readable reason, nothing is taken', async () => {
    const { id } = await smsDraft(t, owner);
    await act(id, 'deploy');
    const [b] = await batchesOf(id);
    await startBatch(t.ctx, b.id);
    await t.sql(`update credits set balance = 1 where account_id = $1 and channel = 'sms'`, [owner.accountId]);
    await expandChunk(t.ctx, { batch: b.id, after: 0, upto: null });
    const rows = await t.sql('select status, stage, credits, error_code, error_message from messages where campaign_id = $1', [id]);
    expect(rows).toHaveLength(3);
    expect(
      rows.every((r) => r.status === 'FAILED' && r.stage === 'done' && r.credits === 0 && r.error_code === 'INSUFFICIENT_CREDITS'),
    ).toBe(true);
    expect(rows[0].error_message).toBe('Remaining SMS are fewer than the message length');
    expect(
      Number((await t.sql(`select balance from credits where account_id = $1 and channel = 'sms'`, [owner.accountId]))[0].balance),
    ).toBe(1);
    await campaignsTick(t.ctx);
    expect(await statusOf(id)).toBe('COMPLETED_WITH_ERRORS');
    await t.sql(`update credits set balance = 1000 where account_id = $1 and channel = 'sms'`, [owner.accountId]);
  });

  it('DRAFT → CANCELED; SCHEDULED → (send now) RUNNING; SCHEDULED → CANCELED via its batch', async () => {
    const d = await smsDraft(t, owner);
    expect(json(await act(d.id, 'cancel')).data.status).toBe('CANCELED');
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const s = await smsDraft(t, owner, { schedule_at: at });
    expect(json(await act(s.id, 'deploy')).data.status).toBe('SCHEDULED');
    await expectRefused(s.id, ['pause', 'resume']);
    const [b] = await batchesOf(s.id);
    expect(await startBatch(t.ctx, b.id)).toBe(false); // not due yet
    const list = json(await req('GET', '/api/batches?view=scheduled')).data;
    const row = list.items.find((x: { id: number }) => x.id === b.id);
    expect(row).toMatchObject({
      campaign_name: expect.any(String),
      scheduled_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      scheduled_time: expect.stringMatching(/^\d{2}:\d{2}$/),
    });
    expect(
      (await req('POST', `/api/batches/${b.id}/reschedule`, { schedule_at: new Date(Date.now() + 120_000).toISOString() })).statusCode,
    ).toBe(400);
    expect(
      (await req('POST', `/api/batches/${b.id}/reschedule`, { schedule_at: new Date(Date.now() + 7_200_000).toISOString() })).statusCode,
    ).toBe(200);
    expect((await req('POST', `/api/batches/${b.id}/send-now`, {})).statusCode).toBe(200);
    expect(await startBatch(t.ctx, b.id)).toBe(true);
    expect(await statusOf(s.id)).toBe('RUNNING');

    const s2 = await smsDraft(t, owner, { schedule_at: at });
    await act(s2.id, 'deploy');
    const [b2] = await batchesOf(s2.id);
    expect((await req('POST', `/api/batches/${b2.id}/cancel`, {}, cast.stranger.token)).statusCode).toBe(404);
    // a bare POST (no body at all), as curl or a script sends it, is accepted like `{}`
    expect((await req('POST', `/api/batches/${b2.id}/cancel`)).statusCode).toBe(200);
    expect(await statusOf(s2.id)).toBe('CANCELED');
    const canceled = json(await req('GET', '/api/batches?view=canceled')).data.items.find((x: { id: number }) => x.id === b2.id);
    expect(canceled.batch_canceled_by_username).toBeTruthy();
    expect((await req('POST', `/api/batches/${b2.id}/send-now`, {})).statusCode).toBe(409);
  });
});

describe('Campaign History: results, duplicate', () => {
  it("lists each campaign's results from the report's rollups in one page; a draft has none", async () => {
    const { id } = await smsDraft(t, owner);
    const draft = await smsDraft(t, owner);
    expect((await req('POST', `/api/campaigns/${id}/deploy`)).statusCode).toBe(201);
    const [batch] = await batchesOf(id);
    await startBatch(t.ctx, batch.id);
    await expandChunk(t.ctx, { batch: batch.id, after: 0, upto: null });
    // two delivered (one of them clicked), one failed
    await t.sql(
      `update messages set stage = 'done',
              status = case when id = (select min(id) from messages where campaign_id = $1) then 'FAILED' else 'DELIVERED' end,
              sent_at = case when id = (select min(id) from messages where campaign_id = $1) then null else now() end,
              delivered_at = case when id = (select min(id) from messages where campaign_id = $1) then null else now() end,
              clicked_at = case when id = (select max(id) from messages where campaign_id = $1) then now() end
        where campaign_id = $1`,
      [id],
    );
    const list = json(await req('GET', '/api/campaigns?limit=100')).data;
    const row = list.items.find((c: { id: number }) => c.id === id);
    const report = json(await req('GET', `/api/campaigns/${id}/report`)).data;
    const all = report.funnel.find((f: { channel: string }) => f.channel === 'all');
    expect(row.results).toEqual({
      messages: all.messages,
      sent: all.sent,
      delivered: all.delivered,
      opened: all.opened,
      clicked: all.clicked,
      failed: all.failed,
      cost: report.cost,
      delivery_rate: 1,
      open_rate: 0,
      click_rate: 0.5,
    });
    expect(row.results).toMatchObject({ messages: 3, sent: 2, delivered: 2, clicked: 1, failed: 1 });
    expect(list.items.find((c: { id: number }) => c.id === draft.id).results).toBeNull();
  });

  it("duplicates a campaign into a new draft with its content, audience and senders, named in the reader's language", async () => {
    const { id, brandId, groupId } = await smsDraft(t, owner);
    await t.sql(`update campaigns set status = 'COMPLETED', launched_at = now(), completed_at = now() where id = $1`, [id]);
    const [src] = await t.sql('select * from campaigns where id = $1', [id]);
    const res = await req('POST', `/api/campaigns/${id}/duplicate`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = json(res).data;
    expect(copy).toMatchObject({
      status: 'DRAFT',
      name: `${src.name} (copy)`,
      brand_id: brandId,
      channels: ['sms'],
      audience: { group_ids: [groupId] },
      content: src.content,
      senders: src.senders,
      schedule_at: null,
      launched_at: null,
      targeted: 0,
      created_by: owner.userId,
    });
    expect(copy.id).not.toBe(id);
    const again = json(await req('POST', `/api/campaigns/${id}/duplicate`)).data;
    expect(again.name).toBe(`${src.name} (copy) 2`);
    const arabic = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${id}/duplicate`,
      headers: { ...bearer(owner.token), 'accept-language': 'ar' },
    });
    expect(json(arabic).data.name).toBe(`${src.name} (نسخة)`);
    // an unnamed draft is named in the interface's language, not the stored one
    const untitled = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: { ...bearer(owner.token), 'accept-language': 'ar' },
      payload: {},
    });
    expect(json(untitled).data.name).toMatch(/^حملة بلا عنوان/);
    // another account's campaign is not found; a viewer cannot create
    expect((await req('POST', `/api/campaigns/${id}/duplicate`, undefined, cast.stranger.token)).statusCode).toBe(404);
    expect((await req('POST', `/api/campaigns/${id}/duplicate`, undefined, cast.viewer.token)).statusCode).toBe(403);
  });
});

describe('approval', () => {
  it('WAITING_FOR_APPROVAL until a second user approves; a viewer cannot; another account sees 404', async () => {
    await t.sql('update accounts set needs_approval = true where id = $1', [owner.accountId]);
    const reviewer = await addUserToAccount(t, owner.accountId, 'reviewer');
    const rtoken = (await signIn(t, reviewer.email)).token;
    const { id } = await smsDraft(t, owner);
    expect(json(await req('POST', '/api/campaigns/deploy', { campaign_id: id })).data.status).toBe('WAITING_FOR_APPROVAL');
    const [b] = await batchesOf(id);
    expect(b.approval_status).toBe('PORTAL_WAITING_FOR_APPROVAL');
    expect(await startBatch(t.ctx, b.id)).toBe(false);
    const waiting = json(await req('GET', '/api/batches?view=approval', undefined, rtoken)).data;
    expect(waiting.items.map((x: { id: number }) => x.id)).toContain(b.id);
    expect((await req('POST', `/api/batches/${b.id}/approve`, {}, cast.viewer.token)).statusCode).toBe(403);
    expect((await req('POST', `/api/batches/${b.id}/approve`, {}, cast.stranger.token)).statusCode).toBe(404);
    const ok = await req('POST', `/api/batches/${b.id}/approve`, {}, rtoken);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await statusOf(id)).toBe('RUNNING');
    const [after] = await batchesOf(id);
    expect(after).toMatchObject({ approval_status: 'PORTAL_APPROVED', approved_by: reviewer.userId });
    expect(await startBatch(t.ctx, b.id)).toBe(true);
    expect((await req('POST', `/api/batches/${b.id}/approve`, {}, rtoken)).statusCode).toBe(409);
  });

  it('a rejection needs a reason and sends the campaign back to DRAFT', async () => {
    const reviewer = await addUserToAccount(t, owner.accountId, 'reviewer');
    const rtoken = (await signIn(t, reviewer.email)).token;
    const { id } = await smsDraft(t, owner);
    await req('POST', `/api/campaigns/${id}/deploy`);
    const [b] = await batchesOf(id);
    expect((await req('POST', `/api/batches/${b.id}/reject`, {}, rtoken)).statusCode).toBe(400);
    expect((await req('POST', `/api/batches/${b.id}/reject`, { reason: 'Wrong offer' }, rtoken)).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('DRAFT');
    const [after] = await batchesOf(id);
    expect(after).toMatchObject({ approval_status: 'PORTAL_REJECTED', rejection_reason: 'Wrong offer' });
    expect(after.rejected_date).toBeTruthy();
    const [n] = await t.sql(
      `select params from notifications where user_id = $1 and title_key like '%campaignRejected%' order by id desc limit 1`,
      [owner.userId],
    );
    expect(n.params).toMatchObject({ reason: 'Wrong offer' });
  });

  it('SMS with a link wait for the gateway reviewer (APPROVED / REJECTED)', async () => {
    await t.sql('update accounts set needs_approval = false where id = $1', [owner.accountId]);
    const reviewer = await addUserToAccount(t, owner.accountId, 'reviewer');
    const rtoken = (await signIn(t, reviewer.email)).token;
    const { id } = await smsDraft(t, owner, { content: { sms: { text: 'Sale at https://shop.example/x' } } });
    expect(json(await req('POST', `/api/campaigns/${id}/deploy`)).data.status).toBe('WAITING_FOR_APPROVAL');
    const [b] = await batchesOf(id);
    expect(b).toMatchObject({ requires_gateway_review: true, gateway_status: null, approval_status: null });
    const list = json(await req('GET', '/api/batches?view=gateway', undefined, rtoken)).data;
    expect(list.items.map((x: { id: number }) => x.id)).toContain(b.id);
    expect((await req('POST', `/api/batches/${b.id}/gateway-approve`, {}, rtoken)).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('RUNNING');
    const [after] = await batchesOf(id);
    expect(after).toMatchObject({ gateway_status: 'APPROVED', gateway_reviewer: reviewer.userId });

    const r = await smsDraft(t, owner, { content: { sms: { text: 'See www.shop.example' } } });
    await req('POST', `/api/campaigns/${r.id}/deploy`);
    const [rb] = await batchesOf(r.id);
    expect((await req('POST', `/api/batches/${rb.id}/gateway-reject`, { reason: 'Phishing risk' }, rtoken)).statusCode).toBe(200);
    expect(await statusOf(r.id)).toBe('DRAFT');
    expect((await batchesOf(r.id))[0]).toMatchObject({ gateway_status: 'REJECTED', rejection_reason: 'Phishing risk' });
  });
});

describe('the recipients CSV', () => {
  it('writes a provider text a spreadsheet would run with a leading quote; a phone number stays as it is', async () => {
    const { id } = await smsDraft(t, owner);
    for (const reason of FORMULA_CELLS) {
      await t.sql(
        `insert into messages (account_id, campaign_id, bulk_id, channel, status, stage, recipient, body, error_message)
         values ($1, $2, 'csv', 'sms', 'FAILED', 'done', '+966501234567', 'Hi', $3)`,
        [owner.accountId, id, reason],
      );
    }
    const res = await req('GET', `/api/campaigns/${id}/recipients.csv`);
    expect(res.statusCode).toBe(200);
    const rows = parse(res.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.Error).sort()).toEqual(FORMULA_CELLS.map((v) => `'${v}`).sort());
    expect(new Set(rows.map((r) => r.Recipient))).toEqual(new Set(['+966501234567']));
  });
});
