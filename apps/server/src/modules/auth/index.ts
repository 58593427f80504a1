/**
 * The auth module's front door: what other modules and the routes table may use. Everything
 * else in modules/auth is its own business (a test keeps imports to this file).
 */
export { setSessionCookies } from './session-cookies.ts';
export { hashPassword, purgeExpired, type RequestMeta, startSession } from './auth.service.ts';
export { revokeUserSessions } from './tokens.ts';
export { assertAccountActive, type AuthContext, authenticate, planGate, requireAuth, requirePermission } from './guard.ts';
export { type LiveSession, type StreamEnd, watchSession } from './live-session.ts';
export { accountTimeZone, assertUserInAccount, findByEmail, findInAccount, toUserDto, type UserRow } from './users.repo.ts';
