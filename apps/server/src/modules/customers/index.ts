/**
 * The customers module's front door: what other modules and the routes table may use. Everything
 * else in modules/customers is its own business (a test keeps imports to this file).
 */
export { customersImportJobs } from './import/import.task.ts';
/** The customers list's WHERE for a filter (the assistant's questions count through it, so chat and list agree). */
export { customerWhere } from './customer-filter.ts';
export { create as createCustomer, remove as removeCustomer, update as updateCustomer } from './customers.service.ts';
