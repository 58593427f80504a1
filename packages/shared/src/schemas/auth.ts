import { z } from 'zod';
import { asciiDigits, emailSchema, languageSchema, optionalString, passwordSchema, phoneSchema, requiredString } from './common.ts';

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
