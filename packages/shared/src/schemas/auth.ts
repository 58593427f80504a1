import { z } from 'zod';
import {
  asciiDigits,
  emailSchema,
  envelopeOf,
  languageSchema,
  optionalString,
  passwordSchema,
  phoneSchema,
  requiredString,
} from './common.ts';
import { ACTIONS } from '../permissions.ts';

const confirmMatches = <T extends { password: string; confirm_password: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.password !== value.confirm_password) {
    ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'validation.password.match' });
  }
};

export const registerSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    confirm_password: z.string({ error: 'validation.required' }),
    first_name: requiredString(100),
    last_name: requiredString(100),
    phone_number: phoneSchema,
    company_name: optionalString(200),
    user_role: optionalString(100),
    industry: optionalString(100),
    language: languageSchema.optional(),
  })
  .superRefine(confirmMatches);
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const otpPurposeSchema = z.enum(['register', 'login', 'reset']);
export type OtpPurpose = z.infer<typeof otpPurposeSchema>;

export const otpCodeSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .transform(asciiDigits)
  .pipe(z.string().regex(/^\d{6}$/, { error: 'validation.otp' }));

/** Without a purpose the server picks it from the account: register until verified, reset after (§7). */
export const sendOtpSchema = z.object({
  email: emailSchema,
  purpose: otpPurposeSchema.optional(),
});
export type SendOtpInput = z.infer<typeof sendOtpSchema>;

export const verifyOtpSchema = z.object({
  email: emailSchema,
  otp: otpCodeSchema,
  purpose: z.enum(['register', 'reset']).optional(),
});
export type VerifyOtpInput = z.infer<typeof verifyOtpSchema>;

export const verifyLoginOtpSchema = z.object({ email: emailSchema, otp: otpCodeSchema });

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    token: requiredString(200),
    password: passwordSchema,
    confirm_password: z.string({ error: 'validation.required' }),
  })
  .superRefine(confirmMatches);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({
    old_password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
    password: passwordSchema,
    confirm_password: z.string({ error: 'validation.required' }),
  })
  .superRefine((value, ctx) => {
    confirmMatches(value, ctx);
    if (value.old_password && value.password === value.old_password) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.password.sameAsOld' });
    }
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const supportEmailSchema = z.object({
  subject: requiredString(200),
  message: requiredString(5000),
  category: z.enum(['general', 'billing', 'technical', 'account']).default('general'),
});
export type SupportEmailInput = z.infer<typeof supportEmailSchema>;

export const updateProfileSchema = z.object({
  first_name: requiredString(100).optional(),
  last_name: requiredString(100).optional(),
  username: optionalString(100),
  phone_number: phoneSchema.optional(),
  industry: optionalString(100),
  user_role: optionalString(100),
  language: languageSchema.optional(),
  two_factor_enabled: z.boolean().optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** The user as the API returns it (never the password hash). */
export const userSchema = z.object({
  id: z.number(),
  account_id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  username: z.string().nullable(),
  phone_number: z.string().nullable(),
  industry: z.string().nullable(),
  user_role: z.string().nullable(),
  role: z.string(),
  language: z.string(),
  status: z.string(),
  two_factor_enabled: z.boolean(),
  email_verified: z.boolean(),
  logo: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

// ── responses ────────────────────────────────────────────────────────────────

export const permissionTreeSchema = z.object({
  sms_portal: z.array(z.object({ entity: z.string(), entity_url: z.string(), actions: z.array(z.enum(ACTIONS)) })),
});

/** What a code request answers, the same keys for known and unknown addresses (no enumeration by shape). */
export const otpSentSchema = z.object({
  provider: z.string(),
  delivery_status: z.string(),
  cooldown_seconds: z.number(),
});

/** A signed-in session: the JWT (also set as an HttpOnly cookie), the user, the permission tree and the landing page. */
export const sessionSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  user: userSchema,
  permissions: permissionTreeSchema,
  landing: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

/** The same answer for every address (an address with an account is told by mail, not here). */
export const registeredSchema = otpSentSchema.extend({ email: z.string(), otp_sent: z.boolean() });
export type Registered = z.infer<typeof registeredSchema>;
export const registeredEnvelopeSchema = envelopeOf(registeredSchema);
/**
 * A registration code verifies the address and, for the call that verified it, signs the new owner
 * in (a sign-in's session); a reset code answers a reset token. The session comes first: a union
 * takes the first member that fits, and `{ verified }` alone would drop the session's fields.
 */
export const otpVerifiedSchema = z.union([
  sessionSchema.extend({ verified: z.literal(true) }),
  z.object({ verified: z.literal(true) }),
  z.object({ reset_token: z.string() }),
]);
export type OtpVerified = z.infer<typeof otpVerifiedSchema>;
export const otpVerifiedEnvelopeSchema = envelopeOf(otpVerifiedSchema);
export const otpSentEnvelopeSchema = envelopeOf(otpSentSchema);
export const loginOtpSentEnvelopeSchema = envelopeOf(otpSentSchema.extend({ otp_sent: z.literal(true) }));
export const sessionEnvelopeSchema = envelopeOf(sessionSchema);
export const sentEnvelopeSchema = envelopeOf(z.object({ sent: z.literal(true) }));
export const passwordResetEnvelopeSchema = envelopeOf(z.object({ reset: z.literal(true) }));
export const passwordChangedEnvelopeSchema = envelopeOf(z.object({ changed: z.literal(true) }));
export const loggedOutEnvelopeSchema = envelopeOf(z.object({ logged_out: z.literal(true) }));

export const accountSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  plan: z.string(),
  needs_approval: z.boolean(),
  timezone: z.string(),
  /** the company's country (ISO 3166 alpha-2): typed numbers without a country code are read in it */
  country: z.string().nullable().optional(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;
/** GET /api/auth/user/{id}: the user, the permission tree and the account. */
export const userProfileSchema = z.object({ user: userSchema, permissions: permissionTreeSchema, account: accountSummarySchema });
export type UserProfile = z.infer<typeof userProfileSchema>;
export const profileEnvelopeSchema = envelopeOf(userProfileSchema);
export const userEnvelopeSchema = envelopeOf(z.object({ user: userSchema }));
export const accountEnvelopeSchema = envelopeOf(z.object({ account: accountSummarySchema }));
export const logoEnvelopeSchema = envelopeOf(z.object({ logo: z.string().nullable() }));
/** GET /api/auth/user/{id}/feature-access: the plan and the trial's end and days left. */
export const featureAccessSchema = z.object({
  currentPlan: z.string(),
  trial_ends_at: z.string(),
  days_remaining: z.number(),
  trial_state: z.string(),
});
export type FeatureAccess = z.infer<typeof featureAccessSchema>;
export const featureAccessEnvelopeSchema = envelopeOf(featureAccessSchema);
