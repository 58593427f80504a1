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
 * "exists" code, FK violation → IN_USE. Anything else stays a 500.
 */
const UNIQUE_CODES: Record<string, ErrorCode> = {
  users_email_uq: 'EMAIL_EXISTS',
  roles_account_name_uq: 'ROLE_NAME_EXISTS',
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

export function registerUniqueCode(constraint: string, code: ErrorCode) {
  UNIQUE_CODES[constraint] = code;
}
