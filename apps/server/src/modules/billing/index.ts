/**
 * The billing module's front door: plans as data and their limits, the subscription, checkout
 * through a payment provider (Stripe's SDK, against Stripe or the sandbox payment peer), invoices,
 * payments and dues (instalments, reminders, suspension for an overdue debt).
 */
export { assertAiIncluded, assertWithinPlan, planLimit, planOf } from './plans.repo.ts';
export { renewDue } from './subscription.service.ts';
export type { PaymentProvider } from './provider.ts';
export { createPaymentProvider } from './stripe-provider.ts';
export { adminBillingView } from './admin-view.ts';
export { assertSendingAllowed, duesTick, recordManualPayment, reverseWithCreditNote, setInstalments } from './dues.service.ts';
export { billingJobs } from './jobs.ts';
