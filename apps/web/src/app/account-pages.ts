/**
 * The account-menu pages this build has (routes in router.tsx). An area adds its route here when its
 * page lands, so the menu never offers a page that does not exist.
 */
export const ACCOUNT_PAGES_READY: readonly string[] = [
  '/users',
  '/roles',
  '/company',
  '/notification-settings',
  '/audit-log',
  '/sub-accounts',
  '/api-keys',
  '/api-docs',
  '/billing/invoices',
  '/billing/payments',
  '/webhooks',
  '/gateway',
];
