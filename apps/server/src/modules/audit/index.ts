/**
 * The audit module's front door: writing an entry in the caller's transaction.
 */
export { type AuditActor, type AuditEntry, audit, userActor } from './audit.repo.ts';
