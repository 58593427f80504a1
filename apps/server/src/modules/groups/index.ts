/**
 * The groups module's front door: what other modules and the routes table may use. Everything
 * else in modules/groups is its own business (a test keeps imports to this file).
 */
export { addMembers, countSegment, findGroup, insertGroup } from './groups.repo.ts';
export { dbError } from './groups.service.ts';
export { groupAudienceWhere, segmentWhere } from './segment-sql.ts';
export { addMembers as addGroupMembers, removeMembers as removeGroupMembers } from './groups.service.ts';
