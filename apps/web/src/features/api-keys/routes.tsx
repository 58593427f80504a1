import type { RouteObject } from 'react-router';

/** /api-keys (owners and admins: the permission tree's api_keys). */
export const routes: RouteObject[] = [
  { path: 'api-keys', lazy: async () => ({ Component: (await import('./ApiKeysPage.tsx')).ApiKeysPage }) },
];
