/**
 * Request limits that hold across replicas and under concurrency: a fixed-window counter per
 * (bucket, key) in PostgreSQL, incremented atomically before the work it guards, so twelve
 * requests at once cannot all slip under a limit of five. Over the limit: 429 RATE_LIMITED with
 * `retry_after` (seconds until the window ends; the error handler also sends Retry-After).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { AppError } from './errors.ts';

export interface RateLimit {
  /** what is counted, e.g. 'register:ip' */
  bucket: string;
  max: number;
  windowSeconds: number;
}

/**
 * The limits of the public and mail-sending endpoints (sign-in has its own, in auth.service), from
 * the configured maximums (config.ts `rateLimits`, RATE_LIMIT_* variables).
 */
export function limitsFrom(max: {
  registerPerIpPerHour: number;
  otpPerIpPerHour: number;
  otpPerAddressPerHour: number;
  otpVerifyPerIpPerHour: number;
  supportPerUserPerHour: number;
  supportPerAccountPerDay: number;
}) {
  return {
    registerPerIp: { bucket: 'register:ip', max: max.registerPerIpPerHour, windowSeconds: 3600 },
    otpPerIp: { bucket: 'otp:ip', max: max.otpPerIpPerHour, windowSeconds: 3600 },
    otpPerAddress: { bucket: 'otp:address', max: max.otpPerAddressPerHour, windowSeconds: 3600 },
    otpVerifyPerIp: { bucket: 'otp-verify:ip', max: max.otpVerifyPerIpPerHour, windowSeconds: 3600 },
    supportPerUser: { bucket: 'support:user', max: max.supportPerUserPerHour, windowSeconds: 3600 },
    supportPerAccount: { bucket: 'support:account', max: max.supportPerAccountPerDay, windowSeconds: 86_400 },
  } satisfies Record<string, RateLimit>;
}

/** Counts one hit; returns the count in this window and the seconds until it ends. */
export async function hit(db: DbOrTx, limit: RateLimit, key: string): Promise<{ hits: number; retryAfter: number }> {
  const w = limit.windowSeconds;
  const { rows } = await db.execute<{ hits: number; retry_after: number }>(sql`
    insert into rate_limit_hits as r (bucket, key, window_start, hits)
    values (${limit.bucket}, ${key}, to_timestamp(floor(extract(epoch from now()) / ${w}) * ${w}), 1)
    on conflict (bucket, key, window_start) do update set hits = r.hits + 1
    returning r.hits, greatest(1, ceil(extract(epoch from r.window_start + make_interval(secs => ${w}) - now())))::int as retry_after`);
  const row = rows[0] as { hits: number; retry_after: number };
  return { hits: row.hits, retryAfter: row.retry_after };
}

/**
 * Counts a hit against each limit in turn and throws RATE_LIMITED at the first one over: a request
 * refused by a narrow limit (one user) does not use up a wider one (the account).
 */
export async function enforce(db: DbOrTx, ...checks: [RateLimit, string][]): Promise<void> {
  for (const [limit, key] of checks) {
    const r = await hit(db, limit, key.toLowerCase());
    if (r.hits > limit.max) throw rateLimited(r.retryAfter);
  }
}

export function rateLimited(retryAfter: number): AppError {
  return new AppError('RATE_LIMITED', { data: { retry_after: retryAfter } });
}

/** Housekeeping: windows that ended more than a day ago. */
export async function purgeRateLimits(db: DbOrTx) {
  await db.execute(sql`delete from rate_limit_hits where window_start < now() - interval '2 days'`);
}
