import type { RouteObject } from 'react-router';

/** Routes rendered without the standard layout (the full-screen canvas editor). */
export const bareRoutes: RouteObject[] = [];
