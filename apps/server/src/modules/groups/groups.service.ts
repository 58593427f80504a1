import {
  type CreateGroupInput,
  emptySegmentRules,
  type GroupListQuery,
  type GroupReach,
  type MemberIdsInput,
  type MemberListQuery,
  referencedGroupIds,
  type SegmentRules,
  segmentRuleIssues,
  type UpdateGroupInput,
} from '@risala/shared/schemas/groups';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, mapDbError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import * as repo from './groups.repo.ts';
import { groupAudienceWhere } from './segment-sql.ts';

/** Drizzle wraps the driver's error (the PostgreSQL code is on `cause`): map it to our codes. */
export function dbError(err: unknown): unknown {
  return mapDbError((err as { cause?: unknown }).cause) ?? err;
}
const rethrow = (err: unknown): never => {
  throw dbError(err);
};

function present(row: repo.GroupRow) {
  const { account_id: _account, ...rest } = row;
  return rest;
}

/**
 * Semantic checks on top of the shape (zod): values where the operator needs them, ranges the right
 * way round, and group references to this account's static groups (never the group itself).
 */
async function checkRules(db: DbOrTx, accountId: number, rules: SegmentRules, selfId?: number) {
  const errors = segmentRuleIssues(rules);
  const ids = referencedGroupIds(rules);
  if (ids.length > 0) {
    const found = new Map((await repo.findGroupsByIds(db, accountId, ids)).map((g) => [g.id, g.type]));
    for (const id of ids) {
      if (found.get(id) !== 'static' || id === selfId) {
        errors.push({ field: 'rules', message: 'errors.SEGMENT_RULES_INVALID' });
        break;
      }
    }
  }
  if (errors.length > 0) throw new AppError('SEGMENT_RULES_INVALID', { errors });
}

async function mustFind(db: DbOrTx, accountId: number, id: number, forUpdate = false) {
  const group = await repo.findGroup(db, accountId, id, forUpdate);
  if (!group) throw new AppError('NOT_FOUND');
  return group;
}

export async function list(ctx: AppContext, auth: AuthContext, q: GroupListQuery) {
  const { rows, total } = await repo.listGroups(ctx.db, auth.accountId, q);
  return { items: rows.map(present), page: q.page, limit: q.limit, total };
}

/** A dynamic segment's count is refreshed when read alone (the list shows the last stored count). */
export async function get(ctx: AppContext, auth: AuthContext, id: number) {
  const group = await mustFind(ctx.db, auth.accountId, id);
  if (group.type === 'dynamic') {
    const count = await repo.countSegment(ctx.db, auth.accountId, group.rules ?? emptySegmentRules());
    if (count !== group.contacts_count) {
      return present((await repo.updateGroup(ctx.db, auth.accountId, id, { contacts_count: count })) ?? group);
    }
  }
  return present(group);
}

/**
 * How many of the group's customers no channel can reach: no consent for a channel they have an
 * address for (an import without consent leaves a whole file like this; the page says so).
 */
export async function reach(ctx: AppContext, auth: AuthContext, id: number): Promise<GroupReach> {
  const group = await mustFind(ctx.db, auth.accountId, id);
  const { rows } = await ctx.db.execute<{ members: number; unreachable: number }>(sql`
    select count(*)::int as members,
           count(*) filter (where not ((consent_email and email is not null)
             or ((consent_sms or consent_whatsapp) and mobile_number is not null)))::int as unreachable
      from customers where account_id = ${auth.accountId} and ${groupAudienceWhere(group)}`);
  return rows[0] ?? { members: 0, unreachable: 0 };
}

export async function create(ctx: AppContext, auth: AuthContext, input: CreateGroupInput) {
  const dynamic = input.type === 'dynamic';
  if (!dynamic && input.rules) throw new AppError('SEGMENT_RULES_INVALID', { errors: [{ field: 'rules', message: 'validation.invalid' }] });
  const rules = dynamic ? (input.rules ?? emptySegmentRules()) : null;
  if (rules) await checkRules(ctx.db, auth.accountId, rules);
  const row = await repo
    .insertGroup(ctx.db, {
      account_id: auth.accountId,
      group_name: input.group_name,
      group_description: input.group_description ?? null,
      type: input.type,
      rules,
      contacts_count: rules ? await repo.countSegment(ctx.db, auth.accountId, rules) : 0,
      created_by: auth.userId,
    })
    .catch(rethrow);
  return present(row);
}

export async function update(ctx: AppContext, auth: AuthContext, id: number, input: UpdateGroupInput) {
  const group = await mustFind(ctx.db, auth.accountId, id);
  const patch: Parameters<typeof repo.updateGroup>[3] = {
    group_name: input.group_name,
    group_description: input.group_description,
  };
  if (input.rules !== undefined) {
    if (group.type !== 'dynamic')
      throw new AppError('SEGMENT_RULES_INVALID', { errors: [{ field: 'rules', message: 'validation.invalid' }] });
    await checkRules(ctx.db, auth.accountId, input.rules, id);
    patch.rules = input.rules;
    patch.contacts_count = await repo.countSegment(ctx.db, auth.accountId, input.rules);
  }
  return present((await repo.updateGroup(ctx.db, auth.accountId, id, patch).catch(rethrow)) ?? group);
}

/** A static group that a segment's rules refer to cannot be deleted (IN_USE): edit the segment first. */
export async function remove(ctx: AppContext, auth: AuthContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    await mustFind(tx, auth.accountId, id, true);
    if (await repo.usedBySegment(tx, auth.accountId, id)) throw new AppError('IN_USE');
    await repo.deleteGroup(tx, auth.accountId, id);
  });
}

/** "Group without contacts cannot be activated" (§8): members for a static group, matches for a segment. */
export async function setStatus(ctx: AppContext, auth: AuthContext, id: number, status: 'ACTIVE' | 'INACTIVE') {
  return ctx.db.transaction(async (tx) => {
    const group = await mustFind(tx, auth.accountId, id, true);
    let count = group.contacts_count;
    if (group.type === 'dynamic') count = await repo.countSegment(tx, auth.accountId, group.rules ?? emptySegmentRules());
    if (status === 'ACTIVE' && count === 0) throw new AppError('GROUP_WITHOUT_CONTACTS');
    return present((await repo.updateGroup(tx, auth.accountId, id, { status, contacts_count: count })) ?? group);
  });
}

export async function previewCount(ctx: AppContext, auth: AuthContext, rules: SegmentRules) {
  await checkRules(ctx.db, auth.accountId, rules);
  return { count: await repo.countSegment(ctx.db, auth.accountId, rules) };
}

export async function listMembers(ctx: AppContext, auth: AuthContext, id: number, q: MemberListQuery) {
  const group = await mustFind(ctx.db, auth.accountId, id);
  const { rows, total } = await repo.listMembers(ctx.db, auth.accountId, group, q);
  return { items: rows.map(({ total: _total, ...r }) => r), page: q.page, limit: q.limit, total };
}

async function staticGroupForUpdate(tx: DbOrTx, accountId: number, id: number, ids: number[]) {
  const group = await mustFind(tx, accountId, id, true);
  // a segment's audience comes from its rules; members cannot be set by hand
  if (group.type !== 'static') throw new AppError('BAD_REQUEST');
  const known = await repo.existingCustomerIds(tx, accountId, ids);
  if (known.length !== ids.length) throw new AppError('NOT_FOUND');
  return group;
}

/** Adds customers to a static group; all of them already in → CONTACTS_ALREADY_ASSIGNED (§8). */
export async function addMembers(ctx: AppContext, auth: AuthContext, id: number, input: MemberIdsInput) {
  const ids = [...new Set(input.customer_ids)];
  return ctx.db.transaction(async (tx) => {
    await staticGroupForUpdate(tx, auth.accountId, id, ids);
    const added = await repo.addMembers(tx, auth.accountId, id, ids);
    if (added === 0) throw new AppError('CONTACTS_ALREADY_ASSIGNED');
    const group = await mustFind(tx, auth.accountId, id);
    return { added, already_assigned: ids.length - added, contacts_count: group.contacts_count };
  });
}

export async function removeMembers(ctx: AppContext, auth: AuthContext, id: number, input: MemberIdsInput) {
  const ids = [...new Set(input.customer_ids)];
  return ctx.db.transaction(async (tx) => {
    await staticGroupForUpdate(tx, auth.accountId, id, ids);
    const removed = await repo.removeMembers(tx, auth.accountId, id, ids);
    const group = await mustFind(tx, auth.accountId, id);
    return { removed, contacts_count: group.contacts_count };
  });
}
