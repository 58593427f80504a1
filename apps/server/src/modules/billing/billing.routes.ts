/**
 * /api/subscription (health and plans in public; checkout and changes signed in), /api/billing
 * (invoices), /webhooks/stripe (the provider's signed events; body read raw for the signature).
 */
import {
  cancelSubscriptionSchema,
  paymentEventReceiptSchema,
  changePlanSchema,
  checkoutRequestSchema,
  checkoutSessionEnvelopeSchema,
  invoiceEnvelopeSchema,
  invoiceListEnvelopeSchema,
  planListEnvelopeSchema,
  subscriptionEnvelopeSchema,
  subscriptionHealthEnvelopeSchema,
} from '@risala/shared/schemas/billing';
import { billingStandingEnvelopeSchema, paymentsPageEnvelopeSchema, paymentsQuerySchema } from '@risala/shared/schemas/billing-dues';
import { fileResponse, idParamSchema } from '@risala/shared/schemas/common';
import { can } from '@risala/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { requireAuth, requirePermission } from '../auth/index.ts';
import { applyPaymentEvent, startCheckout } from './checkout.service.ts';
import { listDues, listPayments, toDue } from './dues.repo.ts';
import { standing } from './dues.service.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { findInvoice, listInvoices, toInvoice } from './invoices.service.ts';
import { allPlans, toOffer } from './plans.repo.ts';
import { scheduleDowngrade, setCancel, subscriptionView } from './subscription.service.ts';

/** Public: GET /api/subscription/health and /plans. */
export function subscriptionPublicRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['subscription'];
    app.get(
      '/health',
      { schema: { tags, summary: 'The payment provider and whether it answers now', response: { 200: subscriptionHealthEnvelopeSchema } } },
      async (_req, reply) => {
        return ok(reply, { status: 'ok' as const, payments: ctx.payments.name, checkout_available: await ctx.payments.health() });
      },
    );
    app.get(
      '/plans',
      { schema: { tags, summary: 'The plan catalogue (prices in halalas, SAR)', response: { 200: planListEnvelopeSchema } } },
      async (_req, reply) => ok(reply, { items: (await allPlans(ctx.db)).filter((p) => p.public).map(toOffer) }),
    );
  };
}

/** Signed in: the account's subscription, checkout and plan changes. */
export function subscriptionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['subscription'];
    app.get(
      '/current',
      {
        schema: {
          tags,
          summary: 'The account’s subscription, with credits consumed and remaining',
          response: { 200: subscriptionEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await subscriptionView(ctx.db, requireAuth(req).accountId)),
    );
    app.post(
      '/create-checkout-session',
      {
        schema: {
          tags,
          summary: 'Start paying for a plan: a hosted checkout page (trial → paid, or an upgrade prorated for the rest of the period)',
          body: checkoutRequestSchema,
          response: { 200: checkoutSessionEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await startCheckout(ctx, ctx.payments, requireAuth(req), req.body)),
    );
    app.post(
      '/downgrade',
      {
        schema: {
          tags,
          summary: 'Move to a cheaper plan at the end of the period',
          body: changePlanSchema,
          response: { 200: subscriptionEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await scheduleDowngrade(ctx, requireAuth(req), req.body.plan_key)),
    );
    app.post(
      '/cancel',
      {
        schema: {
          tags,
          summary: 'Cancel at the end of the period (resume: false undoes it)',
          body: cancelSubscriptionSchema,
          response: { 200: subscriptionEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await setCancel(ctx, requireAuth(req), !req.body.resume)),
    );
  };
}

/** Signed in: /api/billing/invoices, /payments (payments, dues and standing), /standing. */
export function billingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['billing'];
    app.get(
      '/standing',
      {
        schema: {
          tags,
          summary: 'Whether sending is suspended for an overdue payment (every user); what is owed (billing viewers only)',
          response: { 200: billingStandingEnvelopeSchema },
        },
      },
      async (req, reply) => {
        const auth = requireAuth(req);
        const s = await standing(ctx.db, ctx, auth.accountId);
        if (can(auth.permissions, 'billing', 'view')) return ok(reply, s);
        return ok(reply, { ...s, outstanding_amount: 0, overdue_amount: 0, next_due_at: null, suspends_at: null });
      },
    );
    app.get(
      '/payments',
      {
        schema: {
          tags,
          summary: 'Payments received (newest first, in pages), the instalments due and the account’s standing',
          querystring: paymentsQuerySchema,
          response: { 200: paymentsPageEnvelopeSchema },
        },
        preHandler: requirePermission('billing', 'view'),
      },
      async (req, reply) => {
        const { accountId } = requireAuth(req);
        const now = new Date();
        const payments = await listPayments(ctx.db, accountId, req.query.limit + 1, req.query.cursor);
        const more = payments.length > req.query.limit;
        const page = payments.slice(0, req.query.limit);
        return ok(reply, {
          standing: await standing(ctx.db, ctx, accountId, now),
          payments: page,
          next_cursor: more ? (page.at(-1)?.id ?? null) : null,
          dues: (await listDues(ctx.db, accountId)).map((d) => toDue(d, now)),
        });
      },
    );
    app.get(
      '/invoices',
      {
        schema: { tags, summary: 'The account’s invoices and credit notes', response: { 200: invoiceListEnvelopeSchema } },
        preHandler: requirePermission('billing', 'view'),
      },
      async (req, reply) => ok(reply, { items: (await listInvoices(ctx.db, requireAuth(req).accountId)).map((r) => toInvoice(r)) }),
    );
    app.get(
      '/invoices/:id',
      {
        schema: { tags, summary: 'One invoice', params: idParamSchema, response: { 200: invoiceEnvelopeSchema } },
        preHandler: requirePermission('billing', 'view'),
      },
      async (req, reply) => ok(reply, toInvoice(await findInvoice(ctx.db, requireAuth(req).accountId, req.params.id))),
    );
    app.get(
      '/invoices/:id/pdf',
      {
        schema: {
          tags,
          summary: 'The invoice as a bilingual PDF (English and Arabic) with the ZATCA QR code',
          params: idParamSchema,
          response: { 200: fileResponse('application/pdf', 'The invoice PDF') },
        },
        preHandler: requirePermission('billing', 'view'),
      },
      async (req, reply) => {
        const accountId = requireAuth(req).accountId;
        const inv = await findInvoice(ctx.db, accountId, req.params.id);
        const reverses = inv.reverses_id ? (await findInvoice(ctx.db, accountId, inv.reverses_id)).number : null;
        const pdf = await invoicePdf(inv, new Date(), reverses);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="invoice-${inv.number}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  };
}

/** /webhooks/stripe: the provider's signed events (Stripe-Signature over the raw body). */
export function paymentWebhookRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    app.post(
      '/',
      {
        schema: {
          tags: ['subscription'],
          summary: 'Payment provider events (checkout.session.completed, …), signed; each applied once',
          response: { 200: paymentEventReceiptSchema },
        },
      },
      async (req, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const header = req.headers['stripe-signature'];
        const event = ctx.payments.verifyWebhook(raw, Array.isArray(header) ? header[0] : header);
        const outcome = await applyPaymentEvent(ctx, ctx.payments, event);
        return reply.code(200).send({ received: true as const, outcome });
      },
    );
  };
}
