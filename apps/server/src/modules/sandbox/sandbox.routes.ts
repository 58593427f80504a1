import { desc, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sandboxMails } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';

/**
 * The sandbox inbox: mails caught by the local SMTP sink. Public on purpose (you read your
 * verification code before you can sign in) and only while no real relay is configured.
 */
export function sandboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['sandbox'];
    app.get('/status', { schema: { tags } }, async (_req, reply) =>
      ok(reply, { enabled: ctx.config.sandbox, mail: ctx.config.sandbox ? 'sandbox' : 'smtp' }),
    );
    app.get(
      '/mails',
      {
        schema: {
          tags,
          querystring: z.object({
            to: z.string().trim().min(3, { error: 'validation.email' }).max(254),
            limit: z.coerce.number().int().min(1).max(100).default(20),
          }),
        },
      },
      async (req, reply) => {
        if (!ctx.config.sandbox) throw new AppError('SANDBOX_DISABLED');
        const to = req.query.to.toLowerCase();
        const rows = await ctx.db
          .select()
          .from(sandboxMails)
          .where(sql`${to} = any(${sandboxMails.to_addresses})`)
          .orderBy(desc(sandboxMails.created_at), desc(sandboxMails.id))
          .limit(req.query.limit);
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
