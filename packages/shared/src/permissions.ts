/**
 * Permission tree in the spec's shape (§6): `{ sms_portal: [{ entity, entity_url, actions }] }`.
 * The web reads action names for a path from it to build the menu and the landing page; the server
 * checks the same tree before an action.
 */
export const ACTIONS = ['view', 'create', 'update', 'delete', 'approve', 'send', 'export'] as const;
export type Action = (typeof ACTIONS)[number];

export interface PermissionEntity {
  entity: string;
  entity_url: string;
  actions: Action[];
}
export interface PermissionTree {
  sms_portal: PermissionEntity[];
}

/** Every product area: its entity name and its route (in landing-page order). */
export const ENTITIES = [
  { entity: 'dashboard', entity_url: '/dashboard' },
  { entity: 'campaign', entity_url: '/campaign' },
  { entity: 'campaign_history', entity_url: '/campaignhistory' },
  { entity: 'brand', entity_url: '/brand' },
  { entity: 'sender', entity_url: '/sender-management' },
  { entity: 'template', entity_url: '/template' },
  { entity: 'content', entity_url: '/content' },
  { entity: 'customer', entity_url: '/customer' },
  { entity: 'message_history', entity_url: '/message-history' },
  { entity: 'analytics', entity_url: '/analytics' },
  { entity: 'support', entity_url: '/support' },
  { entity: 'user_management', entity_url: '/users' },
  { entity: 'role_management', entity_url: '/roles' },
  { entity: 'billing', entity_url: '/subscriptionplan' },
  // settings areas: after the product areas, so they never become the landing page
  { entity: 'company', entity_url: '/company' },
  { entity: 'audit_log', entity_url: '/audit-log' },
  { entity: 'sub_accounts', entity_url: '/sub-accounts' },
  { entity: 'api_keys', entity_url: '/api-keys' },
  { entity: 'webhooks', entity_url: '/webhooks' },
  // the SMS gateway (connections, routers, rules, plugins): run by owners and admins, not marketers
  { entity: 'gateway', entity_url: '/gateway' },
] as const;
export type EntityName = (typeof ENTITIES)[number]['entity'];

export const BUILTIN_ROLES = ['owner', 'admin', 'marketer', 'reviewer', 'viewer'] as const;
export type BuiltinRole = (typeof BUILTIN_ROLES)[number];

const ALL: Action[] = ['view', 'create', 'update', 'delete', 'approve', 'send', 'export'];
const EDIT: Action[] = ['view', 'create', 'update', 'delete', 'export'];
const READ: Action[] = ['view', 'export'];

type Grants = Partial<Record<EntityName, Action[]>>;

const GRANTS: Record<BuiltinRole, Grants> = {
  owner: Object.fromEntries(ENTITIES.map((e) => [e.entity, ALL])) as Grants,
  admin: Object.fromEntries(ENTITIES.filter((e) => e.entity !== 'billing').map((e) => [e.entity, ALL])) as Grants,
  marketer: {
    dashboard: READ,
    campaign: [...EDIT, 'send'],
    campaign_history: READ,
    brand: EDIT,
    sender: ['view'],
    template: EDIT,
    content: EDIT,
    customer: EDIT,
    message_history: READ,
    analytics: READ,
    support: ['view', 'create'],
  },
  reviewer: {
    dashboard: READ,
    campaign: ['view', 'approve'],
    campaign_history: READ,
    brand: ['view'],
    sender: ['view', 'approve'],
    template: ['view', 'approve'],
    content: ['view'],
    customer: ['view'],
    message_history: READ,
    analytics: READ,
    support: ['view', 'create'],
  },
  viewer: {
    dashboard: READ,
    campaign: ['view'],
    campaign_history: READ,
    brand: ['view'],
    template: ['view'],
    content: ['view'],
    customer: ['view'],
    message_history: READ,
    analytics: READ,
    support: ['view', 'create'],
  },
};

export const ROLE_DESCRIPTIONS: Record<BuiltinRole, string> = {
  owner: 'Owns the account: every area, billing and users.',
  admin: 'Manages every area and the users, but not billing.',
  marketer: 'Builds and launches campaigns, audiences, templates and content.',
  reviewer: 'Reviews and approves templates, senders and campaign batches.',
  viewer: 'Reads dashboards, history and reports.',
};

export function permissionTreeFor(role: BuiltinRole): PermissionTree {
  const grants = GRANTS[role];
  return {
    sms_portal: ENTITIES.filter((e) => grants[e.entity]?.length).map((e) => ({
      entity: e.entity,
      entity_url: e.entity_url,
      actions: [...(grants[e.entity] as Action[])],
    })),
  };
}

/** The first entity URL in the tree, or /login when there is none (spec §2). */
export function landingPath(tree: PermissionTree | null | undefined): string {
  return tree?.sms_portal?.find((e) => e.entity_url)?.entity_url ?? '/login';
}

/** The actions granted on the entity whose URL is a prefix of `path`. */
export function actionsForPath(tree: PermissionTree | null | undefined, path: string): Action[] {
  const entity = tree?.sms_portal?.find((e) => path === e.entity_url || path.startsWith(`${e.entity_url}/`));
  return entity ? entity.actions : [];
}

export function can(tree: PermissionTree | null | undefined, entity: EntityName, action: Action) {
  return Boolean(tree?.sms_portal?.find((e) => e.entity === entity)?.actions.includes(action));
}
