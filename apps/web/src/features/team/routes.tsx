import type { RouteObject } from 'react-router';

/** The team's page inside the standard layout (the accept page is public: router.tsx mounts it with the sign-in pages). */
export const routes: RouteObject[] = [{ path: 'users', lazy: async () => ({ Component: (await import('./TeamPage.tsx')).TeamPage }) }];
