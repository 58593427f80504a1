import { idParamSchema } from '@risala/shared/schemas/common';
import {
  connectionDeletedEnvelopeSchema,
  connectionEnvelopeSchema,
  connectionListQuerySchema,
  connectionPageEnvelopeSchema,
  connectionStatusEnvelopeSchema,
  createConnectionSchema,
  updateConnectionSchema,
} from '@risala/shared/schemas/gateway';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLanguage } from '../../lib/http.ts';
import { planGate, requireAuth, requirePermission } from '../auth/index.ts';
import * as connections from './connections.service.ts';

/**
 * /api/gateway/connections — SMPP and HTTP connections (§3) with start/stop/restart and live
 * status (§4), in the `sender` permission area; writes are plan-gated. Closing the app closes
 * the live sessions this process holds.
 */
export function connectionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['gateway'];
    const view = { preHandler: [requirePermission('gateway', 'view')] };
    const create = { preHandler: [requirePermission('gateway', 'create'), planGate] };
    const change = { preHandler: [requirePermission('gateway', 'update'), planGate] };
    const del = { preHandler: [requirePermission('gateway', 'delete'), planGate] };

    app.get(
      '/',
      {
        ...view,
        schema: {
          tags,
          summary: 'List the SMS connections',
          querystring: connectionListQuerySchema,
          response: { 200: connectionPageEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await connections.list(ctx, requireAuth(req), req.query, requestLanguage(req))),
    );
    app.post(
      '/',
      {
        ...create,
        schema: {
          tags,
          summary: 'Create an SMPP or HTTP connection',
          body: createConnectionSchema,
          response: { 201: connectionEnvelopeSchema },
        },
      },
      async (req, reply) =>
        ok(reply, await connections.create(ctx, requireAuth(req), req.body, requestLanguage(req)), 'Connection created', 201),
    );
    app.get(
      '/:id',
      { ...view, schema: { tags, summary: 'Get a connection', params: idParamSchema, response: { 200: connectionEnvelopeSchema } } },
      async (req, reply) => ok(reply, await connections.get(ctx, requireAuth(req), req.params.id, requestLanguage(req))),
    );
    app.put(
      '/:id',
      {
        ...change,
        schema: {
          tags,
          summary: 'Update a connection',
          params: idParamSchema,
          body: updateConnectionSchema,
          response: { 200: connectionEnvelopeSchema },
        },
      },
      async (req, reply) =>
        ok(reply, await connections.update(ctx, requireAuth(req), req.params.id, req.body, requestLanguage(req)), 'Connection updated'),
    );
    app.delete(
      '/:id',
      {
        ...del,
        schema: { tags, summary: 'Delete a connection', params: idParamSchema, response: { 200: connectionDeletedEnvelopeSchema } },
      },
      async (req, reply) => {
        await connections.remove(ctx, requireAuth(req), req.params.id);
        return ok(reply, null, 'Connection deleted');
      },
    );
    app.get(
      '/:id/status',
      {
        ...view,
        schema: {
          tags,
          summary: 'The live status of a connection',
          params: idParamSchema,
          response: { 200: connectionStatusEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await connections.status(ctx, requireAuth(req), req.params.id, requestLanguage(req))),
    );
    app.post(
      '/:id/start',
      { ...change, schema: { tags, summary: 'Start a connection', params: idParamSchema, response: { 200: connectionEnvelopeSchema } } },
      async (req, reply) =>
        ok(reply, await connections.start(ctx, requireAuth(req), req.params.id, requestLanguage(req)), 'Connection started'),
    );
    app.post(
      '/:id/stop',
      { ...change, schema: { tags, summary: 'Stop a connection', params: idParamSchema, response: { 200: connectionEnvelopeSchema } } },
      async (req, reply) =>
        ok(reply, await connections.stop(ctx, requireAuth(req), req.params.id, requestLanguage(req)), 'Connection stopped'),
    );
    app.post(
      '/:id/restart',
      { ...change, schema: { tags, summary: 'Restart a connection', params: idParamSchema, response: { 200: connectionEnvelopeSchema } } },
      async (req, reply) =>
        ok(reply, await connections.restart(ctx, requireAuth(req), req.params.id, requestLanguage(req)), 'Connection restarted'),
    );
  };
}
