import type { RouteObject } from 'react-router';

/**
 * This area's routes inside the standard layout (paths without a leading slash). The router mounts
 * them and stops showing the area's empty state once a path is claimed here.
 */
export const routes: RouteObject[] = [
  { path: 'sender-management/routers', lazy: async () => ({ Component: (await import('./routers/RoutersPage.tsx')).RoutersPage }) },
  { path: 'sender-management/rules', lazy: async () => ({ Component: (await import('./rules/RulesPage.tsx')).RulesPage }) },
  { path: 'sender-management/plugins', lazy: async () => ({ Component: (await import('./plugins/PluginsPage.tsx')).PluginsPage }) },
  { path: 'sender-management/connections', lazy: async () => ({ Component: (await import('./connections/ConnectionsPage.tsx')).ConnectionsPage }) },
  { path: 'sender-management/connections/:id', lazy: async () => ({ Component: (await import('./connections/ConnectionPage.tsx')).ConnectionPage }) },
];
