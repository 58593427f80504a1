/**
 * The billing module's front door: plans as data and their limits, the subscription, checkout
 * through a payment provider (Stripe's SDK, against Stripe or the sandbox payment peer), invoices.
 */
export { assertAiIncluded, assertWithinPlan, planLimit, planOf } from './plans.repo.ts';
export { renewDue } from './subscription.service.ts';
export type { PaymentProvider } from './provider.ts';
export { createPaymentProvider } from './stripe-provider.ts';
