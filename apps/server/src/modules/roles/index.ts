/**
 * The roles module's front door. No other module uses it: its HTTP routes are mounted by the routes
 * table (routes.ts imports its *.routes.ts), so the front door stays empty rather than pull the
 * HTTP layer into another module's imports. Everything in modules/roles is its own business.
 */
export {};
