import type { FastifyRequest } from 'fastify';

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

/**
 * The request comes from this very machine: the socket's own peer is a loopback address, no proxy
 * header says it was forwarded, and the Host is a loopback name (a rebound DNS name cannot pass).
 * A reverse proxy on the same machine forwards with X-Forwarded-For and the public Host: not loopback.
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const peer = request.raw.socket?.remoteAddress ?? '';
  const loopbackPeer = peer === '::1' || peer.startsWith('127.') || peer.startsWith('::ffff:127.');
  const forwarded = Boolean(request.headers['x-forwarded-for'] || request.headers.forwarded || request.headers['x-real-ip']);
  return loopbackPeer && !forwarded && LOOPBACK_HOST.test(request.headers.host ?? '');
}
