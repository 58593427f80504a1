import type { RouteObject } from 'react-router';

/**
 * The account's access and settings pages inside the standard layout: roles, the
 * company profile and the user's own notification settings.
 */
export const routes: RouteObject[] = [
  { path: 'roles', lazy: async () => ({ Component: (await import('./RolesPage.tsx')).RolesPage }) },
  { path: 'company', lazy: async () => ({ Component: (await import('./CompanyPage.tsx')).CompanyPage }) },
  {
    path: 'notification-settings',
    lazy: async () => ({ Component: (await import('./NotificationSettingsPage.tsx')).NotificationSettingsPage }),
  },
];
