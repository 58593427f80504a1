/**
 * PaymentProvider over the official `stripe` SDK: Checkout Sessions (mode payment, SAR line items),
 * webhooks verified with `stripe.webhooks.constructEvent`, health as a balance read. Pointed at the
 * sandbox payment peer through the SDK's host/port/protocol options when no key is configured.
 */
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import type { CheckoutInput, CheckoutSessionRef, PaymentEvent, PaymentProvider } from './provider.ts';

export function createStripeProvider(payments: Config['payments']): PaymentProvider {
  let client: Stripe | null = null;
  let clientFor = '';
  // built on first use: main.ts fills in the sandbox peer's port after the config is read
  const stripe = () => {
    const key = JSON.stringify(payments.api);
    if (!client || clientFor !== key) {
      client = new Stripe(payments.secretKey, {
        maxNetworkRetries: 1,
        timeout: 10_000,
        telemetry: false,
        ...(payments.api ? { host: payments.api.host, port: payments.api.port, protocol: payments.api.protocol } : {}),
      });
      clientFor = key;
    }
    return client;
  };
  const name = payments.provider === 'stripe' ? 'stripe' : 'sandbox';
  // the sandbox provider without its peer (main.ts did not start it): never fall through to Stripe's host
  const unreachable = () => name === 'sandbox' && !payments.api;

  return {
    name,
    async createCheckoutSession(input: CheckoutInput): Promise<CheckoutSessionRef> {
      if (unreachable()) throw new AppError('CHECKOUT_UNAVAILABLE');
      const session = await stripe().checkout.sessions.create({
        mode: 'payment',
        client_reference_id: String(input.accountId),
        ...(input.email ? { customer_email: input.email } : {}),
        line_items: input.lines.map((l) => ({
          quantity: l.quantity,
          price_data: { currency: input.currency.toLowerCase(), unit_amount: l.amount, product_data: { name: l.name } },
        })),
        metadata: input.metadata,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new AppError('SERVICE_UNAVAILABLE');
      return { id: session.id, url: session.url, amountTotal: session.amount_total ?? 0 };
    },
    verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      let event: Stripe.Event;
      try {
        event = stripe().webhooks.constructEvent(rawBody, signatureHeader, payments.webhookSecret);
      } catch {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      const out: PaymentEvent = { id: event.id, type: event.type, raw: event };
      if (event.type.startsWith('checkout.session.')) {
        const s = event.data.object as Stripe.Checkout.Session;
        out.session = {
          id: s.id,
          paid: s.payment_status === 'paid',
          amountTotal: s.amount_total ?? 0,
          currency: (s.currency ?? '').toUpperCase(),
          metadata: (s.metadata ?? {}) as Record<string, string>,
          paymentRef: typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null),
        };
      }
      return out;
    },
    async health() {
      if (unreachable()) return false;
      try {
        await stripe().balance.retrieve(undefined, { timeout: 3000, maxNetworkRetries: 0 });
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** No provider: checkout is unavailable and says so. */
export const offlineProvider: PaymentProvider = {
  name: 'offline',
  async createCheckoutSession() {
    throw new AppError('CHECKOUT_UNAVAILABLE');
  },
  verifyWebhook() {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  },
  async health() {
    return false;
  },
};

export function createPaymentProvider(config: Config): PaymentProvider {
  return config.payments.provider === 'offline' ? offlineProvider : createStripeProvider(config.payments);
}
