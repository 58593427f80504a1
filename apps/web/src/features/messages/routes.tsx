import type { RouteObject } from 'react-router';

/**
 * Messages: history (/message-history) and the New SMS / New WhatsApp message / New email screens
 * (paths without a leading slash; lazy pages).
 */
export const routes: RouteObject[] = [
  { path: 'message-history', lazy: async () => ({ Component: (await import('./MessageHistoryPage.tsx')).MessageHistoryPage }) },
  { path: 'message-history/new-sms', lazy: async () => ({ Component: (await import('./NewSmsPage.tsx')).NewSmsPage }) },
  { path: 'message-history/new-email', lazy: async () => ({ Component: (await import('./NewEmailPage.tsx')).NewEmailPage }) },
  { path: 'message-history/new-whatsapp', lazy: async () => ({ Component: (await import('./NewWhatsappPage.tsx')).NewWhatsappPage }) },
];
