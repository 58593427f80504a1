import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  SESSION,
  sendOtpSchema,
  supportEmailSchema,
  verifyLoginOtpSchema,
  verifyOtpSchema,
} from '@risala/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok, requestLanguage } from '../../lib/http.ts';
import { issueSandboxTicket } from '../sandbox/index.ts';
import { authenticate, readToken, requireAuth } from './guard.ts';
import * as auth from './auth.service.ts';
import { sendSupportEmail } from './support.service.ts';
import { revokeSession, verifyToken } from './tokens.ts';

const meta = (req: FastifyRequest): auth.RequestMeta => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
  lang: requestLanguage(req),
});

/** The browser gets the JWT as an HttpOnly, SameSite=Strict cookie; API clients use the body. */
function setSessionCookies(ctx: AppContext, reply: FastifyReply, token: string, userId: number) {
  const secure = ctx.config.publicUrl.startsWith('https://');
  reply.setCookie('token', token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge: ctx.config.jwtTtlSeconds,
  });
  reply.setCookie('user_id', String(userId), {
    httpOnly: false,
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge: SESSION.userIdCookieDays * 86_400,
  });
}

/** Public auth endpoints under /api/auth (spec §7): no token needed. */
export function publicAuthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['auth'];
    app.post('/register', { schema: { tags, body: registerSchema } }, async (req, reply) => {
      const registered = await auth.register(ctx, req.body, meta(req));
      issueSandboxTicket(ctx, reply, req.body.email); // the code page can show the sign-up code (sandbox only)
      return ok(reply, registered, 'OTP sent', 201);
    });
    app.post('/verify-otp', { schema: { tags, body: verifyOtpSchema } }, async (req, reply) => {
      const verified = await auth.verifyRegistrationOrReset(ctx, req.body, meta(req));
      // a registration code signs the new owner in, exactly as /login does
      if ('token' in verified) setSessionCookies(ctx, reply, verified.token, verified.user.id);
      return ok(reply, verified, 'Verified');
    });
    for (const path of ['/send-otp', '/resend-otp']) {
      app.post(path, { schema: { tags, body: sendOtpSchema } }, async (req, reply) =>
        ok(reply, await auth.sendOtp(ctx, req.body.email, meta(req), req.body.purpose), 'OTP sent'),
      );
    }
    app.post('/login', { schema: { tags, body: loginSchema } }, async (req, reply) => {
      const session = await auth.login(ctx, req.body, meta(req));
      setSessionCookies(ctx, reply, session.token, session.user.id);
      return ok(reply, session, 'Logged in');
    });
    app.post('/login-with-otp', { schema: { tags, body: loginSchema } }, async (req, reply) =>
      ok(reply, await auth.loginWithOtp(ctx, req.body, meta(req)), 'OTP sent'),
    );
    app.post('/verify-login-otp', { schema: { tags, body: verifyLoginOtpSchema } }, async (req, reply) => {
      const session = await auth.verifyLoginOtp(ctx, req.body, meta(req));
      setSessionCookies(ctx, reply, session.token, session.user.id);
      return ok(reply, session, 'Logged in');
    });
    app.post('/forgot-password', { schema: { tags, body: forgotPasswordSchema } }, async (req, reply) =>
      ok(reply, await auth.forgotPassword(ctx, req.body.email, meta(req)), 'If the address is registered, a reset link was sent'),
    );
    app.post('/reset-password', { schema: { tags, body: resetPasswordSchema } }, async (req, reply) =>
      ok(reply, await auth.resetPassword(ctx, req.body, meta(req)), 'Password reset'),
    );
    /** Always succeeds: revokes the presented session if it is still valid, clears the cookies. */
    app.post('/logout', { schema: { tags } }, async (req, reply) => {
      const token = readToken(req);
      if (token) {
        const claims = await verifyToken(ctx, token).catch(() => null);
        if (claims) await revokeSession(ctx.db, claims.jti);
      }
      reply.clearCookie('token', { path: '/' }).clearCookie('user_id', { path: '/' });
      return ok(reply, { logged_out: true }, 'Logged out');
    });
  };
}

/** The same reset endpoint also lives at /api/password/reset-password (spec §7). */
export function passwordRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/reset-password', { schema: { tags: ['auth'], body: resetPasswordSchema } }, async (req, reply) =>
      ok(reply, await auth.resetPassword(ctx, req.body, meta(req)), 'Password reset'),
    );
  };
}

/** Auth endpoints that need a signed-in caller. */
export function privateAuthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['auth'];
    app.addHook('onRequest', authenticate(ctx));
    app.post('/change-password', { schema: { tags, body: changePasswordSchema } }, async (req, reply) =>
      ok(reply, await auth.changePassword(ctx, requireAuth(req), req.body, meta(req)), 'Password changed'),
    );
    app.post('/send-support-email', { schema: { tags, body: supportEmailSchema } }, async (req, reply) =>
      ok(reply, await sendSupportEmail(ctx, requireAuth(req), req.body, requestLanguage(req)), 'Support request sent'),
    );
  };
}
