/**
 * The payment provider interface: what billing needs from whoever takes the money. Stripe (the
 * official SDK) implements it, against Stripe itself or the sandbox payment peer; a Saudi provider
 * (mada cards through a local acquirer) would be another implementation of the same three calls.
 */
export interface CheckoutLine {
  name: string;
  /** minor units, VAT included or not as the line says */
  amount: number;
  quantity: number;
}

export interface CheckoutInput {
  accountId: number;
  userId: number;
  email: string | null;
  currency: string;
  lines: CheckoutLine[];
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSessionRef {
  id: string;
  url: string;
  amountTotal: number;
}

/** A verified provider event, reduced to what billing applies. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** for checkout events: the session */
  session?: {
    id: string;
    paid: boolean;
    amountTotal: number;
    currency: string;
    metadata: Record<string, string>;
    paymentRef: string | null;
  };
  raw: unknown;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox' | 'offline';
  createCheckoutSession(input: CheckoutInput): Promise<CheckoutSessionRef>;
  /** verifies the signature over the raw body; throws when it does not hold */
  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): PaymentEvent;
  /** true when the provider answers now */
  health(): Promise<boolean>;
}
