/**
 * The admin module's front door: the platform operators' area under /api/admin and
 * the operator creation used by `npm run admin:create`. Everything else in modules/admin is its own.
 */
export { createOperator } from './operators.service.ts';
