import { ERROR_STATUS, type ErrorCode, type FieldError } from '@risala/shared';
import type { TranslateParams } from '@risala/shared/i18n/index.ts';
import { DrizzleQueryError } from 'drizzle-orm';

/** A typed failure a service throws; the central error handler turns it into the envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly errors: FieldError[];
  /** interpolated into the code's text; a Reason parameter is translated in the reader's language */
  readonly params: TranslateParams;
  readonly data: unknown;

  constructor(
    code: ErrorCode,
    opts: {
      errors?: FieldError[];
      params?: TranslateParams;
      data?: unknown;
      message?: string;
    } = {},
  ) {
    super(opts.message ?? code);
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.errors = opts.errors ?? [];
    this.params = opts.params ?? {};
    this.data = opts.data;
  }
}

interface PgError {
  code?: string;
  constraint?: string;
}

/**
 * Map a PostgreSQL error to a stable code in one place: unique violation → the constraint's
 * "exists" code, FK violation → IN_USE. Anything else stays a 500. Every named unique constraint
 * is listed here (not registered by the module that owns it when imported: a mapping must not
 * depend on which files happen to be loaded).
 */
const UNIQUE_CODES: Record<string, ErrorCode> = {
  users_email_uq: 'EMAIL_EXISTS',
  roles_account_name_uq: 'ROLE_NAME_EXISTS',
  invitations_pending_email_uq: 'DATA_EXISTS',
  blacklists_account_name_uq: 'NAME_EXISTS',
  brands_account_name_uq: 'NAME_EXISTS',
  campaigns_account_name_uq: 'NAME_EXISTS',
  connections_account_name_uq: 'CONNECTION_NAME_EXISTS',
  customer_groups_account_name_uq: 'GROUP_NAME_EXISTS',
  customers_account_mobile_uq: 'DUPLICATE_MOBILE_NUMBER',
  email_senders_account_from_uq: 'DATA_EXISTS',
  plugins_account_name_uq: 'NAME_EXISTS',
  routers_account_name_uq: 'ROUTER_NAME_EXISTS',
  routers_account_order_uq: 'ROUTER_ORDER_EXISTS',
  rules_account_name_uq: 'FILTER_NAME_EXISTS',
  sms_senders_account_sender_uq: 'DATA_EXISTS',
  templates_account_name_uq: 'TEMPLATE_NAME_EXISTS',
  whatsapp_senders_account_phone_id_uq: 'DATA_EXISTS',
  whatsapp_senders_bound_phone_id_uq: 'WHATSAPP_NUMBER_BOUND_ELSEWHERE',
  whatsapp_templates_account_name_uq: 'TEMPLATE_NAME_EXISTS',
};

/** Socket errors of the connection to PostgreSQL (refused, reset, unreachable, name not found). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** What node-postgres says when the server went away or never answered. */
const PG_CONNECTION_LOST = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * The database cannot be reached: class 08 (connection exception), 57P01–57P03 (admin or crash
 * shutdown, cannot connect now), 53300 (too many connections), a refused or broken socket, or the
 * driver's own "Connection terminated". Only the error itself or the cause Drizzle wraps it in
 * counts, so a provider's `fetch failed` (whose cause is also ECONNREFUSED) stays what it was.
 */
export function isDbUnavailable(err: unknown): boolean {
  const candidates = [err];
  if (err instanceof DrizzleQueryError) candidates.push(err.cause);
  return candidates.some((c) => {
    if (!c || typeof c !== 'object') return false;
    const { code, message, syscall, errors } = c as { code?: unknown; message?: unknown; syscall?: unknown; errors?: unknown };
    if (typeof code === 'string') {
      if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300') return true;
      // a system error (has syscall), or Node's AggregateError of every address tried
      if (SOCKET_CODES.has(code) && (syscall !== undefined || Array.isArray(errors))) return true;
    }
    return typeof message === 'string' && PG_CONNECTION_LOST.test(message);
  });
}

export function mapDbError(err: unknown): AppError | null {
  if (isDbUnavailable(err)) return new AppError('SERVICE_UNAVAILABLE');
  // Drizzle wraps the driver's error: the PostgreSQL code sits on `cause`
  const wrapped = (err as { cause?: unknown } | null)?.cause;
  const e = (typeof (err as PgError)?.code === 'string' ? err : (wrapped ?? err)) as PgError;
  if (!e || typeof e.code !== 'string') return null;
  if (e.code === '23505') return new AppError(UNIQUE_CODES[e.constraint ?? ''] ?? 'DATA_EXISTS');
  if (e.code === '23503') return new AppError('IN_USE');
  if (e.code === '22P02' || e.code === '22003') return new AppError('BAD_REQUEST');
  return null;
}
