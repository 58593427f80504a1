/**
 * Delivery receipts, applied in batches: each receipt's id is looked up by every reading of it
 * (hex/decimal, messageIdKeys) among the part keys of every connection with the same SMSC login as
 * the one it arrived on (an SMSC hands a receipt to any session bound with that login — after a
 * crash, to another account's sandbox session, say), the best reading wins. Per message the parts
 * delivered/failed add up to DELIVERED, PARTIALLY_DELIVERED or FAILED (with the receipt's stat and
 * err as a readable reason); ACCEPTD moves SENT to ACCEPTED. A final receipt consumes its key, so a
 * duplicate finds nothing; final states never move. A key of part 0 stands for the whole message
 * (HTTP gateways): its receipt counts for every part sent.
 *
 * A receipt that matches nothing is retried in memory for a moment (its key may still be in the
 * result buffer), unanswered; then it is parked in `sms_pending_receipts` and answered, and applied
 * by the sweep once its key appears (its submit_sm_resp recorded late, or by a process that died
 * before writing it). Nothing is dropped.
 */
import type pg from 'pg';
import { messageIdKeys, type Receipt } from '../../../channels/sms/dlr.ts';
import type { AppContext } from '../../../context.ts';
import { Batcher } from './batcher.ts';
import { createPipelinePool } from './pipeline-pool.ts';
import { reason } from './reason.ts';
import { applyReceipts, type ConsumedKey, dropParkedReceipts, type ReceiptChange } from '../states/index.ts';

/** in memory (unanswered) before a receipt is parked in the database */
const UNMATCHED_RETRY_MS = 3000;
const RETRY_EVERY_MS = 1000;
/** how often parked receipts are checked for keys that have appeared */
const SWEEP_EVERY_MS = 1000;
/** parked receipts older than this are checked once a minute rather than every second */
const SWEEP_RECENT_MS = 3600_000;

interface Pending {
  connectionId: number;
  receipt: Receipt;
  firstSeen: number;
  /** answers the SMSC's deliver_sm: called once the batch holding the receipt is committed */
  answer?: (() => void) | undefined;
  /** set when it comes from sms_pending_receipts: the row goes once it is applied */
  parkedId?: number;
}

interface KeyHit {
  idx: number;
  key: string;
  connection_id: number;
  message_id: string;
  message_created_at: string;
  part: number;
  account_id: number;
  /** how many parts the receipt speaks for: 1, or all parts sent for a whole-message key */
  weight: number;
}

function answer(p: Pending) {
  p.answer?.();
  p.answer = undefined;
}

export class ReceiptApplier {
  readonly batcher: Batcher<Pending>;
  private unmatched: Pending[] = [];
  private retryTimer: NodeJS.Timeout;
  private sweepTimer: NodeJS.Timeout;
  private sweeps = 0;
  private sweeping = false;
  /** parked rows pushed by the sweep and not yet applied (not pushed twice meanwhile) */
  private readonly inFlight = new Set<number>();
  /** two statements per batch, by key; committed synchronously (the SMSC hears back after commit) */
  private readonly pool: pg.Pool;

  constructor(private readonly ctx: AppContext) {
    this.pool = createPipelinePool(ctx, 2, { synchronousCommit: true });
    this.batcher = new Batcher(
      (items) => this.apply(items),
      (err, items) => {
        ctx.log.error({ err, count: items.length }, 'receipt batch failed; retrying');
        this.unmatched.push(...items);
      },
      // the session has already answered deliver_sm: write soon, gathering what arrives meanwhile
      2,
      1000,
    );
    this.retryTimer = setInterval(() => this.retry(), RETRY_EVERY_MS);
    this.retryTimer.unref();
    this.sweepTimer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.sweepTimer.unref();
  }

  push(connectionId: number, receipt: Receipt, answer?: () => void) {
    this.batcher.push({ connectionId, receipt, firstSeen: Date.now(), answer });
  }

  private retry() {
    const now = Date.now();
    const again = this.unmatched.filter((p) => now - p.firstSeen < UNMATCHED_RETRY_MS);
    const overdue = this.unmatched.filter((p) => now - p.firstSeen >= UNMATCHED_RETRY_MS);
    this.unmatched = [];
    for (const p of again) this.batcher.push(p);
    if (overdue.length) void this.park(overdue);
  }

  /**
   * Stores receipts that still match nothing, then answers the SMSC (they are safe now). If the
   * write fails they stay in memory, unanswered, and are tried again.
   */
  private async park(items: Pending[]) {
    try {
      await this.pool.query({
        name: 'receipt-park',
        text: `insert into sms_pending_receipts (connection_id, keys, receipt)
               select conn, array(select jsonb_array_elements_text(keys)), receipt
                 from jsonb_to_recordset($1::jsonb) as r(conn int, keys jsonb, receipt jsonb)`,
        values: [JSON.stringify(items.map((p) => ({ conn: p.connectionId, keys: messageIdKeys(p.receipt.id), receipt: p.receipt })))],
      });
      for (const p of items) answer(p);
    } catch (err) {
      this.ctx.log.error({ err, count: items.length }, 'could not park unmatched receipts; keeping them');
      for (const p of items) this.unmatched.push({ ...p, firstSeen: Date.now() - UNMATCHED_RETRY_MS + RETRY_EVERY_MS * 5 });
    }
  }

  /**
   * Parked receipts whose key has appeared (for a connection of the same SMSC login) go back to the
   * batcher; applying one deletes its row. Recent ones every second, all of them once a minute.
   */
  async sweep() {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const all = this.sweeps++ % 60 === 0;
      const { rows } = await this.pool.query<{ id: number; connection_id: number; receipt: Receipt; received_at: Date }>({
        name: all ? 'receipt-sweep-all' : 'receipt-sweep',
        text: `select p.id, p.connection_id, p.receipt, p.received_at from sms_pending_receipts p
                 join connections a on a.id = p.connection_id
                where ${all ? 'true' : `p.received_at > now() - interval '${SWEEP_RECENT_MS / 1000} seconds'`}
                  and exists (select 1 from sms_part_keys k join connections c on c.id = k.connection_id
                               where k.key = any(p.keys) and c.smsc_login = a.smsc_login)
                order by p.id limit 1000`,
      });
      for (const r of rows) {
        const id = Number(r.id);
        if (this.inFlight.has(id)) continue;
        this.inFlight.add(id);
        this.batcher.push({
          connectionId: r.connection_id,
          receipt: r.receipt,
          firstSeen: new Date(r.received_at).getTime(),
          parkedId: id,
        });
      }
    } catch (err) {
      this.ctx.log.warn({ err }, 'parked receipts sweep failed');
    } finally {
      this.sweeping = false;
    }
  }

  async apply(items: Pending[]): Promise<void> {
    try {
      const unmatched = await this.write(items);
      // committed: the SMSC may forget them now. An unmatched receipt stays unanswered while it waits
      // for its part key (the SENT write may not have landed yet), so a crash meanwhile loses nothing:
      // the SMSC offers it again after the rebind.
      for (const p of items) if (!unmatched.has(p)) answer(p);
    } finally {
      for (const p of items) if (p.parkedId !== undefined) this.inFlight.delete(p.parkedId);
    }
  }

  /**
   * Looks the receipts' keys up, then applies what matched in one statement: a final receipt's key
   * is deleted and its parts count only if the key was still there (a duplicate, or another
   * process's copy of the same receipt, finds it gone), the message's state follows, and the
   * timeline gets an event where delivered_at does not say it all. Answers the receipts that
   * matched nothing yet.
   */
  private async write(items: Pending[]): Promise<Set<Pending>> {
    const missed = new Set<Pending>();
    const lookups = items.flatMap((p, idx) => messageIdKeys(p.receipt.id).map((key, rank) => ({ conn: p.connectionId, key, idx, rank })));
    // a key of any connection that binds with the same SMSC login as the one the receipt came on
    const { rows } = await this.pool.query<KeyHit>({
      name: 'receipt-keys',
      text: `select distinct on (r.idx) r.idx, k.key, k.connection_id, k.message_id, k.message_created_at::text as message_created_at, k.part, k.account_id,
              case when k.part = 0 then coalesce((select greatest(m.parts_sent, 1) from messages m where m.id = k.message_id and m.created_at = k.message_created_at), 1)
                   else 1 end as weight
         from json_to_recordset($1::json) as r(conn int, key text, idx int, rank int)
         join connections a on a.id = r.conn
         join sms_part_keys k on k.key = r.key
         join connections c on c.id = k.connection_id and c.smsc_login = a.smsc_login
        order by r.idx, r.rank, k.connection_id = r.conn desc`,
      values: [JSON.stringify(lookups)],
    });
    const best = new Map<number, KeyHit>(rows.map((h) => [h.idx, h]));
    const changes = new Map<number, ReceiptChange>();
    const consumed = new Set<string>();
    // a final receipt's parts count only when its own key is deleted by the statement below
    const finalKeys: ConsumedKey[] = [];
    const parkedMatched: number[] = [];
    items.forEach((p, idx) => {
      const hit = best.get(idx);
      if (!hit) {
        // a parked receipt stays parked; a fresh one waits in memory for its key
        if (p.parkedId === undefined) this.unmatched.push(p);
        missed.add(p);
        return;
      }
      if (p.parkedId !== undefined) parkedMatched.push(p.parkedId);
      const partKey = `${hit.connection_id}\u0000${hit.key}`;
      if (consumed.has(partKey)) return; // a duplicate final receipt in the same batch
      const id = Number(hit.message_id);
      const c = changes.get(id) ?? { id, created_at: hit.message_created_at, acc: false, code: null, msg: null, detail: '' };
      const r = p.receipt;
      c.detail = `${r.stat}${r.err ? ` err:${r.err}` : ''}${hit.part > 0 ? ` (part ${hit.part})` : ''}`;
      if (!r.final) {
        if (r.state === 'ACCEPTED') c.acc = true;
      } else {
        consumed.add(partKey);
        const delivered = r.state === 'DELIVERED';
        finalKeys.push({
          conn: hit.connection_id,
          key: hit.key,
          id,
          d: delivered ? Number(hit.weight) : 0,
          f: delivered ? 0 : Number(hit.weight),
        });
        if (!delivered) {
          c.code = r.stat;
          c.msg = reason(`receipt.${r.stat in RECEIPT_TEXTS ? r.stat : 'UNKNOWN'}`, { err: r.err ?? '-' });
        }
      }
      changes.set(id, c);
    });
    if (changes.size === 0) await dropParkedReceipts(this.pool, parkedMatched);
    else await applyReceipts(this.pool, [...changes.values()], finalKeys, parkedMatched);
    return missed;
  }

  async close() {
    clearInterval(this.retryTimer);
    clearInterval(this.sweepTimer);
    await this.batcher.drain();
    await this.pool.end().catch(() => {});
  }
}

/** Receipt stats with their own readable text (sending.receipt.<STAT>). */
const RECEIPT_TEXTS = { UNDELIV: 1, REJECTD: 1, EXPIRED: 1, DELETED: 1, UNKNOWN: 1 };
