import { Navigate, type RouteObject } from 'react-router';

/**
 * The platform admin area (spec §2: /admin is rendered without the main layout). The
 * router mounts these outside the tenant's SessionGate: an operator has no tenant session — the
 * shell checks the operator's own (/api/admin/me) and sends a stranger to /admin/login.
 */
export const adminRoutes: RouteObject[] = [
  { path: 'admin/login', lazy: async () => ({ Component: (await import('./AdminSignInPage.tsx')).AdminSignInPage }) },
  {
    path: 'admin',
    lazy: async () => ({ Component: (await import('./AdminShell.tsx')).AdminShell }),
    children: [
      { index: true, element: <Navigate to="/admin/accounts" replace /> },
      { path: 'accounts', lazy: async () => ({ Component: (await import('./AccountsPage.tsx')).AccountsPage }) },
      { path: 'accounts/:id', lazy: async () => ({ Component: (await import('./AccountPage.tsx')).AccountPage }) },
      { path: 'reviews', lazy: async () => ({ Component: (await import('./ReviewsPage.tsx')).ReviewsPage }) },
      { path: 'gateway', lazy: async () => ({ Component: (await import('./GatewayHealthPage.tsx')).GatewayHealthPage }) },
      { path: '*', element: <Navigate to="/admin/accounts" replace /> },
    ],
  },
];
