/** Business constants from spec §9 (and §4). One place, used by web and server. */
export const NOTIFICATIONS = {
  pollIntervalMs: 30_000,
  firstPollMs: 1_000,
  defaultPage: 1,
  defaultLimit: 20,
  maxLimit: 100,
  compactUnread: 10,
  expandedLimit: 50,
  badgeMax: 99,
} as const;

export const TRIAL = {
  months: 2,
  bannerDays: 7,
  blockAfterDays: -30,
} as const;

export const SESSION = {
  userIdRefreshMs: 5_000,
  userIdCookieDays: 30,
  logoutRedirectDelayMs: 1_200,
} as const;

/** §9: a chat answer may take up to 120 s; the health check 10 s. */
export const CHAT = { timeoutMs: 120_000, healthTimeoutMs: 10_000 } as const;

export const LIMITS = {
  nameTruncate: 15,
  passwordMin: 8,
  passwordMax: 16,
  scheduleMinAheadMinutes: 5,
  senderIdMaxDigits: 15,
  senderIdMaxLetters: 11,
  numericMax: 9999,
  uploadMaxBytes: 10 * 1024 * 1024,
  templateSubmissionWaitHours: 24,
} as const;

export const OTP = {
  length: 6,
  ttlMinutes: 10,
  maxAttempts: 5,
  resendCooldownSeconds: 60,
  maxPerHour: 5,
} as const;

export const TOAST = {
  successMs: 3_000,
  errorMs: 5_000,
  errorLongMs: 6_000,
  errorCriticalMs: 8_000,
} as const;

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const PLANS = ['free', 'free_trial', 'starter', 'growth', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];
export const FREE_PLANS: readonly Plan[] = ['free', 'free_trial'];

export const TRACKING = { subscriptionIntent: 5, checkoutStart: 100, currency: 'USD' } as const;
export const INVOICE_CURRENCY = 'SAR';

// Lists the web needs as values on its first screens. They live here, not beside their zod schemas,
// because importing a schema file pulls zod (and libphonenumber) into the page's JavaScript.

/** The sending channels (the schemas of messages re-export it). */
export const CHANNELS = ['sms', 'email', 'whatsapp'] as const;
export type Channel = (typeof CHANNELS)[number];

/** The getting-started checklist's steps, in the order shown (GET /api/dashboard/getting-started). */
export const SETUP_STEPS = ['sender', 'brand', 'customers', 'approved_template', 'sent_message', 'launched_campaign'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** The presets of the dashboard's range picker (days ending today, in the account's time zone). */
export const RANGE_PRESETS = ['today', '7d', '30d', '90d', 'this_month', 'last_month'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
