import { sandboxMailListEnvelopeSchema, sandboxStatusEnvelopeSchema } from '@risala/shared/schemas/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { isLoopbackRequest } from '../../lib/loopback.ts';
import { inboxScope } from './sandbox-access.ts';
import { mailsTo } from './sandbox.repo.ts';

/**
 * The sandbox inbox: mails caught by the local SMTP sink, while no real relay is configured and
 * never in production. Who reads what is decided by `inboxScope` (sandbox-access.ts): everything
 * from this machine, one's own mail from elsewhere, and a registrant's sign-up code.
 */
export function sandboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['sandbox'];
    app.get(
      '/status',
      {
        schema: {
          tags,
          summary: 'Whether the sandbox inbox is on, and what the caller may read',
          response: { 200: sandboxStatusEnvelopeSchema },
        },
      },
      async (req, reply) =>
        ok(reply, {
          enabled: ctx.config.sandboxInbox,
          mail: ctx.config.sandbox ? 'sandbox' : 'smtp',
          // 'all' on the machine that runs Risala; 'own' (one's own address) from anywhere else
          scope: isLoopbackRequest(req) ? 'all' : 'own',
        }),
    );
    app.get(
      '/mails',
      {
        schema: {
          tags,
          summary: 'The mails the sandbox caught for an address',
          response: { 200: sandboxMailListEnvelopeSchema },
          querystring: z.object({
            to: z.string().trim().min(3, { error: 'validation.email' }).max(254),
            limit: z.coerce.number().int().min(1).max(100).default(20),
          }),
        },
      },
      async (req, reply) => {
        if (!ctx.config.sandboxInbox) throw new AppError('SANDBOX_DISABLED');
        const to = req.query.to.toLowerCase();
        const scope = await inboxScope(ctx, req, to);
        if (scope.kind === 'none') throw new AppError('SANDBOX_OWN_MAIL_ONLY');
        const rows = await mailsTo(ctx.db, to, scope, req.query.limit);
        return ok(reply, {
          items: rows.map((r) => ({
            id: r.id,
            to: r.to_addresses,
            from: r.from_address,
            subject: r.subject,
            text: r.text,
            html: r.html,
            otp_code: r.otp_code,
            created_at: r.created_at.toISOString(),
          })),
        });
      },
    );
  };
}
