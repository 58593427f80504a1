import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { passwordRoutes, privateAuthRoutes, publicAuthRoutes } from './modules/auth/auth.routes.ts';
import { authenticate } from './modules/auth/guard.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { sandboxRoutes } from './modules/sandbox/sandbox.routes.ts';
import { healthRoutes, subscriptionRoutes } from './modules/system/system.routes.ts';
import { uploadRoutes, userRoutes } from './modules/users/users.routes.ts';

/**
 * The one routes table: every module mounted under its prefix. Reading this file tells the whole
 * API. Public groups first, then the groups behind `authenticate`.
 */
export async function registerRoutes(app: FastifyInstance, ctx: AppContext) {
  const { storage } = ctx;
  app.decorateRequest('auth', null);

  // ── public ────────────────────────────────────────────────────────────────
  await app.register(healthRoutes(ctx));
  await app.register(publicAuthRoutes(ctx), { prefix: '/api/auth' });
  await app.register(passwordRoutes(ctx), { prefix: '/api/password' });
  await app.register(subscriptionRoutes(ctx), { prefix: '/api/subscription' });
  await app.register(sandboxRoutes(ctx), { prefix: '/api/sandbox' });
  await app.register(uploadRoutes(ctx, storage), { prefix: '/uploads' });
  // webhooks (signature-verified, no session):

  // ── signed in ─────────────────────────────────────────────────────────────
  await app.register(privateAuthRoutes(ctx), { prefix: '/api/auth' });
  await app.register(userRoutes(ctx, storage), { prefix: '/api/auth/user' });
  await app.register(
    async (scoped) => {
      scoped.addHook('onRequest', authenticate(ctx));
      await scoped.register(notificationRoutes(ctx), { prefix: '/api/notifications' });
      // brands, content, storage:
      // customers, imports, exports:
      // groups, segments, blacklists:
      // templates and review:
      // whatsapp templates:
    },
  );
}
