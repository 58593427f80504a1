import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { limitsFrom } from './lib/rate-limit.ts';
import { loadAiConfig } from './modules/ai/index.ts';

/** Every setting the server reads. `.env.example` documents each one. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(54329),
  JWT_SECRET: z.string().min(32).optional(),
  JWT_TTL_HOURS: z.coerce.number().positive().default(12),
  ENCRYPTION_KEY: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Risala <no-reply@risala.local>'),
  SUPPORT_EMAIL: z.string().email().default('support@risala.local'),
  SANDBOX_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: z.enum(['true', 'false']).optional(),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  LOGIN_STEP_UP_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(50),
  RATE_LIMIT_REGISTER_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_OTP_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_OTP_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_OTP_VERIFY_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_SUPPORT_PER_USER_PER_HOUR: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_SUPPORT_PER_ACCOUNT_PER_DAY: z.coerce.number().int().positive().default(20),
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().positive().default(60),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  DEMO_SEED: z.enum(['true', 'false']).default('true'),
  DEMO_EMAIL: z.string().email().default('demo@risala.local'),
  DEMO_PASSWORD: z.string().default('Demo@2026'),
  WEB_DIST: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** the sandbox payment peer when no STRIPE_SECRET_KEY is set (never in production unless asked) */
  SANDBOX_PAYMENTS: z.enum(['true', 'false']).optional(),
  SANDBOX_PAYMENTS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  BILLING_SELLER_NAME: z.string().default('Risala'),
  BILLING_SELLER_NAME_AR: z.string().default('رسالة'),
  BILLING_SELLER_VAT_NUMBER: z.string().default('300000000000003'),
  BILLING_SELLER_ADDRESS: z.string().default('Riyadh, Saudi Arabia'),
  /** days an invoice may stay unpaid before it is OVERDUE */
  BILLING_DUE_DAYS: z.coerce.number().int().min(0).default(7),
  /** monthly message partitions older than this many months are archived to DATA_DIR/archive and dropped (0: never) */
  MESSAGE_ARCHIVE_AFTER_MONTHS: z.coerce.number().int().min(0).max(600).default(0),
  /** days before a due date the account's owners are reminded (a second reminder comes on the day) */
  BILLING_REMINDER_DAYS: z.coerce.number().int().min(0).max(60).default(3),
  /** days a due may stay OVERDUE before the account is suspended for billing (sending refused) */
  BILLING_SUSPEND_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** the Saudi network the platform's SMS enter: numbers on it are on-net, other Saudi numbers off-net */
  SMS_HOME_OPERATOR: z.enum(['stc', 'mobily', 'zain']).default('stc'),
  TRUST_PROXY: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  WHATSAPP_API_BASE: z.string().url().optional(),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default('v21.0'),
  WHATSAPP_WABA_ID: z.string().optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().optional(),
  WHATSAPP_APP_SECRET: z.string().min(16).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(8).optional(),
  WHATSAPP_TEMPLATE_SUBMISSIONS_PER_DAY: z.coerce.number().int().positive().default(10),
  WHATSAPP_SIM_DECISION_MS: z.coerce.number().int().min(0).default(2000),
  /** the simulator's sent, delivered and read webhook delays (ms after the send) */
  WHATSAPP_SIM_STATUS_DELAYS_MS: z
    .string()
    .regex(/^\d+,\d+,\d+$/)
    .default('100,300,600'),
  SANDBOX_SMSC: z.enum(['true', 'false']).default('true'),
  SANDBOX_SMSC_PORT: z.coerce.number().int().min(0).max(65535).default(2775),
  SANDBOX_SMSC_SYSTEM_ID: z.string().default('sandbox'),
  SANDBOX_SMSC_PASSWORD: z.string().default('sandbox'),
  SANDBOX_SMSC_RECEIPT_DELAY_MS: z.coerce.number().int().min(0).default(500),
  SANDBOX_SMSC_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  SANDBOX_SMSC_THROTTLE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** the SMPP server for clients: its port (0: any free one); unset: 2776 in development, off in production */
  SMPP_SERVER_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** 'off' stops it in development too */
  SMPP_SERVER: z.enum(['on', 'off']).optional(),
  /** where it listens (default: HOST) */
  SMPP_SERVER_HOST: z.string().optional(),
  SMPP_SERVER_MAX_BINDS_PER_KEY: z.coerce.number().int().min(1).max(100).default(10),
  SMPP_SERVER_WINDOW: z.coerce.number().int().min(1).max(1000).default(100),
  SMPP_SERVER_IDLE_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  OUTBOUND_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  /** webhooks out: the time one delivery attempt may take, and how long a delivery is retried */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
  WEBHOOK_RETRY_HOURS: z.coerce.number().positive().max(168).default(24),
  OUTBOUND_ALLOWED_HOSTS: z.string().optional(),
  SENDGRID_API_BASE: z.string().url().default('https://api.sendgrid.com'),
  /** an open Server-Sent Events stream re-checks its session this often (and before each event) */
  SSE_SESSION_RECHECK_SECONDS: z.coerce.number().positive().max(30).default(15),
  /** and ends after this long: the browser reconnects (resuming after its last event) and signs in again */
  SSE_MAX_LIFETIME_SECONDS: z.coerce.number().positive().default(900),
  /** when set, /metrics and the OpenAPI document (/api/docs…) answer only requests carrying them */
  METRICS_TOKEN: z.string().min(16, { error: 'at least 16 characters' }).optional(),
  API_DOCS_TOKEN: z.string().min(16, { error: 'at least 16 characters' }).optional(),
  /** production without the token: /metrics and /api/docs answer this machine only, unless opened here */
  METRICS_PUBLIC: z.enum(['true', 'false']).default('false'),
  API_DOCS_PUBLIC: z.enum(['true', 'false']).default('false'),
  /** outbound hosts/URLs on private or loopback networks are refused unless this is true */
});

export type Config = ReturnType<typeof loadConfig>;

/** Values that are published (in .env.example, docs, tutorials) and must never sign or encrypt anything real. */
const PUBLISHED_SECRETS = new Set(['change-me', 'changeme', 'secret', 'password', 'sandbox', 'Demo@2026']);

/** A secret an operator typed: long enough and not a placeholder (one repeated word, a published value). */
function weakSecret(value: string): boolean {
  return value.length < 32 || PUBLISHED_SECRETS.has(value) || new Set(value).size < 10 || /change.?me|example|placeholder/i.test(value);
}

/**
 * What a production start (NODE_ENV=production) refuses: defaults that help a developer but would
 * expose a reachable server — secrets generated onto one machine's disk (replicas would disagree,
 * and a copied data directory carries them), the demo account with its published password, the
 * sandbox mail peer with its readable inbox, a real WhatsApp set-up without its own webhook keys.
 */
function productionProblems(e: z.infer<typeof envSchema>, given: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  for (const name of ['JWT_SECRET', 'ENCRYPTION_KEY'] as const) {
    const value = e[name];
    if (!value) problems.push(`${name} must be set (32 characters or more, e.g. \`openssl rand -base64 48\`)`);
    else if (weakSecret(value)) problems.push(`${name} is a placeholder or too weak: use 32+ random characters`);
  }
  if (!e.SMTP_URL) problems.push('SMTP_URL must be set: without a mail relay nobody can receive a sign-up code or a reset link');
  if (given.DEMO_SEED === 'true') problems.push('DEMO_SEED=true is refused: the demo account has a published password');
  if (e.WHATSAPP_ACCESS_TOKEN && (!e.WHATSAPP_APP_SECRET || !e.WHATSAPP_VERIFY_TOKEN)) {
    problems.push('WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN must be set with WHATSAPP_ACCESS_TOKEN');
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY: unsigned payment events would be refused');
  }
  if (given.SANDBOX_SMSC === 'true' && (!given.SANDBOX_SMSC_PASSWORD || weakSecret(given.SANDBOX_SMSC_PASSWORD))) {
    problems.push('SANDBOX_SMSC=true needs its own SANDBOX_SMSC_PASSWORD (32+ random characters)');
  }
  return problems;
}

function parseTrustProxy(value: string | undefined): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** A secret from the environment, or one generated once and kept in the data directory. */
function persistentSecret(dataDir: string, name: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // an empty value (e.g. `PUBLIC_URL=` copied from .env.example) means "not set"
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production) {
    const problems = productionProblems(e, given);
    if (problems.length) {
      throw new Error(`Refusing a production start (NODE_ENV=production):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    }
  }
  // production talks to the real Cloud API unless told otherwise; development to the local simulator
  const whatsappApiBase = e.WHATSAPP_API_BASE ?? (production ? 'https://graph.facebook.com' : undefined);
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    env: e.NODE_ENV,
    /** NODE_ENV=production: no demo account, no sandbox inbox or codes in the log, real peers only. */
    production,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    role: e.ROLE,
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    jwtSecret: persistentSecret(dataDir, 'jwt', e.JWT_SECRET),
    jwtTtlSeconds: Math.round(e.JWT_TTL_HOURS * 3600),
    encryptionKey: persistentSecret(dataDir, 'encryption', e.ENCRYPTION_KEY),
    smtpUrl: e.SMTP_URL,
    sandbox: !e.SMTP_URL,
    /** The sandbox inbox (and one-time codes in the log): the sandbox mail peer, never in production. */
    sandboxInbox: !e.SMTP_URL && !production,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    sandboxSmtpPort: e.SANDBOX_SMTP_PORT,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY ? e.LOG_PRETTY === 'true' : Boolean(process.stdout.isTTY),
    login: {
      maxFailuresPerEmail: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowMinutes: e.LOGIN_WINDOW_MINUTES,
      /** failures of one address from anywhere, past which the right password also needs a mailed code */
      stepUpPerEmail: e.LOGIN_STEP_UP_FAILURES_PER_EMAIL,
    },
    /** Per-IP, per-address and per-user limits of the public and mail-sending endpoints (lib/rate-limit.ts). */
    rateLimits: limitsFrom({
      registerPerIpPerHour: e.RATE_LIMIT_REGISTER_PER_IP_PER_HOUR,
      otpPerIpPerHour: e.RATE_LIMIT_OTP_PER_IP_PER_HOUR,
      otpPerAddressPerHour: e.RATE_LIMIT_OTP_PER_ADDRESS_PER_HOUR,
      otpVerifyPerIpPerHour: e.RATE_LIMIT_OTP_VERIFY_PER_IP_PER_HOUR,
      supportPerUserPerHour: e.RATE_LIMIT_SUPPORT_PER_USER_PER_HOUR,
      supportPerAccountPerDay: e.RATE_LIMIT_SUPPORT_PER_ACCOUNT_PER_DAY,
    }),
    resetTokenTtlMinutes: e.RESET_TOKEN_TTL_MINUTES,
    bodyLimit: e.BODY_LIMIT_BYTES,
    demo: { seed: !production && e.DEMO_SEED === 'true', email: e.DEMO_EMAIL, password: e.DEMO_PASSWORD },
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    stripeConfigured: Boolean(e.STRIPE_SECRET_KEY),
    /**
     * Payments (modules/billing): Stripe with STRIPE_SECRET_KEY; otherwise the sandbox payment
     * peer (sandbox/payments.ts; main.ts starts it and fills in its port), on by default outside
     * production; otherwise none (checkout unavailable).
     */
    payments: {
      provider: e.STRIPE_SECRET_KEY
        ? ('stripe' as const)
        : (production ? given.SANDBOX_PAYMENTS === 'true' : e.SANDBOX_PAYMENTS !== 'false')
          ? ('sandbox' as const)
          : ('offline' as const),
      secretKey: e.STRIPE_SECRET_KEY ?? 'sk_test_sandbox',
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? persistentSecret(dataDir, 'sandbox-payments-webhook', undefined),
      /** where the SDK sends its calls: Stripe's own host unless main.ts points it at the sandbox peer */
      api: null as null | { host: string; port: number; protocol: 'http' | 'https' },
      sandboxPort: e.SANDBOX_PAYMENTS_PORT,
    },
    billing: {
      seller: {
        name: e.BILLING_SELLER_NAME,
        nameAr: e.BILLING_SELLER_NAME_AR,
        vatNumber: e.BILLING_SELLER_VAT_NUMBER,
        address: e.BILLING_SELLER_ADDRESS,
      },
      dueDays: e.BILLING_DUE_DAYS,
      reminderDays: e.BILLING_REMINDER_DAYS,
      suspendGraceDays: e.BILLING_SUSPEND_GRACE_DAYS,
    },
    /**
     * Messages over years: each plan's retention redacts old messages' content (modules/messaging/
     * retention.ts); partitions wholly older than `archiveAfterMonths` are written to `archiveDir`
     * as gzipped CSV and dropped (0 keeps every partition). Rollups are kept either way.
     */
    messages: { archiveAfterMonths: e.MESSAGE_ARCHIVE_AFTER_MONTHS, archiveDir: path.join(dataDir, 'archive') },
    /** SMS parts are priced by destination class relative to this network (shared/destination.ts). */
    smsHomeOperator: e.SMS_HOME_OPERATOR,
    /** Honour X-Forwarded-For only behind a known proxy: `true`, a hop count, or addresses/CIDRs. */
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    /** S3-compatible storage when a bucket is named; local disk under filesDir otherwise. */
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          bucket: e.S3_BUCKET,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : null,
    whatsapp: {
      /** No WHATSAPP_API_BASE: the sandbox Cloud API simulator; main.ts fills in its loopback URL. */
      sandbox: !whatsappApiBase,
      apiBase: (whatsappApiBase ?? '').replace(/\/$/, ''),
      apiVersion: e.WHATSAPP_API_VERSION,
      wabaId:
        e.WHATSAPP_WABA_ID ?? (whatsappApiBase ? null : `sandbox-${persistentSecret(dataDir, 'whatsapp-waba', undefined).slice(0, 12)}`),
      accessToken: e.WHATSAPP_ACCESS_TOKEN ?? (whatsappApiBase ? null : 'sandbox-token'),
      appSecret: persistentSecret(dataDir, 'whatsapp-app-secret', e.WHATSAPP_APP_SECRET),
      verifyToken: persistentSecret(dataDir, 'whatsapp-verify-token', e.WHATSAPP_VERIFY_TOKEN),
      submissionsPerDay: e.WHATSAPP_TEMPLATE_SUBMISSIONS_PER_DAY,
      simDecisionMs: e.WHATSAPP_SIM_DECISION_MS,
      simStatusDelaysMs: e.WHATSAPP_SIM_STATUS_DELAYS_MS.split(',').map(Number) as [number, number, number],
    },
    /** The sandbox SMSC simulator (main.ts starts it and fills in the port it got). */
    smsc: {
      /** on by default in development; in production only when asked for (SANDBOX_SMSC=true) */
      sandbox: production ? given.SANDBOX_SMSC === 'true' : e.SANDBOX_SMSC === 'true',
      host: '127.0.0.1',
      port: e.SANDBOX_SMSC_PORT,
      systemId: e.SANDBOX_SMSC_SYSTEM_ID,
      password: e.SANDBOX_SMSC_PASSWORD,
      receiptDelayMs: e.SANDBOX_SMSC_RECEIPT_DELAY_MS,
      failureRate: e.SANDBOX_SMSC_FAILURE_RATE,
      throttleRate: e.SANDBOX_SMSC_THROTTLE_RATE,
    },
    /**
     * The SMPP server for clients (modules/smpp-server; main.ts starts it in API processes):
     * null when off — production starts it only with SMPP_SERVER_PORT (docs/decisions.md).
     */
    smppServer:
      e.SMPP_SERVER === 'off' || (production && e.SMPP_SERVER_PORT === undefined && e.SMPP_SERVER !== 'on')
        ? null
        : {
            host: e.SMPP_SERVER_HOST ?? e.HOST,
            port: e.SMPP_SERVER_PORT ?? 2776,
            maxBindsPerKey: e.SMPP_SERVER_MAX_BINDS_PER_KEY,
            window: e.SMPP_SERVER_WINDOW,
            idleSeconds: e.SMPP_SERVER_IDLE_SECONDS,
          },
    /** Outbound URLs (post URLs, webhooks): private, loopback and link-local targets are refused unless allowed. */
    outbound: {
      allowPrivate: e.OUTBOUND_ALLOW_PRIVATE === 'true',
      allowedHosts: (e.OUTBOUND_ALLOWED_HOSTS ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    },
    /** Webhooks out (modules/webhooks): per-attempt timeout, retry window and backoff (tests shorten them). */
    webhooks: {
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryWindowMs: e.WEBHOOK_RETRY_HOURS * 3_600_000,
      /** the first retry waits about this long, each next one twice as long (with jitter), up to maxDelayMs */
      baseDelayMs: 10_000,
      maxDelayMs: 3_600_000,
      /** the receiver's answer is read up to this many bytes (kept for the screen: the first 500 characters) */
      maxResponseBytes: 16 * 1024,
      /** deliveries of one endpoint sent at once (each with its own ordering key) */
      parallelPerEndpoint: 8,
    },
    sendgridApiBase: e.SENDGRID_API_BASE.replace(/\/$/, ''),
    /** the AI service (modules/ai/ai.config.ts) */
    ai: loadAiConfig(given),
    /** Server-Sent Events streams: how often each re-checks its session, and how long it may stay open. */
    sse: { recheckMs: Math.round(e.SSE_SESSION_RECHECK_SECONDS * 1000), maxLifetimeMs: Math.round(e.SSE_MAX_LIFETIME_SECONDS * 1000) },
    /** Bearer (or HTTP Basic password) required by /metrics and by /api/docs when set. */
    metricsToken: e.METRICS_TOKEN,
    apiDocsToken: e.API_DOCS_TOKEN,
    /** Without its token, in production: true opens the endpoint to anyone; false (default) to this machine only. */
    metricsPublic: e.METRICS_PUBLIC === 'true',
    apiDocsPublic: e.API_DOCS_PUBLIC === 'true',
  };
}
