import type { RouteObject } from 'react-router';

/**
 * AI campaign plans under /campaign (planning is part of launching): the list and the approvers'
 * queue, a new plan (?campaign=&group=&channel=&objective= pre-fill it), one plan.
 */
export const routes: RouteObject[] = [
  { path: 'campaign/ai-plans', lazy: async () => ({ Component: (await import('./PlansPage.tsx')).PlansPage }) },
  { path: 'campaign/ai-plans/new', lazy: async () => ({ Component: (await import('./NewPlanPage.tsx')).NewPlanPage }) },
  { path: 'campaign/ai-plans/:id', lazy: async () => ({ Component: (await import('./PlanPage.tsx')).PlanPage }) },
];
