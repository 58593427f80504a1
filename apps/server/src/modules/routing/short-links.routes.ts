import { redirectResponse } from '@risala/shared/schemas/common';
import { shortCodeParamSchema } from '@risala/shared/schemas/gateway-routing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { followShortLink } from './short-links.ts';

/** GET /s/{code} — public redirect of links made by the url_shortener plugin; counts clicks. */
export function shortLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/:code',
      {
        schema: {
          tags: ['short-links'],
          summary: 'Follow a short link',
          params: shortCodeParamSchema,
          response: { 302: redirectResponse('To the link the short code stands for') },
        },
      },
      async (req, reply) => {
        const target = await followShortLink(ctx.db, req.params.code);
        if (!target) throw new AppError('NOT_FOUND');
        return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(target, 302);
      },
    );
  };
}
