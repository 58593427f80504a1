import {
  changePasswordSchema,
  forgotPasswordSchema,
  loggedOutEnvelopeSchema,
  loginOtpSentEnvelopeSchema,
  loginSchema,
  otpSentEnvelopeSchema,
  otpVerifiedEnvelopeSchema,
  passwordChangedEnvelopeSchema,
  passwordResetEnvelopeSchema,
  registeredEnvelopeSchema,
  registerSchema,
  resetPasswordSchema,
  sendOtpSchema,
  sentEnvelopeSchema,
  sessionEnvelopeSchema,
  supportEmailSchema,
  verifyLoginOtpSchema,
  verifyOtpSchema,
} from '@risala/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { assertSameSite } from '../../lib/cross-site.ts';
import { ok, requestLanguage } from '../../lib/http.ts';
import { issueSandboxTicket } from '../sandbox/index.ts';
import { authenticate, readToken, requireAuth } from './guard.ts';
import * as auth from './auth.service.ts';
import { sendSupportEmail } from './support.service.ts';
import { setSessionCookies } from './session-cookies.ts';
import { revokeSession, verifyToken } from './tokens.ts';

const meta = (req: FastifyRequest): auth.RequestMeta => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
  lang: requestLanguage(req),
});

/** Public auth endpoints under /api/auth (spec §7): no token needed. */
export function publicAuthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['auth'];
    // these set the session cookie (a page of another site must not sign a browser in to an account
    // of its choosing) or read it (sign-out): a browser may call them from our own origin only
    app.addHook('onRequest', async (req) => assertSameSite(req, ctx.config.publicUrl));
    app.post(
      '/register',
      {
        schema: {
          tags,
          summary: 'Sign up: the account, its owner and a mailed code',
          body: registerSchema,
          response: { 201: registeredEnvelopeSchema },
        },
      },
      async (req, reply) => {
        const registered = await auth.register(ctx, req.body, meta(req));
        issueSandboxTicket(ctx, reply, req.body.email); // the code page can show the sign-up code (sandbox only)
        return ok(reply, registered, 'OTP sent', 201);
      },
    );
    app.post(
      '/verify-otp',
      {
        schema: {
          tags,
          summary: 'Verify a sign-up code (and sign the new owner in) or a password-reset code',
          body: verifyOtpSchema,
          response: { 200: otpVerifiedEnvelopeSchema },
        },
      },
      async (req, reply) => {
        const verified = await auth.verifyRegistrationOrReset(ctx, req.body, meta(req));
        // a registration code signs the new owner in, exactly as /login does
        if ('token' in verified) setSessionCookies(ctx, reply, verified.token, verified.user.id);
        return ok(reply, verified, 'Verified');
      },
    );
    for (const path of ['/send-otp', '/resend-otp']) {
      app.post(
        path,
        { schema: { tags, summary: 'Mail a one-time code (again)', body: sendOtpSchema, response: { 200: otpSentEnvelopeSchema } } },
        async (req, reply) => ok(reply, await auth.sendOtp(ctx, req.body.email, meta(req), req.body.purpose), 'OTP sent'),
      );
    }
    app.post(
      '/login',
      { schema: { tags, summary: 'Sign in with email and password', body: loginSchema, response: { 200: sessionEnvelopeSchema } } },
      async (req, reply) => {
        const session = await auth.login(ctx, req.body, meta(req));
        setSessionCookies(ctx, reply, session.token, session.user.id);
        return ok(reply, session, 'Logged in');
      },
    );
    app.post(
      '/login-with-otp',
      {
        schema: {
          tags,
          summary: 'Prove the password, then mail a sign-in code',
          body: loginSchema,
          response: { 200: loginOtpSentEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await auth.loginWithOtp(ctx, req.body, meta(req)), 'OTP sent'),
    );
    app.post(
      '/verify-login-otp',
      { schema: { tags, summary: 'Sign in with the mailed code', body: verifyLoginOtpSchema, response: { 200: sessionEnvelopeSchema } } },
      async (req, reply) => {
        const session = await auth.verifyLoginOtp(ctx, req.body, meta(req));
        setSessionCookies(ctx, reply, session.token, session.user.id);
        return ok(reply, session, 'Logged in');
      },
    );
    app.post(
      '/forgot-password',
      { schema: { tags, summary: 'Mail a password-reset link', body: forgotPasswordSchema, response: { 200: sentEnvelopeSchema } } },
      async (req, reply) =>
        ok(reply, await auth.forgotPassword(ctx, req.body.email, meta(req)), 'If the address is registered, a reset link was sent'),
    );
    app.post(
      '/reset-password',
      {
        schema: {
          tags,
          summary: 'Set a new password with a reset token',
          body: resetPasswordSchema,
          response: { 200: passwordResetEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await auth.resetPassword(ctx, req.body, meta(req)), 'Password reset'),
    );
    /** Always succeeds: revokes the presented session if it is still valid, clears the cookies. */
    app.post(
      '/logout',
      { schema: { tags, summary: 'Sign out: revoke the session, clear the cookies', response: { 200: loggedOutEnvelopeSchema } } },
      async (req, reply) => {
        const token = readToken(req);
        if (token) {
          const claims = await verifyToken(ctx, token).catch(() => null);
          if (claims) await revokeSession(ctx.db, claims.jti);
        }
        reply.clearCookie('token', { path: '/' }).clearCookie('user_id', { path: '/' });
        return ok(reply, { logged_out: true }, 'Logged out');
      },
    );
  };
}

/** The same reset endpoint also lives at /api/password/reset-password (spec §7). */
export function passwordRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/reset-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a reset token',
          body: resetPasswordSchema,
          response: { 200: passwordResetEnvelopeSchema },
        },
      },
      async (req, reply) => ok(reply, await auth.resetPassword(ctx, req.body, meta(req)), 'Password reset'),
    );
  };
}

/** Auth endpoints that need a signed-in caller. */
export function privateAuthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['auth'];
    app.addHook('onRequest', authenticate(ctx));
    app.post(
      '/change-password',
      { schema: { tags, summary: 'Change the password', body: changePasswordSchema, response: { 200: passwordChangedEnvelopeSchema } } },
      async (req, reply) => ok(reply, await auth.changePassword(ctx, requireAuth(req), req.body, meta(req)), 'Password changed'),
    );
    app.post(
      '/send-support-email',
      { schema: { tags, summary: 'Mail the support team', body: supportEmailSchema, response: { 200: sentEnvelopeSchema } } },
      async (req, reply) =>
        ok(reply, await sendSupportEmail(ctx, requireAuth(req), req.body, requestLanguage(req)), 'Support request sent'),
    );
  };
}
