/**
 * The storage module's front door: what other modules and the routes table may use. Everything
 * else in modules/storage is its own business (a test keeps imports to this file).
 */
export { fileUrl, kindOf, requireFile, toFileDto } from './storage.service.ts';
