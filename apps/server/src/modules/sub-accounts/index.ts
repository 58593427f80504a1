/**
 * The sub-accounts module's front door: the routes of /api/sub-accounts.
 */
export { subAccountRoutes } from './sub-accounts.routes.ts';
