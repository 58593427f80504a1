import type { RouteObject } from 'react-router';

/**
 * This area's routes inside the standard layout (paths without a leading slash). The router mounts
 * them and stops showing the area's empty state once a path is claimed here.
 */
export const routes: RouteObject[] = [
  // email, SMS and WhatsApp text templates with review (/template, /template/new/:channel, /template/edit/:id)
  { path: 'template', lazy: async () => ({ Component: (await import('./TemplatesPage.tsx')).TemplatesPage }) },
  { path: 'template/new/:channel', lazy: async () => ({ Component: (await import('./TemplateEditorPage.tsx')).TemplateEditorPage }) },
  { path: 'template/edit/:id', lazy: async () => ({ Component: (await import('./TemplateEditorPage.tsx')).TemplateEditorPage }) },
  // WhatsApp templates reviewed by Meta (features/whatsapp): the list, and the builder for 'new' or an id
  {
    path: 'template/whatsapp',
    lazy: async () => ({ Component: (await import('../whatsapp/WhatsAppTemplatesPage.tsx')).WhatsAppTemplatesPage }),
  },
  {
    path: 'template/whatsapp/:id',
    lazy: async () => ({ Component: (await import('../whatsapp/WhatsAppTemplateEditorPage.tsx')).WhatsAppTemplateEditorPage }),
  },
];
