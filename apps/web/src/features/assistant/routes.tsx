import type { RouteObject } from 'react-router';

/** The help corpus (/help, /help/:slug) and the account's AI settings (/ai-settings). */
export const routes: RouteObject[] = [
  { path: 'help', lazy: async () => ({ Component: (await import('./HelpPage.tsx')).HelpPage }) },
  { path: 'help/:slug', lazy: async () => ({ Component: (await import('./HelpArticlePage.tsx')).HelpArticlePage }) },
  { path: 'ai-settings', lazy: async () => ({ Component: (await import('./AiSettingsPage.tsx')).AiSettingsPage }) },
];
