/**
 * Billing: plans, the account's subscription, checkout, invoices and payments. Every
 * amount is an integer in minor units (halalas) with its currency ('SAR'); VAT and discounts are
 * in basis points (1500 = 15 %).
 */
import { z } from 'zod';
import { envelopeOf } from './common.ts';

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
export const SUBSCRIPTION_STATUSES = ['TRIAL', 'ACTIVE', 'CANCELED', 'EXPIRED', 'SUSPENDED'] as const;
/** §4 invoice states; OVERDUE is computed (NOT_PAID or PARTIALLY_PAID past the due date). */
export const INVOICE_STATUSES = ['PAID', 'PARTIALLY_PAID', 'NOT_PAID', 'OVERDUE', 'POST_PAID', 'REVERSED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** §3 payment types */
export const PAYMENT_METHODS = ['visa', 'cash', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Destination classes of an SMS part (decided from the number's country and operator prefix). */
export const DESTINATION_CLASSES = ['on_net', 'off_net', 'international'] as const;
export type DestinationClass = (typeof DESTINATION_CLASSES)[number];

export const planOfferSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** monthly price, minor units */
  price: z.number().int(),
  yearly_price: z.number().int(),
  currency: z.string(),
  interval: z.string(),
  vat_bp: z.number().int(),
  recommended: z.boolean(),
  /** catalogue keys (e.g. "plans.features.users3") */
  features: z.array(z.string()),
  included: z.object({ sms: z.number().int(), email: z.number().int(), whatsapp: z.number().int() }),
  /** minor units per message part */
  rates: z.object({
    on_net: z.number().int(),
    off_net: z.number().int(),
    international: z.number().int(),
    email: z.number().int(),
    whatsapp: z.number().int(),
  }),
  /** null: unlimited */
  limits: z.object({
    users: z.number().int().nullable(),
    brands: z.number().int().nullable(),
    customers: z.number().int().nullable(),
    ai: z.boolean(),
  }),
});
export type PlanOffer = z.infer<typeof planOfferSchema>;
export const planListEnvelopeSchema = envelopeOf(z.object({ items: z.array(planOfferSchema) }));

export const subscriptionHealthSchema = z.object({
  status: z.literal('ok'),
  /** which provider takes payments: Stripe, the local sandbox peer, or none */
  payments: z.enum(['stripe', 'sandbox', 'offline']),
  /** the provider answered just now */
  checkout_available: z.boolean(),
});
export const subscriptionHealthEnvelopeSchema = envelopeOf(subscriptionHealthSchema);

export const checkoutRequestSchema = z.object({
  plan_key: z.string().trim().min(1).max(50),
  interval: z.enum(BILLING_INTERVALS).default('month'),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
export const checkoutSessionSchema = z.object({
  id: z.string(),
  url: z.string(),
  amount: z.number().int(),
  vat_amount: z.number().int(),
  currency: z.string(),
});
export const checkoutSessionEnvelopeSchema = envelopeOf(checkoutSessionSchema);

export const subscriptionViewSchema = z.object({
  plan_key: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  interval: z.enum(BILLING_INTERVALS),
  price: z.number().int(),
  currency: z.string(),
  discount_bp: z.number().int(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  next_plan_key: z.string().nullable(),
  /** per channel: credits consumed and remaining */
  credits: z.array(z.object({ channel: z.string(), consumed: z.number().int(), remaining: z.number().int() })),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;
export const subscriptionEnvelopeSchema = envelopeOf(subscriptionViewSchema);

export const changePlanSchema = z.object({ plan_key: z.string().trim().min(1).max(50) });

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  net: z.number().int(),
  vat: z.number().int(),
  total: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  kind: z.enum(['invoice', 'credit_note']),
  reverses_id: z.number().int().nullable(),
  status: z.enum(INVOICE_STATUSES),
  currency: z.string(),
  vat_bp: z.number().int(),
  total_before_discount: z.number().int(),
  discount_bp: z.number().int(),
  discount_amount: z.number().int(),
  total_after_discount: z.number().int(),
  vat_amount: z.number().int(),
  total_with_vat: z.number().int(),
  amount_paid: z.number().int(),
  remaining_amount: z.number().int(),
  lines: z.array(invoiceLineSchema),
  issued_at: z.string(),
  due_at: z.string(),
  /** split into instalments: the earliest unpaid due's date (OVERDUE follows it); null otherwise */
  next_due_at: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListEnvelopeSchema = envelopeOf(z.object({ items: z.array(invoiceSchema) }));
export const invoiceEnvelopeSchema = envelopeOf(invoiceSchema);

/** POST /api/subscription/cancel: cancel at the period's end, or (resume) undo it. */
export const cancelSubscriptionSchema = z.object({ resume: z.boolean().default(false) });

/** The payment provider's webhook answer: what became of the signed event. */
export const paymentEventReceiptSchema = z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored']) });
