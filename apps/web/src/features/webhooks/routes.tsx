import type { RouteObject } from 'react-router';

/** /webhooks (the permission tree's webhooks): endpoints for events and their deliveries. */
export const routes: RouteObject[] = [
  { path: 'webhooks', lazy: async () => ({ Component: (await import('./WebhooksPage.tsx')).WebhooksPage }) },
];
