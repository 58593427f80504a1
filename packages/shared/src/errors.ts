/**
 * Stable error codes and their HTTP status. The message for each code lives in the i18n catalogue
 * under `errors.<CODE>` (English and Arabic); the server answers in the caller's language and the
 * web may re-translate by code. Never rename a code: clients depend on it.
 */
export const ERROR_STATUS = {
  // generic
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  INVALID_TOKEN: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  /** a state-changing request on a session cookie, sent by a page of another site */
  CROSS_SITE_REQUEST: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  // plan gating (§6)
  SUBSCRIPTION_REQUIRED: 403,
  FEATURE_NOT_AVAILABLE: 403,
  PLAN_LIMIT_EXCEEDED: 403,
  // login (§8)
  INVALID_LOGIN_DATA: 401,
  NO_PERMISSIONS_TO_LOGIN: 403,
  USER_INACTIVE: 403,
  /** a platform operator suspended the account (the reason is in data.reason) */
  ACCOUNT_SUSPENDED: 403,
  LOGIN_WITH_OTP_REQUIRED: 403,
  EMAIL_NOT_VERIFIED: 403,
  // one-time codes and passwords
  OTP_INVALID: 400,
  OTP_EXPIRED: 400,
  OTP_ATTEMPTS_EXCEEDED: 400,
  OTP_RESEND_COOLDOWN: 429,
  HIGH_FREQUENCY_OTP: 429,
  RESET_TOKEN_INVALID: 400,
  OLD_PASSWORD_INCORRECT: 400,
  EMAIL_ALREADY_VERIFIED: 409,
  // files (§8)
  INVALID_FILE_TYPE: 400,
  INVALID_FILE_SIZE: 413,
  FILE_REQUIRED: 400,
  // duplicates (§8)
  DATA_EXISTS: 409,
  EMAIL_EXISTS: 409,
  NAME_EXISTS: 409,
  BLACKLIST_ALREADY_ON_SUBSCRIPTION: 409,
  DUPLICATE_MOBILE_NUMBER: 409,
  GROUP_NAME_EXISTS: 409,
  TEMPLATE_NAME_EXISTS: 409,
  ROUTER_NAME_EXISTS: 409,
  ROUTER_ORDER_EXISTS: 409,
  CONNECTION_NAME_EXISTS: 409,
  FILTER_NAME_EXISTS: 409,
  CONTACTS_ALREADY_ASSIGNED: 409,
  FIXED_RATE_EXISTS: 409,
  ROLE_NAME_EXISTS: 409,
  USERS_EXIST: 409,
  RANGE_INTERCEPTION: 409,
  // deletion / deactivation blocked (§8)
  IN_USE: 409,
  DELETE_ACTIVE_BLACKLIST: 409,
  DELETE_ACTIVE_RULE: 409,
  DELETE_ACTIVE_PROVIDER: 409,
  DELETE_ACTIVE_FILTER: 409,
  DELETE_ROLE_ASSIGNED: 409,
  /** built-in roles follow the code and cannot be changed or deleted */
  BUILTIN_ROLE_READ_ONLY: 409,
  /** a role may not grant an action its author does not hold */
  ROLE_GRANTS_EXCEED_OWN: 403,
  DELETE_CONNECTED_CONNECTION: 409,
  DELETE_CONNECTION_IN_ROUTER: 409,
  DEACTIVATE_RULE_IN_ROUTER: 409,
  DEACTIVATE_DEFAULT_ROUTER: 409,
  DEFAULT_ROUTER_LAST: 409,
  DEACTIVATE_PROVIDER_IN_CONNECTION: 409,
  DEACTIVATE_MESSAGE_TYPE_IN_USE: 409,
  DEACTIVATE_TEMPLATE_IN_SUBSCRIPTION: 409,
  // other constraints (§8)
  TRANSPARENT_RULE_IMMUTABLE: 409,
  ADD_DEFAULT_ROUTER_FIRST: 409,
  GROUP_WITHOUT_CONTACTS: 409,
  SUB_API_KEY_EXISTS: 409,
  ANOTHER_ACTIVE_COUNT: 409,
  NO_AVAILABLE_COUNT: 409,
  QUOTA_NOT_ACTIVE: 409,
  CREDIT_BEING_CONSUMED: 409,
  NO_PERMISSION_ON_SUBSCRIPTION: 403,
  // sending (§8)
  INSUFFICIENT_CREDITS: 402,
  MESSAGE_TYPE_NOT_ALLOWED: 403,
  INVALID_SENDER_ID: 400,
  UNSAFE_URL: 400,
  URL_NOT_ALLOWED: 400,
  NO_VALID_PLAN: 403,
  NO_MATCHED_TEMPLATE: 400,
  INVALID_CONTACTS_OR_GROUPS: 400,
  URL_SHORTENING_FAILED: 502,
  // sandbox
  SANDBOX_DISABLED: 404,
  SANDBOX_OWN_MAIL_ONLY: 403,
  // audience, content and templates
  IMPORT_FILE_INVALID: 400,
  IMPORT_CSV_LINE: 400,
  IMPORT_ENCODING: 400,
  IMPORT_MISSING_COLUMNS: 400,
  IMPORT_EMPTY: 400,
  IMPORT_NOT_READY: 409,
  CUSTOMER_CONTACT_REQUIRED: 400,
  SEGMENT_RULES_INVALID: 400,
  BRAND_IN_USE: 409,
  TEMPLATE_INVALID_STATE: 409,
  TEMPLATE_NOT_APPROVED: 409,
  DOCX_CONVERSION_FAILED: 400,
  // zip-based uploads (XLSX, DOCX): over the unpacked-size limits, or packed like an attack
  ARCHIVE_TOO_LARGE: 413,
  ARCHIVE_REFUSED: 400,
  WHATSAPP_SUBMISSION_LIMIT: 429,
  WHATSAPP_API_ERROR: 502,
  WEBHOOK_SIGNATURE_INVALID: 401,
  STORAGE_UNAVAILABLE: 503,
  // messaging engine
  CONNECTION_START_TIMEOUT: 504,
  CONNECTION_STATE_INVALID: 409,
  SENDER_NOT_APPROVED: 409,
  EMAIL_SENDER_NOT_VERIFIED: 409,
  PRIVATE_ADDRESS_NOT_ALLOWED: 400,
  WHATSAPP_WINDOW_CLOSED: 409,
  PROVIDER_TEST_FAILED: 502,
  WHATSAPP_VERIFY_FAILED: 502,
  /** the Cloud API confirmed the token, but the number is already set up in another account */
  WHATSAPP_NUMBER_BOUND_ELSEWHERE: 409,
  DELETE_ACTIVE_PLUGIN: 409,
  NO_ROUTE: 409,
  NO_ACTIVE_SENDER: 409,
  MESSAGE_NOT_CANCELLABLE: 409,
  // campaigns
  CAMPAIGN_STATE_INVALID: 409,
  AUDIENCE_EMPTY: 400,
  // the AI service
  AI_TIMEOUT: 504,
  AI_UNAVAILABLE: 503,
  AI_RATE_LIMITED: 429,
  AI_DAILY_LIMIT: 429,
  AI_AUTH_FAILED: 502,
  AI_BAD_RESPONSE: 502,
  // AI plans, analytics and content
  AI_PLAN_STATE_INVALID: 409,
  AI_NO_AUDIENCE: 400,
  AI_BRIEF_UNREADABLE: 400,
  // the assistant's typed question
  QUERY_NOT_ALLOWED: 403,
  QUERY_FIELD_UNKNOWN: 400,
  QUERY_OP_NOT_ALLOWED: 400,
  QUERY_VALUE_UNKNOWN: 400,
  QUERY_MEASURE_UNKNOWN: 400,
  QUERY_GROUPING_UNKNOWN: 400,
  QUERY_SORT_UNKNOWN: 400,
  QUERY_TIMEOUT: 504,
  // the team
  INVITATION_INVALID: 400,
  INVITATION_EXPIRED: 410,
  LAST_OWNER: 409,
  OWNER_ONLY: 403,
  CANNOT_CHANGE_SELF: 409,
  INVITATION_RESEND_LIMIT: 429,
  // sub-accounts
  SUB_ACCOUNT_DEPTH: 403,
  // API keys and the public API (/api/v1)
  API_KEY_INVALID: 401,
  API_KEY_REQUIRED: 401,
  API_KEY_EXPIRED: 401,
  API_KEY_REVOKED: 401,
  API_KEY_NOT_ACCEPTED: 401,
  API_KEY_IP_NOT_ALLOWED: 403,
  API_KEY_SCOPE_MISSING: 403,
  API_KEY_WRONG_TYPE: 403,
  API_KEY_RATE_LIMITED: 429,
  API_KEY_ANOTHER_ACTIVE: 409,
  API_KEY_LIMIT: 409,
  API_KEY_NOT_ACTIVE: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_IN_PROGRESS: 409,
  REFERENCE_EXISTS: 409,
  // billing
  CHECKOUT_UNAVAILABLE: 503,
  PLAN_NOT_FOUND: 404,
  PLAN_CHANGE_NOT_ALLOWED: 409,
  INVOICE_STATE_INVALID: 409,
  /** the account's dues stayed overdue past the grace: sending is refused until they are paid (reading is not) */
  BILLING_SUSPENDED: 402,
  /** a payment larger than what the invoice (or the due) still owes */
  PAYMENT_EXCEEDS_REMAINING: 409,
  /** instalments must add up to what the invoice still owes, with due dates in order */
  INSTALMENTS_INVALID: 400,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_STATUS;
}

/** Codes that mean "your plan does not allow this": shown without logging out (§6, §8). */
export const SUBSCRIPTION_CODES: readonly ErrorCode[] = [
  'SUBSCRIPTION_REQUIRED',
  'FEATURE_NOT_AVAILABLE',
  'PLAN_LIMIT_EXCEEDED',
  'NO_VALID_PLAN',
];

export interface FieldError {
  field: string;
  message: string;
}

/** The error envelope every endpoint answers with (architecture §4). */
export interface ErrorEnvelope {
  statusCode: number;
  code: ErrorCode;
  message: string;
  errors: FieldError[];
  isError: true;
  data?: unknown;
}

/** The success envelope (spec §7, architecture §4). */
export interface Envelope<T> {
  statusCode: number;
  message: string;
  data: T;
}

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}
