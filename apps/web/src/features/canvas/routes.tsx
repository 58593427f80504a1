import type { RouteObject } from 'react-router';

/** Routes rendered without the standard layout (the full-screen canvas editor). */
export const bareRoutes: RouteObject[] = [
  {
    path: 'canvas-editor',
    lazy: async () => ({ Component: (await import('./CanvasEditorPage.tsx')).CanvasEditorPage }),
  },
];
