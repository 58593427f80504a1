import type { RouteObject } from 'react-router';

/** /api-docs: how to call the API, its operations, and a "try it" with the caller's own key (every signed-in user). */
export const routes: RouteObject[] = [
  { path: 'api-docs', lazy: async () => ({ Component: (await import('./ApiDocsPage.tsx')).ApiDocsPage }) },
];
