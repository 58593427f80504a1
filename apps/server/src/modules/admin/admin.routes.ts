import { emptyEnvelopeSchema, idParamSchema } from '@risala/shared';
import {
  adjustCreditsSchema,
  adminAccountEnvelopeSchema,
  adminAccountsEnvelopeSchema,
  adminAccountsQuerySchema,
  gatewayHealthEnvelopeSchema,
  OPERATOR_OTP,
  operatorMeEnvelopeSchema,
  operatorOtpSentEnvelopeSchema,
  operatorSendOtpSchema,
  operatorSessionEnvelopeSchema,
  operatorVerifyOtpSchema,
  reviewDecidedEnvelopeSchema,
  reviewDecisionSchema,
  reviewQueuesEnvelopeSchema,
  suspendAccountSchema,
} from '@risala/shared/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { assertSameSite } from '../../lib/cross-site.ts';
import { ok } from '../../lib/http.ts';
import * as accounts from './accounts.service.ts';
import { adminBillingRoutes } from './billing.routes.ts';
import {
  authenticateOperator,
  OPERATOR_COOKIE,
  requireOperator,
  sendOperatorOtp,
  signOutOperator,
  verifyOperatorOtp,
} from './operators.service.ts';
import { decideBatch, decideSmsSender, gatewayHealth, reviewQueues } from './reviews.service.ts';

/** The admin session cookie: only ever sent to /api/admin, never readable by the page. */
const cookieOptions = (ctx: AppContext) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: ctx.config.publicUrl.startsWith('https://'),
  path: '/api/admin',
});

/** /api/admin (spec §6 admin OTP endpoints): platform operators' sign-in, public. */
export function adminPublicRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    app.addHook('onRequest', async (req) => assertSameSite(req, ctx.config.publicUrl));
    app.post(
      '/send-otp',
      {
        schema: {
          tags,
          summary: 'Mail a platform operator a sign-in code',
          body: operatorSendOtpSchema,
          response: { 200: operatorOtpSentEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await sendOperatorOtp(ctx, req.body.email, req.ip), 'OTP sent'),
    );
    app.post(
      '/verify-otp',
      {
        schema: {
          tags,
          summary: 'Sign a platform operator in with the mailed code',
          body: operatorVerifyOtpSchema,
          response: { 200: operatorSessionEnvelopeSchema },
        },
      },
      async (req, reply) => {
        const session = await verifyOperatorOtp(ctx, req.body.email, req.body.otp, { ip: req.ip, userAgent: req.headers['user-agent'] });
        reply.setCookie(OPERATOR_COOKIE, session.token, { ...cookieOptions(ctx), maxAge: OPERATOR_OTP.sessionHours * 3600 });
        return ok(reply, session, 'Signed in');
      },
    );
  };
}

/** /api/admin behind an operator session (never a tenant token). */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    app.decorateRequest('operator', null);
    app.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ operatorBearer: [] }, { operatorCookie: [] }] } as typeof route.schema;
    });
    app.addHook('onRequest', async (req) => {
      // a state-changing request authenticated by the cookie must come from our own pages
      if (!req.headers.authorization?.startsWith('Bearer ')) assertSameSite(req, ctx.config.publicUrl);
    });
    app.addHook('onRequest', authenticateOperator(ctx));
    app.get(
      '/me',
      { schema: { tags, summary: 'The signed-in operator', response: { 200: operatorMeEnvelopeSchema } } },
      async (req, reply) => {
        const op = requireOperator(req);
        return ok(reply, { operator: { id: op.operatorId, email: op.email, name: op.name } });
      },
    );
    app.post(
      '/sign-out',
      { schema: { tags, summary: 'End the operator session', response: { 200: emptyEnvelopeSchema } } },
      async (req, reply) => {
        await signOutOperator(ctx, requireOperator(req));
        reply.clearCookie(OPERATOR_COOKIE, cookieOptions(ctx));
        return ok(reply, null, 'Signed out');
      },
    );
    app.get(
      '/accounts',
      {
        schema: {
          tags,
          summary: 'Every account (search, status, pages)',
          querystring: adminAccountsQuerySchema,
          response: { 200: adminAccountsEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await accounts.listAccounts(ctx, req.query)),
    );
    app.get(
      '/accounts/:id',
      { schema: { tags, summary: 'One account', params: idParamSchema, response: { 200: adminAccountEnvelopeSchema } } },
      async (req, reply) => ok(reply, { account: await accounts.getAccount(ctx.db, req.params.id) }),
    );
    app.post(
      '/accounts/:id/suspend',
      {
        schema: {
          tags,
          summary: 'Suspend an account (its users are refused, its sending stops)',
          params: idParamSchema,
          body: suspendAccountSchema,
          response: { 200: adminAccountEnvelopeSchema },
        },
      },
      async (req, reply) =>
        ok(
          reply,
          await accounts.setAccountStatus(
            ctx,
            requireOperator(req),
            req.params.id,
            { status: 'SUSPENDED', reason: req.body.reason },
            req.ip,
          ),
          'Account suspended',
        ),
    );
    app.post(
      '/accounts/:id/reactivate',
      { schema: { tags, summary: 'Reactivate a suspended account', params: idParamSchema, response: { 200: adminAccountEnvelopeSchema } } },
      async (req, reply) =>
        ok(
          reply,
          await accounts.setAccountStatus(ctx, requireOperator(req), req.params.id, { status: 'ACTIVE' }, req.ip),
          'Account reactivated',
        ),
    );
    app.post(
      '/accounts/:id/credits',
      {
        schema: {
          tags,
          summary: 'Adjust credits with a reason (audited)',
          params: idParamSchema,
          body: adjustCreditsSchema,
          response: { 200: adminAccountEnvelopeSchema },
        },
      },
      async (req, reply) =>
        ok(reply, await accounts.adjustCredits(ctx, requireOperator(req), req.params.id, req.body, req.ip), 'Credits adjusted'),
    );
    app.get(
      '/reviews',
      { schema: { tags, summary: 'What waits for approval across accounts', response: { 200: reviewQueuesEnvelopeSchema } } },
      async (_req, reply) => ok(reply, await reviewQueues(ctx)),
    );
    app.post(
      '/reviews/sms-senders/:id',
      {
        schema: {
          tags,
          summary: 'Approve or reject a waiting SMS sender id (audited in its account)',
          params: idParamSchema,
          body: reviewDecisionSchema,
          response: { 200: reviewDecidedEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await decideSmsSender(ctx, requireOperator(req), req.params.id, req.body), 'Decision recorded'),
    );
    app.post(
      '/reviews/batches/:id',
      {
        schema: {
          tags,
          summary: 'Release or reject a batch held for gateway review (audited in its account)',
          params: idParamSchema,
          body: reviewDecisionSchema,
          response: { 200: reviewDecidedEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await decideBatch(ctx, requireOperator(req), req.params.id, req.body), 'Decision recorded'),
    );
    adminBillingRoutes(app, ctx);
    app.get(
      '/gateway',
      { schema: { tags, summary: 'The gateway connections’ health', response: { 200: gatewayHealthEnvelopeSchema } } },
      async (_req, reply) => ok(reply, await gatewayHealth(ctx)),
    );
  };
}
