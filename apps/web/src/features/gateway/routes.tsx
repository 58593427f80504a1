import { Navigate, type RouteObject, useLocation } from 'react-router';

/** An old /sender-management/<page> address (bookmarks, links in mails) goes to the gateway's own area. */
function MovedToGateway() {
  const { pathname, search } = useLocation();
  return <Navigate to={`${pathname.replace(/^\/sender-management/, '/gateway')}${search}`} replace />;
}

/**
 * The SMS gateway's own area: connections, routers, rules and plugins are for the
 * people who run the gateway (owners and admins), away from the marketers' Sender Management.
 * The router mounts these paths inside the standard layout and stops showing the area's empty
 * state once a path is claimed here.
 */
export const routes: RouteObject[] = [
  { path: 'gateway', element: <Navigate to="/gateway/connections" replace /> },
  { path: 'gateway/routers', lazy: async () => ({ Component: (await import('./routers/RoutersPage.tsx')).RoutersPage }) },
  { path: 'gateway/rules', lazy: async () => ({ Component: (await import('./rules/RulesPage.tsx')).RulesPage }) },
  { path: 'gateway/plugins', lazy: async () => ({ Component: (await import('./plugins/PluginsPage.tsx')).PluginsPage }) },
  { path: 'gateway/connections', lazy: async () => ({ Component: (await import('./connections/ConnectionsPage.tsx')).ConnectionsPage }) },
  { path: 'gateway/connections/:id', lazy: async () => ({ Component: (await import('./connections/ConnectionPage.tsx')).ConnectionPage }) },
  ...['routers', 'rules', 'plugins', 'connections', 'connections/:id'].map((p) => ({
    path: `sender-management/${p}`,
    element: <MovedToGateway />,
  })),
];
