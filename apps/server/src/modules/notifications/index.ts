/**
 * The notifications module's front door: what other modules and the routes table may use. Everything
 * else in modules/notifications is its own business (a test keeps imports to this file).
 */
export { notify } from './notifications.service.ts';
export { mailPendingNotifications, startNotificationMailer } from './mailer.ts';
