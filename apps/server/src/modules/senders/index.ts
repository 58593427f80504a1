/**
 * The senders module's front door: what other modules and the routes table may use. Everything
 * else in modules/senders is its own business (a test keeps imports to this file).
 */
export { type AutoReplyConfig, autoReplyFor } from './auto-reply.ts';
export { emailPublicRoutes } from './email-public.routes.ts';
export { findDefaultEmailSender, findEmailSenderById } from './email.repo.ts';
export { emailSenderRoutes } from './email.routes.ts';
export { SANDBOX_SMS_SENDER, seedSandboxSenders } from './sandbox-seed.ts';
export { findDefaultSmsSender, findSmsSender } from './sms.repo.ts';
export { smsSenderRoutes } from './sms.routes.ts';
export { reviewSmsSenderAs } from './sms.service.ts';
export { findDefaultWhatsappSender, findWhatsappSender } from './whatsapp-sender.repo.ts';
export { whatsappSenderRoutes } from './whatsapp-sender.routes.ts';
