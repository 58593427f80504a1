import type { RouteObject } from 'react-router';

/** /billing/invoices and /billing/payments (the permission tree's billing: owners). */
export const routes: RouteObject[] = [
  { path: 'billing/invoices', lazy: async () => ({ Component: (await import('./InvoicesPage.tsx')).InvoicesPage }) },
  { path: 'billing/payments', lazy: async () => ({ Component: (await import('./PaymentsPage.tsx')).PaymentsPage }) },
];
