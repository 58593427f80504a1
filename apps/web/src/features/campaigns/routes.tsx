import type { RouteObject } from 'react-router';

/**
 * Campaigns: the launcher (/campaign new, /campaign/:id to continue a draft — one route so the
 * first autosave can move to /campaign/:id without starting over), the batch screens
 * (/campaign/batches: approval, gateway approval, scheduled, canceled) and Campaign History
 * (/campaignhistory, ?campaign=<id> opens a report).
 */
export const routes: RouteObject[] = [
  { path: 'campaign/batches', lazy: async () => ({ Component: (await import('./BatchesPage.tsx')).BatchesPage }) },
  { path: 'campaign/:id?', lazy: async () => ({ Component: (await import('./LauncherPage.tsx')).LauncherPage }) },
  { path: 'campaignhistory', lazy: async () => ({ Component: (await import('./CampaignHistoryPage.tsx')).CampaignHistoryPage }) },
];
