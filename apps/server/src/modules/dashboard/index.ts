/**
 * The dashboard module's front door: what other modules and the routes table may use. Everything
 * else in modules/dashboard is its own business (a test keeps imports to this file).
 */
export { dashboardRoutes } from './dashboard.routes.ts';
