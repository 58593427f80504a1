/**
 * Process entry: configuration → database (embedded or DATABASE_URL) → migrations → registration
 * among the processes of this database (instances/registry.ts) → sandbox peers → API and/or worker
 * (ROLE=all|api|worker; a worker answers /health, /ready and /metrics on PORT). Stops everything
 * cleanly on SIGINT/SIGTERM.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp, buildWorkerApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createAppContext } from './app-context.ts';
import type { AppContext } from './context.ts';
import { openDatabase, runMigrations } from './db/client.ts';
import { type InstanceRegistry, processState, registerInstance, StorageConflictError } from './instances/registry.ts';
import { superviseWorker } from './jobs/worker.ts';
import { createMailer } from './mail/mailer.ts';
import { type SmtpSink, startSmtpSink } from './sandbox/smtp-sink.ts';
import { startWhatsAppSandbox } from './sandbox/whatsapp-cloud.ts';
import { startSandboxSmsc } from './sandbox/smsc.ts';
import { type SmppServer, startSmppServer } from './modules/smpp-server/index.ts';
import { type SandboxPayments, startSandboxPayments } from './sandbox/payments.ts';
import { registerDatabaseMetrics } from './metrics-db.ts';
import { seedDemo } from './seed.ts';
import { syncBuiltinRoles } from './modules/accounts/index.ts';
import { createStorage } from './storage/storage.ts';

const t0 = Date.now();
// `.env` in the working directory (the repository root for `npm start`); variables already set in
// the environment win over the file. RISALA_ENV_FILE names another file.
const envFile = path.resolve(process.env.RISALA_ENV_FILE ?? '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
const config = loadConfig();
const log = pino({
  level: config.logLevel,
  ...(config.logPretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
});

async function startSink(db: AppContext['db']): Promise<SmtpSink | null> {
  if (!config.sandbox) return null;
  try {
    return await startSmtpSink({ db, port: config.sandboxSmtpPort, log });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    log.warn({ port: config.sandboxSmtpPort }, 'sandbox SMTP port busy; using a free one');
    return startSmtpSink({ db, port: 0, log });
  }
}

/** The SMPP server for clients; a busy default port outside production falls back to a free one. */
async function startClientSmpp(ctx: AppContext): Promise<SmppServer | null> {
  const options = config.smppServer;
  if (!options) return null;
  try {
    return await startSmppServer(ctx, options);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || config.production) throw err;
    log.warn({ port: options.port }, 'SMPP server port busy; using a free one');
    return startSmppServer(ctx, { ...options, port: 0 });
  }
}

let database: Awaited<ReturnType<typeof openDatabase>> | null = null;
let registry: InstanceRegistry | null = null;

async function main() {
  database = await openDatabase(config, log);
  await runMigrations(database.db, log);
  await syncBuiltinRoles(database.db);
  // refuses local file storage that another live process cannot see
  registry = await registerInstance(config, database.url, log, database.db.$client);
  registerDatabaseMetrics(database.db.$client);
  const sink = await startSink(database.db);
  // sandbox Cloud API on loopback (no WHATSAPP_API_BASE): sets config.whatsapp.apiBase; webhooks go to the listening app
  const waSim = await startWhatsAppSandbox(config, log, () => app?.server.address());
  const smsc = await startSandboxSmsc(config, log); // sandbox SMPP peer; sets config.smsc.port
  // sandbox payment peer (no STRIPE_SECRET_KEY): the Stripe SDK is pointed at it; its events go to /webhooks/stripe
  let payments: SandboxPayments | null = null;
  if (config.payments.provider === 'sandbox' && config.role !== 'worker') {
    payments = await startSandboxPayments({
      secretKey: config.payments.secretKey,
      webhookSecret: config.payments.webhookSecret,
      port: config.payments.sandboxPort,
      log,
      webhookUrl: () => {
        const a = app?.server.address();
        return a && typeof a === 'object' ? `http://127.0.0.1:${a.port}/webhooks/stripe` : null;
      },
    });
    config.payments.api = { host: '127.0.0.1', port: payments.port, protocol: 'http' };
  }
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    sandboxPort: sink?.port ?? 0,
    from: config.mailFrom,
    log,
  });
  const ctx = createAppContext({ config, db: database.db, mailer, log, storage: createStorage(config) });

  const app = config.role === 'worker' ? await buildWorkerApp(ctx) : await buildApp(ctx);
  const demo = config.role !== 'worker' && config.demo.seed ? await seedDemo(ctx) : null;
  await app.listen({ port: config.port, host: config.host });
  const owned = registry;
  const worker =
    config.role === 'api'
      ? null
      : superviseWorker(ctx, database.url, (running) => {
          owned.setWorkerRunning(running).catch((err) => log.warn({ err }, 'could not record the worker state'));
        });
  Object.assign(processState(ctx), { registry, workerRunning: worker ? () => worker.running() : null });
  await worker?.ready;
  // The SMS runtime (senders, receipts, inbound) starts with the API's routes (app.close() closes
  // it); a worker-only process starts it here. Only worker roles bind SMPP connections, each in one
  // process (connection-manager.ts); an API process asks them.
  if (config.role === 'worker') ctx.sms.start();
  ctx.sms.connections.run();
  // the SMPP server for clients beside the API (a worker process has no listener of its own)
  const smppServer = config.role === 'worker' ? null : await startClientSmpp(ctx);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    // While we stop the database ourselves, a pooled idle connection that hears "terminating
    // connection due to administrator command" (57P01) is expected, not a crash.
    process.on('uncaughtException', (err: NodeJS.ErrnoException) => {
      if (err.code === '57P01') return;
      log.fatal({ err }, 'uncaught exception while shutting down');
      process.exit(1);
    });
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    await smppServer?.close().catch((err) => log.error({ err }, 'SMPP server close failed'));
    await app.close().catch((err) => log.error({ err }, 'api close failed'));
    if (config.role === 'worker') await ctx.sms.close().catch((err) => log.error({ err }, 'SMS runtime stop failed'));
    await worker?.stop().catch((err) => log.error({ err }, 'worker stop failed'));
    await registry?.close().catch((err) => log.error({ err }, 'could not unregister this process'));
    mailer.close(); // pooled connections first, or the sink waits for them
    ctx.smtp.close();
    await sink?.close();
    await waSim?.close();
    await smsc?.close();
    await payments?.close();
    await database?.close();
    log.info('stopped cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = `http://localhost:${(app.server.address() as { port: number }).port}`;
  const lines = [
    '',
    `  Risala is ready at ${address}   (${Date.now() - t0} ms)`,
    ...(config.role === 'all'
      ? []
      : [
          `  role: ${config.role === 'api' ? 'api (no jobs, no SMPP binds)' : 'worker (jobs, SMPP binds; HTTP: /health, /ready, /metrics only)'}`,
        ]),
    `  database: ${database.embedded ? `embedded PostgreSQL on port ${database.embedded.port}` : 'DATABASE_URL'}`,
    `  mail: ${config.sandbox ? `sandbox SMTP sink on 127.0.0.1:${sink?.port} — read mails at ${address}/sandbox/inbox (from this machine)` : 'SMTP relay'}`,
  ];
  if (smppServer) lines.push(`  SMPP server for clients: port ${smppServer.port} (bind with an API key of type SMPP)`);
  if (existsSync(envFile)) lines.push(`  settings: ${envFile} and the environment`);
  if (config.production) lines.push('  mode: production (no demo account, no sandbox inbox)');
  if (demo) lines.push(`  demo account: ${demo.email}  password: ${demo.password}`);
  lines.push(
    `  payments: ${config.payments.provider === 'sandbox' ? `sandbox payment peer on ${payments?.url ?? '(not started)'} (set STRIPE_SECRET_KEY for Stripe)` : config.payments.provider}`,
  );
  lines.push(
    `  assistant: ${config.ai.baseUrl ? `${config.ai.model} at ${new URL(config.ai.baseUrl).host}` : 'built-in engine (no AI model; set AI_BASE_URL to connect one)'}`,
  );
  lines.push('');
  process.stdout.write(`${lines.join('\n')}\n`);
}

// A rejection nobody awaited (a library's background work while the database restarts, say) is
// logged, not fatal: the parts that matter supervise themselves (the worker, the SMPP sessions,
// the pools), and a process that exits drops every live session and queue with it.
process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection'));

main().catch(async (err) => {
  if (err instanceof StorageConflictError) log.fatal(err.message);
  else log.fatal({ err }, 'Risala failed to start');
  await database?.close().catch(() => {}); // never leave the embedded PostgreSQL behind
  process.exit(1);
});
