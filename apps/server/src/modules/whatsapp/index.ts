/**
 * The whatsapp module's front door: what other modules and the routes table may use. Everything
 * else in modules/whatsapp is its own business (a test keeps imports to this file).
 */
export { whatsappTemplateRoutes } from './whatsapp-templates.routes.ts';
export { whatsappWebhookRoutes } from './whatsapp-webhook.routes.ts';
