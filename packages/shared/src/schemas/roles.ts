import { z } from 'zod';
import { ACTIONS, type Action, ENTITIES, type EntityName, type PermissionTree } from '../permissions.ts';
import { permissionTreeSchema } from './auth.ts';
import { envelopeOf, requiredString } from './common.ts';

/**
 * Roles (/roles): the built-in roles (read-only) and the account's custom roles,
 * built from the permission tree with a matrix of entity × action.
 */

/** The actions that mean something for each entity: the matrix offers these and nothing else. */
export const ENTITY_ACTIONS: Record<EntityName, readonly Action[]> = {
  dashboard: ['view'],
  campaign: ['view', 'create', 'update', 'delete', 'approve', 'send', 'export'],
  campaign_history: ['view', 'export'],
  brand: ['view', 'create', 'update', 'delete'],
  sender: ['view', 'create', 'update', 'delete', 'approve'],
  template: ['view', 'create', 'update', 'delete', 'approve'],
  content: ['view', 'create', 'update', 'delete'],
  customer: ['view', 'create', 'update', 'delete', 'export'],
  message_history: ['view', 'export'],
  analytics: ['view', 'export'],
  support: ['view', 'create'],
  user_management: ['view', 'create', 'update', 'delete', 'approve'],
  role_management: ['view', 'create', 'update', 'delete'],
  billing: ['view', 'update'],
  company: ['view', 'update'],
  audit_log: ['view', 'export'],
  sub_accounts: ['view', 'create', 'update', 'delete'],
  api_keys: ['view', 'create', 'update', 'delete'],
  webhooks: ['view', 'create', 'update', 'delete'],
  gateway: ['view', 'create', 'update', 'delete'],
};

const ENTITY_NAMES = ENTITIES.map((e) => e.entity) as [EntityName, ...EntityName[]];

/** One row of the matrix: an entity and the actions granted on it. */
export const rolePermissionSchema = z.object({
  entity: z.enum(ENTITY_NAMES, { error: 'validation.roles.entity' }),
  actions: z.array(z.enum(ACTIONS, { error: 'validation.roles.action' })).max(ACTIONS.length),
});

/**
 * The granted rows: known entities once each, and only the actions the entity has. A row whose
 * actions are all empty is dropped; any other action implies `view` (an area one cannot open
 * cannot be acted on, and the menu lists an entity by its presence in the tree).
 */
export const rolePermissionsSchema = z
  .array(rolePermissionSchema)
  .max(ENTITIES.length * 2)
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      if (seen.has(row.entity)) ctx.addIssue({ code: 'custom', path: [i, 'entity'], message: 'validation.roles.duplicate' });
      seen.add(row.entity);
      const allowed = ENTITY_ACTIONS[row.entity];
      row.actions.forEach((a, j) => {
        if (!allowed.includes(a)) ctx.addIssue({ code: 'custom', path: [i, 'actions', j], message: 'validation.roles.action' });
      });
    });
  })
  .transform((rows) => toTree(rows));

/** Rows → the stored tree, in the permission tree's order, each action once and `view` implied. */
export function toTree(rows: { entity: EntityName; actions: Action[] }[]): PermissionTree {
  const byEntity = new Map(rows.map((r) => [r.entity, new Set(r.actions)]));
  const sms_portal = ENTITIES.flatMap((e) => {
    const granted = byEntity.get(e.entity);
    if (!granted || granted.size === 0) return [];
    granted.add('view');
    return [{ entity: e.entity, entity_url: e.entity_url, actions: ACTIONS.filter((a) => granted.has(a)) }];
  });
  return { sms_portal };
}

/** Actions of `tree` that `mine` does not hold (a user cannot hand out more than they have). */
export function grantsBeyond(tree: PermissionTree, mine: PermissionTree): string[] {
  const held = new Map(mine.sms_portal.map((e) => [e.entity, new Set(e.actions)]));
  return tree.sms_portal.flatMap((e) => e.actions.filter((a) => !held.get(e.entity)?.has(a)).map((a) => `${e.entity}.${a}`));
}

export const roleInputSchema = z.object({
  role_name: requiredString(100),
  role_description: z.string().trim().max(500, { error: 'validation.tooLong' }).default(''),
  permissions: rolePermissionsSchema,
});
export type RoleInput = z.input<typeof roleInputSchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  /** the built-in role's key (owner, admin, …); null for a custom role */
  key: z.string().nullable(),
  role_name: z.string(),
  role_description: z.string(),
  is_builtin: z.boolean(),
  permissions: permissionTreeSchema,
  /** users holding the role (any status) */
  user_count: z.number().int(),
  /** pending invitations that would give it */
  invitation_count: z.number().int(),
  updated_at: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleListEnvelopeSchema = envelopeOf(z.object({ roles: z.array(roleSchema) }));
export const roleEnvelopeSchema = envelopeOf(roleSchema);
export const roleDeletedEnvelopeSchema = envelopeOf(z.object({ id: z.number().int() }));
