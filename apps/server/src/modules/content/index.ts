/**
 * The content module's front door: what other modules and the routes table may use. Everything
 * else in modules/content is its own business (a test keeps imports to this file).
 */
export { contentRoutes, userContentRoutes } from './content.routes.ts';
