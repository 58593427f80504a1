import type { RouteObject } from 'react-router';

/**
 * Messages: history (/message-history) and the New message / New WhatsApp message screens
 * (paths without a leading slash; lazy pages).
 */
export const routes: RouteObject[] = [];
