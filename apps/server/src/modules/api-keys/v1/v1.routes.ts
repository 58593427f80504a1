import { campaignReportEnvelopeSchema } from '@risala/shared/schemas/campaign-report';
import { errorEnvelopeSchema, idEnvelopeSchema } from '@risala/shared/schemas/common';
import { customerInputSchema } from '@risala/shared/schemas/customers';
import { memberIdsSchema, membersAddedEnvelopeSchema, membersRemovedEnvelopeSchema } from '@risala/shared/schemas/groups';
import {
  idempotencyHeadersSchema,
  v1CustomerIdParamSchema,
  v1CustomerUpsertEnvelopeSchema,
  v1GroupIdParamSchema,
  v1MessageEnvelopeSchema,
  v1MessageIdParamSchema,
  v1MessageListQuerySchema,
  v1MessagePageEnvelopeSchema,
  v1ReferenceEnvelopeSchema,
  v1ReferenceParamSchema,
  v1SendEmailSchema,
  v1SendEnvelopeSchema,
  v1SendSmsSchema,
  v1SendWhatsappSchema,
} from '@risala/shared/schemas/public-api';
import type { V1SendResult } from '@risala/shared/schemas/public-api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { ok, requestLanguage } from '../../../lib/http.ts';
import type { ApiKeyPrincipal } from '../api-keys.service.ts';
import { registerKeyAuth, requireApiKey } from '../key-auth.ts';
import { idempotent } from './idempotency.ts';
import * as v1 from './v1.service.ts';

const tags = ['Public API v1'];
/** an API key, in either form (docs: Authorization) */
const security: Record<string, string[]>[] = [{ apiKeyBasic: [] }, { apiKeyBearer: [] }];

/**
 * /api/v1 — the public API for machines, authenticated by an API key (key-auth.ts), never by a
 * session. Every operation names its operationId and the scope it needs.
 */
export function publicApiRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerKeyAuth(app, ctx);

    const sendSchema = (operationId: string, summary: string) => ({
      tags,
      operationId,
      summary,
      security,
      headers: idempotencyHeadersSchema,
      response: { 201: v1SendEnvelopeSchema, 200: v1SendEnvelopeSchema, 422: errorEnvelopeSchema },
    });
    /** the send under its Idempotency-Key (idempotency.ts) */
    const sendOnce = <I>(
      req: FastifyRequest & { body: I; headers: { 'idempotency-key'?: string } },
      reply: FastifyReply,
      operation: string,
      run: (ctx: AppContext, key: ApiKeyPrincipal, input: I) => Promise<V1SendResult>,
    ) => {
      const key = requireApiKey(req);
      return idempotent(
        ctx,
        reply,
        { accountId: key.accountId, key: req.headers['idempotency-key'], operation, body: req.body },
        async () => {
          const data = await run(ctx, key, req.body);
          return { statusCode: 201, message: data.scheduled_at ? 'Messages scheduled' : 'Messages queued', data };
        },
      );
    };

    app.post(
      '/messages/sms',
      { config: { scope: 'sms:send' }, schema: { ...sendSchema('sendSms', 'Send SMS now or at a time'), body: v1SendSmsSchema } },
      (req, reply) => sendOnce(req, reply, 'sendSms', v1.sendSmsV1),
    );
    app.post(
      '/messages/email',
      { config: { scope: 'email:send' }, schema: { ...sendSchema('sendEmail', 'Send email now or at a time'), body: v1SendEmailSchema } },
      (req, reply) => sendOnce(req, reply, 'sendEmail', v1.sendEmailV1),
    );
    app.post(
      '/messages/whatsapp',
      {
        config: { scope: 'whatsapp:send' },
        schema: {
          ...sendSchema('sendWhatsApp', 'Send WhatsApp: an approved template, or text within 24 hours of the customer’s last message'),
          body: v1SendWhatsappSchema,
        },
      },
      (req, reply) => sendOnce(req, reply, 'sendWhatsApp', v1.sendWhatsappV1),
    );

    app.get(
      '/messages',
      {
        config: { scope: 'messages:read' },
        schema: {
          tags,
          operationId: 'listMessages',
          summary: 'Messages by send (bulk_id), status, channel and time, newest first, in cursor pages',
          security,
          querystring: v1MessageListQuerySchema,
          response: { 200: v1MessagePageEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await v1.listMessages(ctx, requireApiKey(req), req.query, requestLanguage(req))),
    );
    app.get(
      '/messages/by-reference/:reference',
      {
        config: { scope: 'messages:read' },
        schema: {
          tags,
          operationId: 'getMessageByReference',
          summary: 'The messages of a send, found by the reference you gave it',
          security,
          params: v1ReferenceParamSchema,
          response: { 200: v1ReferenceEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await v1.messagesByReference(ctx, requireApiKey(req), req.params.reference, requestLanguage(req))),
    );
    app.get(
      '/messages/:id',
      {
        config: { scope: 'messages:read' },
        schema: {
          tags,
          operationId: 'getMessageStatus',
          summary: 'A message’s status and times',
          security,
          params: v1MessageIdParamSchema,
          response: { 200: v1MessageEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await v1.messageStatus(ctx, requireApiKey(req), req.params.id, requestLanguage(req))),
    );
    app.put(
      '/customers',
      {
        config: { scope: 'customers:write' },
        schema: {
          tags,
          operationId: 'upsertCustomer',
          summary: 'Create or update a customer, matched by mobile number (else email)',
          security,
          body: customerInputSchema,
          response: { 200: v1CustomerUpsertEnvelopeSchema },
        },
      },
      async (req, reply) => {
        const data = await v1.upsertCustomer(ctx, requireApiKey(req), req.body);
        return ok(reply, data, data.created ? 'Customer created' : 'Customer updated');
      },
    );
    app.delete(
      '/customers/:id',
      {
        config: { scope: 'customers:write' },
        schema: {
          tags,
          operationId: 'deleteCustomer',
          summary: 'Delete a customer',
          security,
          params: v1CustomerIdParamSchema,
          response: { 200: idEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await v1.deleteCustomer(ctx, requireApiKey(req), req.params.id), 'Customer deleted'),
    );
    app.post(
      '/groups/:id/members',
      {
        config: { scope: 'customers:write' },
        schema: {
          tags,
          operationId: 'addGroupMembers',
          summary: 'Add customers to a static group',
          security,
          params: v1GroupIdParamSchema,
          body: memberIdsSchema,
          response: { 200: membersAddedEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await v1.addMembers(ctx, requireApiKey(req), req.params.id, req.body), 'Members added'),
    );
    app.post(
      '/groups/:id/members/remove',
      {
        config: { scope: 'customers:write' },
        schema: {
          tags,
          operationId: 'removeGroupMembers',
          summary: 'Remove customers from a static group',
          security,
          params: v1GroupIdParamSchema,
          body: memberIdsSchema,
          response: { 200: membersRemovedEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await v1.removeMembers(ctx, requireApiKey(req), req.params.id, req.body), 'Members removed'),
    );
    app.get(
      '/campaigns/:id/report',
      {
        config: { scope: 'reports:read' },
        schema: {
          tags,
          operationId: 'getCampaignReport',
          summary: 'A campaign’s report: funnel, timeline, cost, errors',
          security,
          params: v1GroupIdParamSchema,
          response: { 200: campaignReportEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await v1.report(ctx, requireApiKey(req), req.params.id, requestLanguage(req))),
    );
  };
}
