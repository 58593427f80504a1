/** Moved to lib/zoned.ts (shared with the New message screens); kept while a sibling page still imports it here. */
export * from '../../lib/zoned.ts';
