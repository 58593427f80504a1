/**
 * The audit module's front door: writing an entry in the caller's transaction, and the routes that
 * read the log.
 */
export { type AuditActor, type AuditEntry, audit, auditMany, type Reviewer, userActor, userReviewer } from './audit.repo.ts';
