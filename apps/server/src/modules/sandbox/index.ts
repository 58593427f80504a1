/**
 * The sandbox module's front door: what other modules and the routes table may use. Everything
 * else in modules/sandbox is its own business (a test keeps imports to this file).
 */
export { issueSandboxTicket } from './sandbox-access.ts';
