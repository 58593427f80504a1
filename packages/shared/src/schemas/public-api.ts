import { z } from 'zod';
import { CHANNELS } from '../constants.ts';
import { emailSchema, envelopeOf, messageTextSchema, optionalString } from './common.ts';
import { directSendResultSchema, MESSAGE_STATES, scheduleAtSchema } from './messages.ts';

/**
 * The public API (/api/v1) for machines, authenticated by an API key. Sends take the caller's own
 * `reference` (found again by GET /api/v1/messages/by-reference/{reference}) and an
 * `Idempotency-Key` header; lists page with an opaque cursor.
 */

/** A reference of the caller's own (an order number): letters, digits and . _ : - */
const referenceSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._:-]+$/, { error: 'apiKeys.validation.reference' })
  .optional()
  .nullable();

const toList = <T extends z.ZodType<string>>(item: T) =>
  z.union([item, z.array(item).max(1000, { error: 'validation.max' })]).transform((v) => (Array.isArray(v) ? v : [v]));

const audience = {
  customer_ids: z.array(z.number().int().positive()).max(1000, { error: 'validation.max' }).default([]),
  group_ids: z.array(z.number().int().positive()).max(100, { error: 'validation.max' }).default([]),
};
const hasRecipient = (v: { to: string[]; customer_ids: number[]; group_ids: number[] }) =>
  v.to.length + v.customer_ids.length + v.group_ids.length > 0;
const noRecipient = { error: 'messages.validation.noRecipients', path: ['to'] };

export const v1SendSmsSchema = z
  .object({
    /** one number or a list, in international form (+9665…) */
    to: toList(z.string().trim().min(1).max(32)).default([]),
    ...audience,
    text: messageTextSchema(1600).optional().nullable(),
    template_id: z.number().int().positive().optional().nullable(),
    sender_id: z.number().int().positive().optional().nullable(),
    schedule_at: scheduleAtSchema,
    reference: referenceSchema,
  })
  .refine(hasRecipient, noRecipient)
  .refine((v) => (v.text && v.text.trim() !== '') || v.template_id, { error: 'messages.validation.textOrTemplate', path: ['text'] });
export type V1SendSmsInput = z.infer<typeof v1SendSmsSchema>;

export const v1SendEmailSchema = z
  .object({
    to: toList(emailSchema).default([]),
    ...audience,
    subject: optionalString(255),
    html: z.string().max(500_000).optional().nullable(),
    text: z.string().max(100_000).optional().nullable(),
    template_id: z.number().int().positive().optional().nullable(),
    email_sender_id: z.number().int().positive().optional().nullable(),
    schedule_at: scheduleAtSchema,
    reference: referenceSchema,
  })
  .refine(hasRecipient, noRecipient)
  .refine((v) => v.template_id || (v.subject && (v.html || v.text)), { error: 'messages.validation.textOrTemplate', path: ['subject'] });
export type V1SendEmailInput = z.infer<typeof v1SendEmailSchema>;

export const v1SendWhatsappSchema = z
  .object({
    to: toList(z.string().trim().min(1).max(32)).default([]),
    ...audience,
    whatsapp_template_id: z.number().int().positive().optional().nullable(),
    params: z.array(z.string().max(1024)).max(20).default([]),
    text: messageTextSchema(4096).optional().nullable(),
    whatsapp_sender_id: z.number().int().positive().optional().nullable(),
    schedule_at: scheduleAtSchema,
    reference: referenceSchema,
  })
  .refine(hasRecipient, noRecipient)
  .refine((v) => (v.text && v.text.trim() !== '') || v.whatsapp_template_id, {
    error: 'messages.validation.textOrTemplate',
    path: ['text'],
  });
export type V1SendWhatsappInput = z.infer<typeof v1SendWhatsappSchema>;

export const idempotencyHeadersSchema = z.looseObject({
  /** the same key and body within 24 hours answers the first result again; nothing is sent twice */
  'idempotency-key': z.string().trim().min(1).max(255).optional(),
});

export const v1SendResultSchema = directSendResultSchema.extend({ reference: z.string().nullable() });
export type V1SendResult = z.infer<typeof v1SendResultSchema>;

export const v1MessageSchema = z.object({
  id: z.number(),
  channel: z.enum(CHANNELS),
  status: z.enum(MESSAGE_STATES),
  bulk_id: z.string(),
  campaign_id: z.number().nullable(),
  recipient: z.string(),
  sender: z.string().nullable(),
  parts: z.number(),
  credits: z.number(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  scheduled_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  read_at: z.string().nullable(),
  failed_at: z.string().nullable(),
});
export type V1Message = z.infer<typeof v1MessageSchema>;

export const v1MessageIdParamSchema = z.object({
  id: z.coerce.number({ error: 'validation.id' }).int().positive({ error: 'validation.id' }),
});
export const v1ReferenceParamSchema = z.object({ reference: z.string().trim().min(1).max(100) });

export const v1MessageListQuerySchema = z.object({
  bulk_id: z.string().trim().max(64).optional(),
  status: z.enum(MESSAGE_STATES).optional(),
  channel: z.enum(CHANNELS).optional(),
  from: z.string().datetime({ offset: true, error: 'validation.dateTime' }).optional(),
  to: z.string().datetime({ offset: true, error: 'validation.dateTime' }).optional(),
  limit: z.coerce.number().int().min(1, { error: 'validation.min' }).max(500, { error: 'validation.max' }).default(100),
  /** `next_cursor` of the previous page */
  cursor: z.string().trim().max(200).optional(),
});
export type V1MessageListQuery = z.infer<typeof v1MessageListQuerySchema>;

export const v1MessagePageSchema = z.object({
  items: z.array(v1MessageSchema),
  /** pass as `cursor` for the next page; null on the last page */
  next_cursor: z.string().nullable(),
});

export const v1ReferenceSchema = z.object({ reference: z.string(), bulk_id: z.string(), messages: z.array(v1MessageSchema) });

export const v1SendEnvelopeSchema = envelopeOf(v1SendResultSchema);
export const v1MessageEnvelopeSchema = envelopeOf(v1MessageSchema);
export const v1MessagePageEnvelopeSchema = envelopeOf(v1MessagePageSchema);
export const v1ReferenceEnvelopeSchema = envelopeOf(v1ReferenceSchema);

/** PUT /api/v1/customers: create or update the customer with this mobile number (else this email). */
export const v1CustomerIdParamSchema = v1MessageIdParamSchema;
export const v1GroupIdParamSchema = v1MessageIdParamSchema;
export const v1CustomerUpsertResultSchema = z.object({ id: z.number(), created: z.boolean() });
export const v1CustomerUpsertEnvelopeSchema = envelopeOf(v1CustomerUpsertResultSchema);
