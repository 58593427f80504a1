import type { RouteObject } from 'react-router';

/** The landing page (its insights come with the dashboard work; see DashboardPage). */
export const routes: RouteObject[] = [
  { path: 'dashboard', lazy: async () => ({ Component: (await import('./DashboardPage.tsx')).DashboardPage }) },
];
