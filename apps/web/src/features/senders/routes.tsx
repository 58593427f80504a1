import type { RouteObject } from 'react-router';

const page = async () => ({ Component: (await import('./SenderManagementPage.tsx')).SenderManagementPage });

/**
 * This area's routes inside the standard layout (paths without a leading slash). The router mounts
 * them and stops showing the area's empty state once a path is claimed here. The tab is the URL;
 * the gateway area adds sender-management/connections, /routers, … in its own routes file.
 */
export const routes: RouteObject[] = [
  { path: 'sender-management', lazy: page },
  { path: 'sender-management/email', lazy: page },
  { path: 'sender-management/sms', lazy: page },
  { path: 'sender-management/whatsapp', lazy: page },
];
