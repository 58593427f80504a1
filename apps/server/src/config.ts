import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().positive().default(60),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  DEMO_SEED: z.enum(['true', 'false']).default('true'),
  DEMO_EMAIL: z.string().email().default('demo@risala.local'),
  DEMO_PASSWORD: z.string().default('Demo@2026'),
  WEB_DIST: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
});

export type Config = ReturnType<typeof loadConfig>;

function parseTrustProxy(
  value: string | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((v) => v.trim()).filter(Boolean);
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
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    env: e.NODE_ENV,
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
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    sandboxSmtpPort: e.SANDBOX_SMTP_PORT,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY ? e.LOG_PRETTY === 'true' : Boolean(process.stdout.isTTY),
    login: {
      maxFailuresPerEmail: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowMinutes: e.LOGIN_WINDOW_MINUTES,
    },
    resetTokenTtlMinutes: e.RESET_TOKEN_TTL_MINUTES,
    bodyLimit: e.BODY_LIMIT_BYTES,
    demo: { seed: e.DEMO_SEED === 'true', email: e.DEMO_EMAIL, password: e.DEMO_PASSWORD },
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    stripeConfigured: Boolean(e.STRIPE_SECRET_KEY),
    /** Honour X-Forwarded-For only behind a known proxy: `true`, a hop count, or addresses/CIDRs. */
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}
