/**
 * The browser tab's title per screen ("Customers · Risala", "العملاء · رسالة"): what a screen-reader
 * user hears first on every navigation, and how tabs and history tell screens apart (WCAG 2.4.2).
 * One table by path, longest prefix first, so pages need not set it themselves.
 */
import type { i18n as I18n } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

const TITLES: [prefix: string, key: string][] = [
  ['/login', 'auth.login.title'],
  ['/otp-login', 'auth.login.title'],
  ['/otp-verify', 'auth.login.title'],
  ['/register', 'auth.register.title'],
  ['/otp-register', 'auth.register.title'],
  ['/forget-password', 'auth.forgot.title'],
  ['/reset-password', 'auth.reset.title'],
  ['/sandbox/inbox', 'sandbox.title'],
  ['/subscriptionplan', 'plans.title'],
  ['/dashboard', 'nav.dashboard'],
  ['/roles', 'roles.title'],
  ['/webhooks', 'webhooks.title'],
  ['/company', 'company.title'],
  ['/billing/invoices', 'billing.title'],
  ['/billing/payments', 'billing.payments.title'],
  ['/notification-settings', 'notificationSettings.title'],
  ['/brand', 'brands.title'],
  ['/content', 'content.title'],
  ['/customer/import', 'customers.import.title'],
  ['/customer/groups', 'groups.title'],
  ['/customer/blacklists', 'blacklists.title'],
  ['/customer', 'customers.title'],
  ['/template/whatsapp', 'whatsapp.title'],
  ['/template', 'templates.title'],
  ['/gateway/routers', 'gateway.routers.title'],
  ['/gateway/rules', 'gateway.rules.title'],
  ['/gateway/plugins', 'gateway.plugins.title'],
  ['/gateway/connections', 'gateway.connections.title'],
  ['/sender-management', 'senders.title'],
  ['/message-history/new-sms', 'messages.compose.smsTitle'],
  ['/message-history/new-whatsapp', 'messages.compose.waTitle'],
  ['/message-history/new-email', 'messages.compose.emailTitle'],
  ['/message-history', 'messages.title'],
  ['/campaign/batches', 'campaigns.batches.title'],
  ['/campaignhistory', 'campaigns.history.title'],
  ['/campaign', 'campaigns.launcher.title'],
  ['/help', 'ai.help.title'],
  ['/ai-settings', 'ai.settings.title'],
  ['/support', 'support.title'],
  ['/user-profile', 'profile.edit.title'],
  ['/profile', 'profile.edit.title'],
  ['/canvas-editor', 'canvas.title'],
  ['/analytics', 'nav.analytics'],
  ['/admin', 'nav.admin'],
  ['/api-docs', 'apiDocs.title'],
];

const matches = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The title for a path; an unknown path is "Page not found", a key not loaded yet just the app's name. */
export function documentTitle(pathname: string, i18n: Pick<I18n, 't' | 'exists'>): string {
  const app = i18n.t('common.appName');
  const key = TITLES.find(([prefix]) => matches(pathname, prefix))?.[1] ?? (pathname === '/' ? null : 'notFound.title');
  return key && i18n.exists(key) ? `${i18n.t(key)} · ${app}` : app;
}

/** Keeps document.title in step with the route and the language. */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const title = documentTitle(pathname, i18n);
  useEffect(() => {
    document.title = title;
  });
}
