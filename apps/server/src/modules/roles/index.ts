/**
 * The roles module's front door: the /api/roles routes. Everything else in modules/roles is its
 * own business (a test keeps imports to this file).
 */
export { roleRoutes } from './roles.routes.ts';
