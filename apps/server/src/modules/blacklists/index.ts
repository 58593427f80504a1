/**
 * The blacklists module's front door: what other modules and the routes table may use. Everything
 * else in modules/blacklists is its own business (a test keeps imports to this file).
 */
export { findBlocking, numberPrefixes } from './blacklist-match.ts';
