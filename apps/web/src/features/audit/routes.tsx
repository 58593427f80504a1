import type { RouteObject } from 'react-router';

/** /audit-log (owners and admins: the permission tree's audit_log) and /sub-accounts (sub_accounts). */
export const routes: RouteObject[] = [
  { path: 'audit-log', lazy: async () => ({ Component: (await import('./AuditLogPage.tsx')).AuditLogPage }) },
  {
    path: 'sub-accounts',
    lazy: async () => ({ Component: (await import('../sub-accounts/SubAccountsPage.tsx')).SubAccountsPage }),
  },
];
