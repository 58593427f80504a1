/**
 * The system module's front door: what other modules and the routes table may use. Everything
 * else in modules/system is its own business (a test keeps imports to this file).
 */
export { healthRoutes } from './system.routes.ts';
export { apiDocsRoutes } from './api-docs.routes.ts';
