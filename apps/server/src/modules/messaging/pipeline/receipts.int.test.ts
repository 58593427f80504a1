/**
 * Receipts applied in batches against the real tables: parts add up to the message's state, a
 * duplicate counts once, and a part whose key another process consumed meanwhile is not counted
 * here again (the multi-process race of two receipt batches).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '../../../channels/sms/dlr.ts';
import { createTestApp, signIn, signUp, type TestApp } from '../../../test/helper.ts';
import { ReceiptApplier } from './receipts.ts';

let t: TestApp;
let applier: ReceiptApplier;
let accountId: number;
let connectionId: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t);
  accountId = (await signIn(t, a.email)).user.account_id;
  [{ id: connectionId }] = await t.sql<{ id: number }>('select id from connections where account_id = $1 and is_sandbox', [accountId]);
  applier = new ReceiptApplier(t.ctx);
});
afterAll(async () => {
  await applier.close();
  await t.close();
});

const receipt = (id: string, stat: 'DELIVRD' | 'UNDELIV'): Receipt => ({
  id,
  stat,
  state: stat === 'DELIVRD' ? 'DELIVERED' : 'FAILED',
  final: true,
  err: stat === 'DELIVRD' ? '000' : '001',
  sub: 1,
  dlvrd: 1,
  submitDate: null,
  doneDate: null,
  text: null,
});

/** A two-part SMS that was SENT, with the SMSC ids of its parts as keys. */
async function sentTwoParts(tag: string) {
  const [m] = await t.sql<{ id: string }>(
    `insert into messages (account_id, channel, status, stage, bulk_id, recipient, body, parts, parts_sent, connection_id, sent_at)
     values ($1, 'sms', 'SENT', 'done', $3, '+966500000001', 'Two parts', 2, 2, $2, now()) returning id`,
    [accountId, connectionId, `receipts-${tag}`],
  );
  // (created_at copied in SQL: a JavaScript Date would drop its microseconds)
  await t.sql(
    `insert into sms_part_keys (connection_id, key, message_id, message_created_at, part, account_id)
     select $1, $2 || part, id, created_at, part, account_id from messages, generate_series(1, 2) part where id = $3`,
    [connectionId, tag, m.id],
  );
  return m.id;
}
const row = (id: string) =>
  t
    .sql<{ status: string; parts_delivered: number; parts_failed: number; error_code: string | null }>(
      'select status, parts_delivered, parts_failed, error_code from messages where id = $1',
      [id],
    )
    .then((r) => r[0]);
const apply = (...receipts: Receipt[]) => applier.apply(receipts.map((r) => ({ connectionId, receipt: r, firstSeen: Date.now() })));

describe('ReceiptApplier', () => {
  it('adds the parts up to DELIVERED, and a duplicate receipt counts once', async () => {
    const id = await sentTwoParts('a1f');
    await apply(receipt('a1f1', 'DELIVRD'));
    expect(await row(id)).toMatchObject({ status: 'SENT', parts_delivered: 1 });
    await apply(receipt('a1f2', 'DELIVRD'), receipt('a1f1', 'DELIVRD'));
    expect(await row(id)).toMatchObject({ status: 'DELIVERED', parts_delivered: 2, parts_failed: 0 });
  });

  it('one failed part makes it PARTIALLY_DELIVERED with the receipt’s stat', async () => {
    const id = await sentTwoParts('b2e');
    await apply(receipt('b2e1', 'DELIVRD'), receipt('b2e2', 'UNDELIV'));
    expect(await row(id)).toMatchObject({ status: 'PARTIALLY_DELIVERED', parts_delivered: 1, parts_failed: 1, error_code: 'UNDELIV' });
  });

  it('does not count a part whose key another process consumed meanwhile', async () => {
    const id = await sentTwoParts('c3d');
    // another process applied part 2's receipt between this batch's lookup and its write: its key is
    // gone and it counted part 2 there
    const pool = (applier as unknown as { pool: { query: (q: { name?: string }) => Promise<unknown> } }).pool;
    const query = pool.query.bind(pool);
    pool.query = async (q: { name?: string }) => {
      if (q.name === 'receipt-apply') {
        await t.sql(`delete from sms_part_keys where connection_id = $1 and key = 'c3d2'`, [connectionId]);
        await t.sql('update messages set parts_delivered = parts_delivered + 1 where id = $1', [id]);
      }
      return query(q);
    };
    try {
      await apply(receipt('c3d1', 'DELIVRD'), receipt('c3d2', 'DELIVRD'));
    } finally {
      pool.query = query;
    }
    // part 1 counted here, part 2 there: two parts, not three
    expect(await row(id)).toMatchObject({ status: 'DELIVERED', parts_delivered: 2 });
  });
});
