import type { RouteObject } from 'react-router';

/**
 * This area's routes inside the standard layout (paths without a leading slash). The router mounts
 * them and stops showing the area's empty state once a path is claimed here.
 */
export const routes: RouteObject[] = [
  { path: 'customer', lazy: async () => ({ Component: (await import('./CustomersPage.tsx')).CustomersPage }) },
  { path: 'customer/import', lazy: async () => ({ Component: (await import('./CustomerImportPage.tsx')).CustomerImportPage }) },
  { path: 'customer/:id', lazy: async () => ({ Component: (await import('./CustomerDetailPage.tsx')).CustomerDetailPage }) },
  { path: 'customer/groups', lazy: async () => ({ Component: (await import('../groups/GroupsPage.tsx')).GroupsPage }) },
  { path: 'customer/groups/:id', lazy: async () => ({ Component: (await import('../groups/GroupPage.tsx')).GroupPage }) },
  { path: 'customer/blacklists', lazy: async () => ({ Component: (await import('../blacklists/BlacklistsPage.tsx')).BlacklistsPage }) },
  { path: 'customer/blacklists/:id', lazy: async () => ({ Component: (await import('../blacklists/BlacklistPage.tsx')).BlacklistPage }) },
];
