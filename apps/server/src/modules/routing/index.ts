/**
 * The routing module's front door: what other modules and the routes table may use. Everything
 * else in modules/routing is its own business (a test keeps imports to this file).
 */
export { urlShortenerFor } from './plugins.service.ts';
export { invalidateRoutingTable, loadRoutingTable } from './routing-table.ts';
export { insertRouter } from './routing.repo.ts';
