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
