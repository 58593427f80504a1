import type { DashboardFilter } from '@risala/shared/schemas/dashboard';

/** Every dashboard query starts with 'dashboard', so one live event refreshes them all. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  overview: (userId: string, f: DashboardFilter) => ['dashboard', 'overview', userId, f] as const,
  audience: (userId: string, f: DashboardFilter) => ['dashboard', 'audience', userId, f] as const,
  channels: (f: DashboardFilter) => ['dashboard', 'channels', f] as const,
  campaignOptions: ['dashboard', 'campaign-options'] as const,
};
