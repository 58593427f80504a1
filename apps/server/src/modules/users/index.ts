/**
 * The users module's front door: what other modules and the routes table may use. Everything
 * else in modules/users is its own business (a test keeps imports to this file).
 */
export { inviteFirstOwner } from './invitations.service.ts';
