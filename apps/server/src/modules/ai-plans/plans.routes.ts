import fastifySse from '@fastify/sse';
import { idParamSchema } from '@risala/shared';
import { campaignContentGenerateSchema, contentEnvelopeSchema } from '@risala/shared/schemas/ai-content';
import {
  aiPlanEnvelopeSchema,
  aiPlanListEnvelopeSchema,
  aiPlanListQuerySchema,
  aiPlanRejectSchema,
  aiPlanRequestSchema,
  aiPlanStatsEnvelopeSchema,
  aiPlanUpdateSchema,
  applyEnvelopeSchema,
  campaignPlanRequestSchema,
  deletedPlanEnvelopeSchema,
  marketingPlanEnvelopeSchema,
  personalizeRequestSchema,
  planBodyEnvelopeSchema,
} from '@risala/shared/schemas/ai-plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLanguage } from '../../lib/http.ts';
import { aiFeatureGate, streamWriting } from '../ai/index.ts';
import { canWriteContent } from '../ai-content/index.ts';
import { requireAuth, requirePermission } from '../auth/index.ts';
import { applyPlan } from './apply.ts';
import { campaignContent } from './campaign-content.ts';
import { approvePlan, rejectPlan, submitPlan } from './lifecycle.ts';
import * as plans from './plans.service.ts';

const tags = ['ai-plans'];
const params = idParamSchema;
const view = [requirePermission('campaign', 'view'), aiFeatureGate];
const make = [requirePermission('campaign', 'create'), aiFeatureGate];
const decide = [requirePermission('campaign', 'approve'), aiFeatureGate];

/** /api/ai-plans (§7 storage: AI plans CRUD, stats, plan/{id}; campaigns: pending) and the approval steps. */
export function aiPlanRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/',
      {
        schema: {
          tags,
          summary: 'List the AI marketing plans',
          querystring: aiPlanListQuerySchema,
          response: { 200: aiPlanListEnvelopeSchema },
        },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await plans.listPlans(ctx, requireAuth(req), req.query)),
    );
    app.post(
      '/',
      {
        schema: {
          tags,
          summary: 'Build an AI marketing plan from an objective',
          body: aiPlanRequestSchema,
          response: { 201: aiPlanEnvelopeSchema },
        },
        preHandler: make,
      },
      async (req, reply) => ok(reply, await plans.createPlan(ctx, requireAuth(req), req.body), 'Plan created', 201),
    );
    app.get(
      '/stats',
      { schema: { tags, summary: 'Counts of the plans by state', response: { 200: aiPlanStatsEnvelopeSchema } }, preHandler: view },
      async (req, reply) => ok(reply, await plans.planStats(ctx, requireAuth(req))),
    );
    app.get(
      '/pending',
      {
        schema: {
          tags,
          summary: 'Plans waiting for approval',
          querystring: aiPlanListQuerySchema.omit({ status: true }),
          response: { 200: aiPlanListEnvelopeSchema },
        },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await plans.listPlans(ctx, requireAuth(req), { ...req.query, status: 'PENDING_APPROVAL' })),
    );
    app.get(
      '/plan/:id',
      {
        schema: {
          tags,
          summary: 'The body of a plan (segments, channels, timing, content)',
          params,
          response: { 200: planBodyEnvelopeSchema },
        },
        preHandler: view,
      },
      async (req, reply) => {
        const p = await plans.getPlan(ctx, requireAuth(req), req.params.id);
        return ok(reply, { id: p.id, status: p.status, plan: p.plan });
      },
    );
    app.get(
      '/:id',
      { schema: { tags, summary: 'Get an AI marketing plan', params, response: { 200: aiPlanEnvelopeSchema } }, preHandler: view },
      async (req, reply) => ok(reply, await plans.getPlan(ctx, requireAuth(req), req.params.id)),
    );
    app.put(
      '/:id',
      {
        schema: { tags, summary: 'Edit an AI marketing plan', params, body: aiPlanUpdateSchema, response: { 200: aiPlanEnvelopeSchema } },
        preHandler: make,
      },
      async (req, reply) => ok(reply, await plans.updatePlan(ctx, requireAuth(req), req.params.id, req.body), 'Plan saved'),
    );
    app.delete(
      '/:id',
      {
        schema: { tags, summary: 'Delete an AI marketing plan', params, response: { 200: deletedPlanEnvelopeSchema } },
        preHandler: [requirePermission('campaign', 'delete'), aiFeatureGate],
      },
      async (req, reply) => ok(reply, await plans.deletePlan(ctx, requireAuth(req), req.params.id), 'Plan deleted'),
    );
    app.post(
      '/:id/submit',
      { schema: { tags, summary: 'Submit a plan for approval', params, response: { 200: aiPlanEnvelopeSchema } }, preHandler: make },
      async (req, reply) => ok(reply, await submitPlan(ctx, requireAuth(req), req.params.id), 'Plan sent for approval'),
    );
    app.post(
      '/:id/approve',
      { schema: { tags, summary: 'Approve a plan', params, response: { 200: aiPlanEnvelopeSchema } }, preHandler: decide },
      async (req, reply) => ok(reply, await approvePlan(ctx, requireAuth(req), req.params.id), 'Plan approved'),
    );
    app.post(
      '/:id/reject',
      {
        schema: { tags, summary: 'Reject a plan with a reason', params, body: aiPlanRejectSchema, response: { 200: aiPlanEnvelopeSchema } },
        preHandler: decide,
      },
      async (req, reply) => ok(reply, await rejectPlan(ctx, requireAuth(req), req.params.id, req.body.reason), 'Plan rejected'),
    );
    app.post(
      '/:id/apply',
      {
        schema: { tags, summary: 'Turn an approved plan into campaign drafts', params, response: { 200: applyEnvelopeSchema } },
        preHandler: make,
      },
      async (req, reply) => ok(reply, await applyPlan(ctx, requireAuth(req), req.params.id), 'Plan applied'),
    );
  };
}

/** /api/campaigns (§7): /{id}/ai-planning, /personalize-ai-plans, /ai/generate, /ai/plan. */
export function campaignAiRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/ai/plan',
      {
        schema: {
          tags,
          summary: 'Build an AI marketing plan (campaigns alias)',
          body: aiPlanRequestSchema,
          response: { 201: aiPlanEnvelopeSchema },
        },
        preHandler: make,
      },
      async (req, reply) => ok(reply, await plans.createPlan(ctx, requireAuth(req), req.body), 'Plan created', 201),
    );
    app.post(
      '/:id/ai-planning',
      {
        schema: {
          tags,
          summary: 'Build an AI plan for a campaign',
          params,
          body: campaignPlanRequestSchema,
          response: { 201: aiPlanEnvelopeSchema },
        },
        preHandler: make,
      },
      async (req, reply) => ok(reply, await plans.planForDraft(ctx, requireAuth(req), req.params.id, req.body), 'Plan created', 201),
    );
    app.post(
      '/personalize-ai-plans',
      {
        schema: {
          tags,
          summary: 'Personalise a plan per segment',
          body: personalizeRequestSchema,
          response: { 200: aiPlanEnvelopeSchema },
        },
        preHandler: make,
      },
      async (req, reply) => ok(reply, await plans.personalizePlan(ctx, requireAuth(req), req.body), 'Plan personalised'),
    );
    app.post(
      '/ai/generate',
      {
        schema: {
          tags,
          summary: 'Draft campaign content with the assistant',
          body: campaignContentGenerateSchema,
          response: { 200: contentEnvelopeSchema },
        },
        preHandler: [canWriteContent, aiFeatureGate],
      },
      async (req, reply) => ok(reply, await campaignContent(ctx, requireAuth(req), req.body, requestLanguage(req)), 'Content generated'),
    );
  };
}

const streamDescription = z
  .string()
  .describe(
    "text/event-stream: `start` {engine, model}, `delta` {text}, `replace` {text, reason} (the model's text failed the numbers check), `done` (the marketing plan), `error` {statusCode, code, message}",
  );
const langQuery = z.object({ lang: z.enum(['en', 'ar']).optional() });

/** /api/ai (§7): marketing-plan/{id} (read or write again) and marketing-plan-stream/{id}. */
export function marketingPlanRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifySse, { heartbeatInterval: 15_000 });
    app.get(
      '/marketing-plan/:id',
      {
        schema: { tags, summary: 'The written marketing plan of a plan', params, response: { 200: marketingPlanEnvelopeSchema } },
        preHandler: view,
      },
      async (req, reply) => ok(reply, await plans.storedNarrative(ctx, requireAuth(req), req.params.id)),
    );
    app.post(
      '/marketing-plan/:id',
      {
        schema: {
          tags,
          summary: 'Write the marketing plan again',
          params,
          querystring: langQuery,
          response: { 200: marketingPlanEnvelopeSchema },
        },
        preHandler: make,
      },
      async (req, reply) => {
        const auth = requireAuth(req);
        const lang = req.query.lang ?? requestLanguage(req);
        const aborted = new AbortController();
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) aborted.abort();
        });
        const prepared = await plans.prepareNarrative(ctx, auth, req.params.id);
        return ok(reply, await plans.writeNarrative(ctx, auth, prepared, lang, undefined, aborted.signal), 'Plan written');
      },
    );
    app.post(
      '/marketing-plan-stream/:id',
      {
        sse: { kind: 'manual', heartbeat: true },
        schema: {
          tags,
          summary: 'Write the marketing plan, streamed (SSE)',
          params,
          querystring: langQuery,
          response: { 200: streamDescription },
        },
        preHandler: make,
      },
      async (req, reply) => {
        const auth = requireAuth(req);
        const lang = req.query.lang ?? requestLanguage(req);
        // refusals (not found, the daily cap) answer as HTTP errors before the stream opens
        const prepared = await plans.prepareNarrative(ctx, auth, req.params.id);
        await streamWriting(ctx, req, reply, lang, (emit, signal) => plans.writeNarrative(ctx, auth, prepared, lang, emit, signal));
      },
    );
  };
}
