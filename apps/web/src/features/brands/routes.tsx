import type { RouteObject } from 'react-router';

/**
 * This area's routes inside the standard layout (paths without a leading slash). The router mounts
 * them and stops showing the area's empty state once a path is claimed here.
 */
export const routes: RouteObject[] = [{ path: 'brand', lazy: async () => ({ Component: (await import('./BrandsPage.tsx')).BrandsPage }) }];
