/**
 * Payments and dues (/billing/payments): the payments received (card, cash, bank transfer), an
 * invoice split into instalments (dues with their own due dates), and whether the account is
 * suspended for billing. Amounts are integers in minor units (halalas) with their currency.
 */
import { z } from 'zod';
import { envelopeOf, idParamSchema } from './common.ts';
import { PAYMENT_METHODS } from './billing.ts';

/** A due's state: computed from what is paid and the due date (OVERDUE has no stored form). */
export const DUE_STATES = ['due', 'paid', 'overdue'] as const;
export type DueState = (typeof DUE_STATES)[number];

export const paymentSchema = z.object({
  id: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().int(),
  currency: z.string(),
  invoice_id: z.number().int().nullable(),
  invoice_number: z.number().int().nullable(),
  due_id: z.number().int().nullable(),
  reference: z.string(),
  paid_at: z.string(),
  /** recorded by a platform operator (cash, bank transfer) rather than by the card checkout */
  manual: z.boolean(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const dueSchema = z.object({
  id: z.number().int(),
  invoice_id: z.number().int(),
  invoice_number: z.number().int(),
  seq: z.number().int(),
  amount: z.number().int(),
  amount_paid: z.number().int(),
  remaining_amount: z.number().int(),
  currency: z.string(),
  due_at: z.string(),
  paid_at: z.string().nullable(),
  state: z.enum(DUE_STATES),
});
export type Due = z.infer<typeof dueSchema>;

export const billingStandingSchema = z.object({
  /** when sending was suspended for an overdue debt; null while the account is in good standing */
  suspended_at: z.string().nullable(),
  /** what is owed now (unpaid invoices and dues), and how much of it is overdue */
  outstanding_amount: z.number().int(),
  overdue_amount: z.number().int(),
  currency: z.string(),
  /** the earliest due date still unpaid */
  next_due_at: z.string().nullable(),
  /** days a due may stay overdue before sending is suspended */
  grace_days: z.number().int(),
  /** when the oldest overdue debt suspends sending, if it is not paid by then */
  suspends_at: z.string().nullable(),
});
export type BillingStanding = z.infer<typeof billingStandingSchema>;

export const paymentsQuerySchema = z.object({
  /** the last payment id of the previous page (newest first) */
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const paymentsPageSchema = z.object({
  standing: billingStandingSchema,
  payments: z.array(paymentSchema),
  next_cursor: z.number().int().nullable(),
  dues: z.array(dueSchema),
});
export type PaymentsPage = z.infer<typeof paymentsPageSchema>;
export const paymentsPageEnvelopeSchema = envelopeOf(paymentsPageSchema);
export const billingStandingEnvelopeSchema = envelopeOf(billingStandingSchema);

const minor = z.number({ error: 'validation.required' }).int({ error: 'validation.integer' });
const when = z.iso.datetime({ offset: true, error: 'validation.date' });

/** An operator records money received outside the card checkout, against an invoice (and one of its dues). */
export const manualPaymentSchema = z.object({
  invoice_id: z.number().int().positive(),
  due_id: z.number().int().positive().optional(),
  method: z.enum(['cash', 'bank_transfer'], { error: 'validation.required' }),
  amount: minor.min(1, { error: 'validation.min' }).max(100_000_000_00, { error: 'validation.max' }),
  reference: z.string().trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.max' }),
  paid_at: when.optional(),
  note: z.string().trim().max(500, { error: 'validation.max' }).optional(),
});
export type ManualPaymentInput = z.infer<typeof manualPaymentSchema>;

/** An operator splits what an invoice still owes into instalments (2 to 12 dues). */
export const instalmentPlanSchema = z.object({
  dues: z
    .array(z.object({ amount: minor.min(1, { error: 'validation.min' }), due_at: when }))
    .min(2, { error: 'validation.min' })
    .max(12, { error: 'validation.max' }),
});
export type InstalmentPlanInput = z.infer<typeof instalmentPlanSchema>;

/** An operator reverses an invoice with a credit note; the reason is kept on the original. */
export const reverseInvoiceSchema = z.object({
  reason: z.string().trim().min(3, { error: 'validation.min' }).max(500, { error: 'validation.max' }),
});

export const adminInvoiceSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  kind: z.enum(['invoice', 'credit_note']),
  status: z.string(),
  currency: z.string(),
  total_with_vat: z.number().int(),
  amount_paid: z.number().int(),
  remaining_amount: z.number().int(),
  issued_at: z.string(),
  due_at: z.string(),
  next_due_at: z.string().nullable(),
  dues: z.array(dueSchema),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;
export const adminBillingSchema = z.object({
  standing: billingStandingSchema,
  invoices: z.array(adminInvoiceSchema),
  payments: z.array(paymentSchema),
});
export type AdminBilling = z.infer<typeof adminBillingSchema>;
export const adminBillingEnvelopeSchema = envelopeOf(adminBillingSchema);

/** /api/admin/accounts/:id/invoices/:invoiceId/…: the account and one of its invoices. */
export const accountInvoiceParamSchema = idParamSchema.extend({
  invoiceId: z.coerce.number({ error: 'validation.id' }).int({ error: 'validation.id' }).positive({ error: 'validation.id' }),
});
