import type { RouteObject } from 'react-router';

/** /analytics: AI Analytics (spec §2). */
export const routes: RouteObject[] = [
  { path: 'analytics', lazy: async () => ({ Component: (await import('./AnalyticsPage.tsx')).AnalyticsPage }) },
];
