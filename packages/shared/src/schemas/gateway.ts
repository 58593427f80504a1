/**
 * SMS gateway schemas: connections (and the SMPP layer), and the routing configuration.
 */

// ── routing: routers, rules (filters), plugins ──────────────────────────────
export * from './gateway-routing.ts';

// ── connections (SMPP and HTTP) ─────────────────────────────────────────────
export * from './gateway-connections.ts';
