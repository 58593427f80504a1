import { SESSION } from '@risala/shared';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';

/** The browser gets the JWT as an HttpOnly, SameSite=Strict cookie; API clients use the body. */
export function setSessionCookies(ctx: AppContext, reply: FastifyReply, token: string, userId: number) {
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
