/**
 * The senders module's front door: what other modules and the routes table may use. Everything
 * else in modules/senders is its own business (a test keeps imports to this file).
 */
export { type AutoReplyConfig, autoReplyFor } from './auto-reply.ts';
export { findDefaultEmailSender, findEmailSenderById } from './email.repo.ts';
export { SANDBOX_SMS_SENDER, seedSandboxSenders } from './sandbox-seed.ts';
export { findDefaultSmsSender, findSmsSender } from './sms.repo.ts';
export { reviewSmsSenderAs } from './sms.service.ts';
export { findDefaultWhatsappSender, findWhatsappSender } from './whatsapp-sender.repo.ts';
