import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { recoverInflight } from './states/index.ts';

/** What a dead sender left in a connection's queue: only what it had submitted may be at the SMSC. */
let t: TestApp;
let accountId: number;
beforeAll(async () => {
  t = await createTestApp();
  const u = await signUp(t);
  accountId = (await signIn(t, u.email)).user.account_id;
});
afterAll(async () => {
  await t.close();
});

describe('recovery of a connection a crashed process held', () => {
  it('puts every claimed row back and flags only the submitted ones', async () => {
    const [conn] = await t.sql('select id from connections where account_id = $1 limit 1', [accountId]);
    const states = [
      { recipient: '+966500000001', inflight: true, submitted: true }, // left for the SMSC, no outcome
      { recipient: '+966500000002', inflight: true, submitted: false }, // claimed, held in the buffer
      { recipient: '+966500000003', inflight: false, submitted: false }, // waiting
    ];
    for (const s of states) {
      const [m] = await t.sql(
        `insert into messages (account_id, channel, status, stage, bulk_id, recipient, body, connection_id)
         values ($1, 'sms', 'QUEUED', 'connection', 'recover-test', $2, 'hi', $3) returning id, created_at::text`,
        [accountId, s.recipient, conn.id],
      );
      await t.sql(
        'insert into sms_queue (connection_id, message_id, message_created_at, inflight, submitted) values ($1, $2, $3, $4, $5)',
        [conn.id, m.id, m.created_at, s.inflight, s.submitted],
      );
    }
    const flagged = await t.ctx.db.transaction((tx) => recoverInflight(tx, conn.id));
    expect(flagged).toBe(1);
    const rows = await t.sql(
      `select m.recipient, m.possible_duplicate, q.inflight, q.submitted
         from messages m join sms_queue q on q.message_id = m.id where m.bulk_id = 'recover-test' order by m.recipient`,
    );
    expect(rows).toEqual([
      { recipient: '+966500000001', possible_duplicate: true, inflight: false, submitted: false },
      { recipient: '+966500000002', possible_duplicate: false, inflight: false, submitted: false },
      { recipient: '+966500000003', possible_duplicate: false, inflight: false, submitted: false },
    ]);
    const events = await t.sql(
      `select m.recipient from message_events e join messages m on m.id = e.message_id
        where m.bulk_id = 'recover-test' and e.event = 'DUPLICATE_RISK'`,
    );
    expect(events).toEqual([{ recipient: '+966500000001' }]);
  });
});
