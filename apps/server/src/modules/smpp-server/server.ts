/**
 * The SMPP server for clients: a listener (the `smpp` package's server) whose binds authenticate
 * with API keys of type SMPP, whose submits go through the product's one SMS send (sender check,
 * credits, the router queue; the router, filters and connections after it) as the key's account,
 * and whose receiver binds get the delivery receipts of what their key submitted. Waiting
 * receipts are told by a PostgreSQL notice (whichever process changed the message's state) and
 * kept in the database while no receiver of the key is bound.
 */
import { trialDaysRemaining, trialState } from '@risala/shared';
import pg from 'pg';
import smpp, { type Server, type Session } from 'smpp';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { type ApiKeyPrincipal, KeyRateLimiter, keyCaller } from '../api-keys/index.ts';
import { sendSmsItems } from '../messaging/index.ts';
import { ReceiptPump } from './pump.ts';
import { textStart } from './receipts.ts';
import { ClientSession, type SessionHost } from './session.ts';
import { keepSubmits, RECEIPTS_CHANNEL, sweep } from './smpp-server.repo.ts';
import { type Submission, SubmitBatcher, type Submitted } from './submit.ts';

export interface SmppServerOptions {
  host: string;
  port: number;
  /** binds one key may hold at once (in this process) */
  maxBindsPerKey: number;
  /** unanswered submit_sm per bind */
  window: number;
  /** a bind silent this long is closed (enquire_link at half of it) */
  idleSeconds: number;
  /** connections at once, bound or not */
  maxConnections?: number;
}

export interface SmppServer {
  port: number;
  /** binds in this process, by key id */
  bindCount(keyId: number): number;
  close(): Promise<void>;
}

const SWEEP_MS = 60 * 60_000;
const RETRY_MS = 5_000;

export async function startSmppServer(ctx: AppContext, options: SmppServerOptions): Promise<SmppServer> {
  const binds = new Map<number, Set<ClientSession>>();
  const pumps = new Map<number, ReceiptPump>();
  const batchers = new WeakMap<ClientSession, SubmitBatcher>();
  const limiter = new KeyRateLimiter();

  const receivers = (keyId: number) => [...(binds.get(keyId) ?? [])].filter((s) => s.receives);
  const pumpOf = (key: ApiKeyPrincipal) => {
    let p = pumps.get(key.keyId);
    if (!p) {
      p = new ReceiptPump(ctx, key.accountId, key.keyId, () => receivers(key.keyId));
      pumps.set(key.keyId, p);
    }
    return p;
  };

  const send = (key: ApiKeyPrincipal, items: Submission[]) => {
    const state = trialState(key.plan, trialDaysRemaining(key.accountCreatedAt));
    if (state === 'expired' || state === 'blocked') throw new AppError('SUBSCRIPTION_REQUIRED');
    return sendSmsItems(ctx, keyCaller(key), items, (tx, sent) =>
      keepSubmits(
        tx,
        key.accountId,
        sent.flatMap(({ index, id }) => {
          const item = items[index] as Submission;
          if (!item.registeredDelivery) return [];
          const source = item.sender;
          return [
            {
              message_id: id,
              key_id: key.keyId,
              receipt: item.registeredDelivery,
              source_addr: source,
              dest_addr: item.to.replace(/^\+/, ''),
              text_start: textStart(item.text),
            },
          ];
        }),
      ),
    );
  };

  const host: SessionHost = {
    ctx,
    window: options.window,
    idleMs: options.idleSeconds * 1000,
    register(s) {
      const key = s.key as ApiKeyPrincipal;
      const set = binds.get(key.keyId) ?? new Set();
      if (set.size >= options.maxBindsPerKey) return false;
      set.add(s);
      binds.set(key.keyId, set);
      if (s.receives) pumpOf(key).kick();
      return true;
    },
    unregister(s) {
      const key = s.key as ApiKeyPrincipal;
      const set = binds.get(key.keyId);
      set?.delete(s);
      if (set && set.size === 0) {
        binds.delete(key.keyId);
        const pump = pumps.get(key.keyId);
        pumps.delete(key.keyId);
        void pump?.close();
      }
    },
    throttled: (key) => limiter.take(key.keyId, key.ratePerSecond) > 0,
    submit(s, item): Promise<Submitted> {
      let b = batchers.get(s);
      if (!b) {
        const key = s.key as ApiKeyPrincipal;
        b = new SubmitBatcher(
          (items) => send(key, items),
          (err) => ctx.log.error({ err, keyId: key.keyId }, 'SMPP submit failed'),
        );
        batchers.set(s, b);
      }
      return b.submit(item);
    },
  };

  // the notices of waiting receipts (key ids), from any process
  let listener: pg.Client | null = null;
  let closing = false;
  const listen = async () => {
    const connectionString = (ctx.db.$client as pg.Pool & { options: { connectionString?: string } }).options.connectionString;
    const client = new pg.Client({ connectionString });
    client.on('notification', (n) => {
      for (const id of (n.payload ?? '').split(',')) pumps.get(Number(id))?.kick();
    });
    client.on('error', (err) => {
      ctx.log.warn({ err }, 'SMPP server: receipts LISTEN connection lost');
      listener = null;
      client.end().catch(() => {});
    });
    await client.connect();
    await client.query(`listen ${RECEIPTS_CHANNEL}`);
    listener = client;
  };
  await listen();
  // leases that ended (unanswered receipts), a lost LISTEN connection: every few seconds
  const retry = setInterval(() => {
    if (!listener && !closing) listen().catch((err) => ctx.log.warn({ err }, 'SMPP server: LISTEN failed'));
    for (const p of pumps.values()) p.kick();
  }, RETRY_MS);
  retry.unref();
  const sweeper = setInterval(() => void sweep(ctx.db).catch((err) => ctx.log.warn({ err }, 'SMPP server: sweep failed')), SWEEP_MS);
  sweeper.unref();

  const server: Server = smpp.createServer({}, (session: Session) => {
    new ClientSession(host, session);
  });
  server.maxConnections = options.maxConnections ?? 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    bindCount: (keyId) => binds.get(keyId)?.size ?? 0,
    async close() {
      closing = true;
      clearInterval(retry);
      clearInterval(sweeper);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of [...server.sessions]) s.destroy();
      await closed;
      await Promise.all([...pumps.values()].map((p) => p.close()));
      await listener?.end().catch(() => {});
    },
  };
}
