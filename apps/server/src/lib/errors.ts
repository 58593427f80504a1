import { ERROR_STATUS, type ErrorCode, type FieldError } from '@risala/shared';
import type { TranslateParams } from '@risala/shared/i18n/index.ts';

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
  whatsapp_senders_phone_id_uq: 'DATA_EXISTS',
  whatsapp_templates_account_name_uq: 'TEMPLATE_NAME_EXISTS',
};

export function mapDbError(err: unknown): AppError | null {
  // Drizzle wraps the driver's error: the PostgreSQL code sits on `cause`
  const wrapped = (err as { cause?: unknown } | null)?.cause;
  const e = (typeof (err as PgError)?.code === 'string' ? err : (wrapped ?? err)) as PgError;
  if (!e || typeof e.code !== 'string') return null;
  if (e.code === '23505') return new AppError(UNIQUE_CODES[e.constraint ?? ''] ?? 'DATA_EXISTS');
  if (e.code === '23503') return new AppError('IN_USE');
  if (e.code === '22P02' || e.code === '22003') return new AppError('BAD_REQUEST');
  return null;
}

