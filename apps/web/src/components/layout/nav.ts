/** The sidebar of spec §2: entries in order, filtered by the permission tree, active by path prefix. */
import type { PermissionTree } from '@risala/shared';

export const NAV_ENTRIES = [
  { route: '/brand', labelKey: 'nav.brand' },
  { route: '/sender-management', labelKey: 'nav.senderManagement' },
  { route: '/template', labelKey: 'nav.template' },
  { route: '/content', labelKey: 'nav.content' },
  { route: '/customer', labelKey: 'nav.customer' },
  { route: '/campaign', labelKey: 'nav.campaign' },
  { route: '/campaignhistory', labelKey: 'nav.campaignHistory' },
  { route: '/message-history', labelKey: 'nav.messageHistory' },
  { route: '/dashboard', labelKey: 'nav.dashboard' },
  { route: '/analytics', labelKey: 'nav.analytics' },
  { route: '/support', labelKey: 'nav.support' },
] as const;

export type NavEntry = (typeof NAV_ENTRIES)[number];
export type NavRoute = NavEntry['route'];

/**
 * The account menu's settings pages, each shown when the stored tree grants its entity (notification
 * settings are every user's own). Profile and Log out stay first and last.
 */
export const ACCOUNT_MENU_ENTRIES = [
  { route: '/users', labelKey: 'nav.team', entity: 'user_management' },
  { route: '/roles', labelKey: 'nav.roles', entity: 'role_management' },
  { route: '/company', labelKey: 'nav.company', entity: 'company' },
  { route: '/sub-accounts', labelKey: 'nav.subAccounts', entity: 'sub_accounts' },
  { route: '/api-keys', labelKey: 'nav.apiKeys', entity: 'api_keys' },
  // how to call the API (reading it needs no permission; a call needs a key)
  { route: '/api-docs', labelKey: 'nav.apiDocs', entity: null },
  { route: '/webhooks', labelKey: 'nav.webhooks', entity: 'webhooks' },
  // the SMS gateway (connections, routing): a setting for those who run it (its own entity), not the marketers' path
  { route: '/gateway', labelKey: 'nav.gateway', entity: 'gateway' },
  { route: '/audit-log', labelKey: 'nav.auditLog', entity: 'audit_log' },
  { route: '/billing/invoices', labelKey: 'nav.billing', entity: 'billing' },
  { route: '/billing/payments', labelKey: 'nav.payments', entity: 'billing' },
  { route: '/notification-settings', labelKey: 'nav.notificationSettings', entity: null },
] as const;

export type AccountMenuEntry = (typeof ACCOUNT_MENU_ENTRIES)[number];

/**
 * The account menu's entries for this tree. `ready` lists the routes that have a page in this build,
 * so an area is offered only once it exists.
 */
export function visibleAccountMenu(tree: PermissionTree | null | undefined, ready: readonly string[]): AccountMenuEntry[] {
  const entities = new Set((tree?.sms_portal ?? []).filter((e) => e.actions.includes('view')).map((e) => e.entity));
  return ACCOUNT_MENU_ENTRIES.filter((e) => ready.includes(e.route) && (e.entity === null || entities.has(e.entity)));
}

/** Routes shown to everyone signed in, whatever the permissions say. */
const ALWAYS_VISIBLE: readonly string[] = ['/support'];

/** An entry shows when the tree has an entity with that entity_url (Support always). */
export function visibleNavEntries(tree: PermissionTree | null | undefined): NavEntry[] {
  const urls = new Set((tree?.sms_portal ?? []).map((entity) => entity.entity_url));
  return NAV_ENTRIES.filter((entry) => ALWAYS_VISIBLE.includes(entry.route) || urls.has(entry.route));
}

/**
 * Active when the current path starts with the entry's route, compared by path segment so that
 * /campaignhistory does not also light up /campaign.
 */
export function isNavActive(pathname: string, route: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === route || path.startsWith(`${route}/`);
}
