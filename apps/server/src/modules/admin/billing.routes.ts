/**
 * /api/admin/accounts/:id/billing…: an operator's view of an account's invoices, dues and payments,
 * and the three things only an operator does — record a cash or bank-transfer payment, split an
 * invoice into instalments, reverse an invoice with a credit note. Each is audited in the account.
 */
import { idParamSchema } from '@risala/shared/schemas/common';
import {
  accountInvoiceParamSchema,
  adminBillingEnvelopeSchema,
  instalmentPlanSchema,
  manualPaymentSchema,
  reverseInvoiceSchema,
} from '@risala/shared/schemas/billing-dues';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/http.ts';
import { adminBillingView, recordManualPayment, reverseWithCreditNote, setInstalments } from '../billing/index.ts';
import { operatorActor, requireOperator } from './operators.service.ts';

const accountParam = idParamSchema;
const invoiceParam = accountInvoiceParamSchema;

export function adminBillingRoutes(base: FastifyInstance, ctx: AppContext) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const response = { 200: adminBillingEnvelopeSchema };
  app.get(
    '/accounts/:id/billing',
    { schema: { tags, summary: 'An account’s invoices with their dues, its payments and standing', params: accountParam, response } },
    async (req, reply) => ok(reply, await adminBillingView(ctx, req.params.id)),
  );
  app.post(
    '/accounts/:id/payments',
    {
      schema: {
        tags,
        summary: 'Record a cash or bank-transfer payment against an invoice (or one of its dues); audited',
        params: accountParam,
        body: manualPaymentSchema,
        response,
      },
    },
    async (req, reply) => {
      await recordManualPayment(ctx, operatorActor(requireOperator(req)), req.params.id, req.body, req.ip);
      return ok(reply, await adminBillingView(ctx, req.params.id), 'Payment recorded');
    },
  );
  app.post(
    '/accounts/:id/invoices/:invoiceId/instalments',
    {
      schema: {
        tags,
        summary: 'Split what an invoice still owes into instalments with their due dates; audited',
        params: invoiceParam,
        body: instalmentPlanSchema,
        response,
      },
    },
    async (req, reply) => {
      await setInstalments(ctx, operatorActor(requireOperator(req)), req.params.id, req.params.invoiceId, req.body, req.ip);
      return ok(reply, await adminBillingView(ctx, req.params.id), 'Instalments set');
    },
  );
  app.post(
    '/accounts/:id/invoices/:invoiceId/reverse',
    {
      schema: {
        tags,
        summary: 'Reverse an invoice with a numbered credit note (the original kept, REVERSED); audited',
        params: invoiceParam,
        body: reverseInvoiceSchema,
        response,
      },
    },
    async (req, reply) => {
      await reverseWithCreditNote(ctx, operatorActor(requireOperator(req)), req.params.id, req.params.invoiceId, req.body.reason, req.ip);
      return ok(reply, await adminBillingView(ctx, req.params.id), 'Invoice reversed');
    },
  );
}
