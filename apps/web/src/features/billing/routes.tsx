import type { RouteObject } from 'react-router';

/** /billing/invoices (the permission tree's billing: owners). */
export const routes: RouteObject[] = [
  { path: 'billing/invoices', lazy: async () => ({ Component: (await import('./InvoicesPage.tsx')).InvoicesPage }) },
];
