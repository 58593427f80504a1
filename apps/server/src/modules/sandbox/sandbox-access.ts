/**
 * Who may read the sandbox inbox. The inbox is a developer's tool on a server that runs without a
 * mail relay; a server that is reachable from other machines must not hand one user's reset link
 * to another. So:
 * - a request from this very machine (loopback socket, no proxy in between, a loopback Host — a
 *   rebound DNS name cannot pass) reads every address, as a developer expects;
 * - from anywhere else, a signed-in user reads the mail of their own address only;
 * - a registrant reads the sign-up code of the address they just registered, through a short-lived
 *   ticket cookie set by the registration answer (HttpOnly, scoped to /api/sandbox) — nothing else.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { hmac, safeEqualHex } from '../../lib/crypto.ts';
import { isLoopbackRequest } from '../../lib/loopback.ts';
import { authenticate, findInAccount } from '../auth/index.ts';

const TICKET_COOKIE = 'sandbox_ticket';
const TICKET_TTL_SECONDS = 3600;
/** A clock step between the server that set the ticket and the mail's timestamp. */
const TICKET_SKEW_SECONDS = 60;

const ticketMac = (ctx: AppContext, email: string, issuedAt: number) =>
  hmac(ctx.config.jwtSecret, `sandbox-ticket\u0000${email}\u0000${issuedAt}`);

/** After a registration (sandbox inbox only): lets this browser read that address's sign-up code. */
export function issueSandboxTicket(ctx: AppContext, reply: FastifyReply, email: string) {
  if (!ctx.config.sandboxInbox) return;
  const address = email.toLowerCase();
  const issuedAt = Math.floor(Date.now() / 1000);
  const value = `${Buffer.from(address).toString('base64url')}.${issuedAt}.${ticketMac(ctx, address, issuedAt)}`;
  reply.setCookie(TICKET_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.publicUrl.startsWith('https://'),
    path: '/api/sandbox',
    maxAge: TICKET_TTL_SECONDS,
  });
}

function readTicket(ctx: AppContext, request: FastifyRequest): { email: string; issuedAt: number } | null {
  const raw = request.cookies?.[TICKET_COOKIE];
  const [b64, at, mac] = raw?.split('.') ?? [];
  if (!b64 || !at || !mac || !/^\d+$/.test(at)) return null;
  const email = Buffer.from(b64, 'base64url').toString('utf8');
  const issuedAt = Number(at);
  if (Date.now() / 1000 - issuedAt > TICKET_TTL_SECONDS) return null;
  return safeEqualHex(mac, ticketMac(ctx, email, issuedAt)) ? { email, issuedAt } : null;
}

async function signedInEmail(ctx: AppContext, request: FastifyRequest): Promise<string | null> {
  try {
    await authenticate(ctx)(request);
  } catch {
    return null;
  }
  const auth = request.auth;
  if (!auth) return null;
  const found = await findInAccount(ctx.db, auth.accountId, auth.userId);
  return found?.user.email.toLowerCase() ?? null;
}

/** What the caller may read of `to`'s mail: everything, only sign-up codes since a moment, or nothing. */
export type InboxScope = { kind: 'all' } | { kind: 'signup'; since: Date } | { kind: 'none' };

export async function inboxScope(ctx: AppContext, request: FastifyRequest, to: string): Promise<InboxScope> {
  if (isLoopbackRequest(request)) return { kind: 'all' };
  if ((await signedInEmail(ctx, request)) === to) return { kind: 'all' };
  const ticket = readTicket(ctx, request);
  if (ticket && ticket.email === to) return { kind: 'signup', since: new Date((ticket.issuedAt - TICKET_SKEW_SECONDS) * 1000) };
  return { kind: 'none' };
}
