import { z } from 'zod';
import { emailSchema, envelopeOf, languageSchema, nameSchema } from './common.ts';
import { CHANNELS } from '../constants.ts';

/**
 * Sub-accounts (/sub-accounts): a parent account (a reseller, a group) creates
 * accounts of its own clients or brands, each with its own users and data. The parent sees each
 * one's usage (never its customers, messages or users) and gives it message credits from its own
 * balance. One level: a sub-account cannot have sub-accounts.
 */
export const createSubAccountSchema = z.object({
  name: nameSchema(200),
  /** the sub-account's first owner: invited by email (a signed, expiring link) */
  owner_email: emailSchema,
  owner_first_name: z.string().trim().max(100).optional(),
  owner_last_name: z.string().trim().max(100).optional(),
  language: languageSchema.optional(),
});
export type CreateSubAccountInput = z.infer<typeof createSubAccountSchema>;

export const allocateCreditsSchema = z.object({
  channel: z.enum(CHANNELS, { error: 'validation.required' }),
  amount: z.coerce
    .number({ error: 'validation.required' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.min' })
    .max(100_000_000, { error: 'validation.max' }),
});
export type AllocateCreditsInput = z.infer<typeof allocateCreditsSchema>;

const channelFigures = z.object({ sms: z.number(), email: z.number(), whatsapp: z.number() });

export const subAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  plan: z.string(),
  created_at: z.string(),
  /** the first owner's address and whether they accepted yet */
  owner_email: z.string().nullable(),
  owner_status: z.enum(['ACTIVE', 'INVITED']),
  users: z.number().int(),
  /** messages created in the last 30 days, per channel */
  messages_30d: channelFigures,
  /** credit balances per channel */
  credits: channelFigures,
});
export type SubAccount = z.infer<typeof subAccountSchema>;

export const subAccountListSchema = z.object({
  items: z.array(subAccountSchema),
  /** the parent's own balances (what can be allocated) */
  own_credits: channelFigures,
  /** false inside a sub-account (one level only) */
  can_create: z.boolean(),
});
export type SubAccountList = z.infer<typeof subAccountListSchema>;
export const subAccountListEnvelopeSchema = envelopeOf(subAccountListSchema);
export const subAccountEnvelopeSchema = envelopeOf(subAccountSchema);
