/**
 * The owner's guards on a real database. A write that comes late (a refusal, a
 * send outcome, a queue move for a message a user cancelled meanwhile) leaves the final state as it
 * is, refunds nothing twice and adds no event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, signIn, signUp, type TestApp } from '../../../test/helper.ts';
import { cancelScheduledSend, markChannelSent, markQueued, refuse } from './index.ts';

let t: TestApp;
let owner: { accountId: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  const u = await signUp(t);
  const s = await signIn(t, u.email);
  owner = { accountId: s.user.account_id, token: s.token };
});
afterAll(async () => {
  await t.close();
});

const balance = async () =>
  Number((await t.sql(`select balance from credits where account_id = $1 and channel = 'sms'`, [owner.accountId]))[0]?.balance);

describe('late writes meet a final state', () => {
  it('a cancelled message stays cancelled, refunded once, whatever the pipeline writes after', async () => {
    const at = new Date(Date.now() + 3600_000).toISOString();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages/sms',
      headers: bearer(owner.token),
      payload: { recipients: { numbers: ['+966500000101', '+966500000102'] }, text: 'Later', schedule_at: at },
    });
    expect(res.statusCode, res.body).toBe(201);
    const bulk = json(res).data.bulk_id as string;
    const before = await balance();
    const cancelled = await t.ctx.db.transaction((tx) => cancelScheduledSend(tx, owner.accountId, bulk));
    expect(cancelled).toBe(2);
    expect(await balance()).toBe(before + 2);
    const rows = await t.sql<{ id: string; account_id: number; channel: string; bulk_id: string }>(
      'select id, account_id, channel, bulk_id from messages where bulk_id = $1',
      [bulk],
    );
    const ids = rows.map((r) => Number(r.id));
    const events = async () =>
      (await t.sql('select count(*)::int as n from message_events where message_id = any($1::bigint[])', [ids]))[0]?.n;
    const eventsBefore = await events();

    await t.ctx.db.transaction(async (tx) => {
      await refuse(
        tx,
        rows.map((r) => ({
          row: { id: Number(r.id), account_id: r.account_id, channel: r.channel, bulk_id: r.bulk_id, credits: 1 },
          status: 'FAILED',
          error_code: 'X',
          error_message: 'late',
        })),
      );
      await markQueued(tx, ids);
      await markChannelSent(
        tx,
        ids.map((id) => ({ id, account_id: owner.accountId, provider_message_id: 'late' })),
      );
    });

    expect(await t.sql('select distinct status, stage from messages where bulk_id = $1', [bulk])).toEqual([
      { status: 'CANCELLED', stage: 'done' },
    ]);
    expect(await balance()).toBe(before + 2); // the refusal refunded nothing: the cancel had
    expect(await events()).toBe(eventsBefore); // and nothing happened to tell
  });
});
