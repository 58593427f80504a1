import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { requireSignIn } from './lib/contracts.ts';
import { adminPublicRoutes, adminRoutes } from './modules/admin/admin.routes.ts';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.ts';
import { publicApiRoutes } from './modules/api-keys/v1/v1.routes.ts';
import { aiRoutes } from './modules/ai/ai.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { creditRoutes, messageHistoryRoutes } from './modules/messaging/history.routes.ts';
import { emailSendRoutes } from './modules/messaging/email-send.routes.ts';
import { httpDlrRoutes } from './modules/messaging/http-dlr.routes.ts';
import { sendRoutes } from './modules/messaging/send.routes.ts';
import { whatsappSendRoutes } from './modules/messaging/whatsapp-send.routes.ts';
import { companyRoutes } from './modules/accounts/company.routes.ts';
import { authenticate } from './modules/auth/index.ts';
import { passwordRoutes, privateAuthRoutes, publicAuthRoutes } from './modules/auth/auth.routes.ts';
import { batchRoutes } from './modules/campaigns/batches.routes.ts';
import { campaignRoutes, userCampaignRoutes } from './modules/campaigns/campaigns.routes.ts';
import { emailCampaignRoutes } from './modules/campaigns/email-campaigns.routes.ts';
import { trackingRoutes } from './modules/campaigns/tracking.routes.ts';
import { blacklistRoutes } from './modules/blacklists/blacklists.routes.ts';
import { brandRoutes } from './modules/brands/brands.routes.ts';
import { contentRoutes, userContentRoutes } from './modules/content/content.routes.ts';
import { customerImportRoutes } from './modules/customers/import/imports.routes.ts';
import { customerRoutes, customersRoutes } from './modules/customers/customers.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { groupRoutes } from './modules/groups/groups.routes.ts';
import { notificationRoutes, notificationSettingsRoutes } from './modules/notifications/notifications.routes.ts';
import { connectionRoutes } from './modules/connections/connections.routes.ts';
import { pluginRoutes, routerRoutes, ruleRoutes } from './modules/routing/routing.routes.ts';
import { shortLinkRoutes } from './modules/routing/short-links.routes.ts';
import { roleRoutes } from './modules/roles/roles.routes.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { sandboxRoutes } from './modules/sandbox/sandbox.routes.ts';
import { emailPublicRoutes } from './modules/senders/email-public.routes.ts';
import { emailSenderRoutes } from './modules/senders/email.routes.ts';
import { smsSenderRoutes } from './modules/senders/sms.routes.ts';
import { whatsappSenderRoutes } from './modules/senders/whatsapp-sender.routes.ts';
import { signedDownloadRoutes, storageRoutes } from './modules/storage/storage.routes.ts';
import { subAccountRoutes } from './modules/sub-accounts/sub-accounts.routes.ts';
import { apiDocsRoutes } from './modules/system/api-docs.routes.ts';
import { healthRoutes } from './modules/system/system.routes.ts';
import { billingRoutes, paymentWebhookRoutes, subscriptionPublicRoutes, subscriptionRoutes } from './modules/billing/billing.routes.ts';
import { templateRoutes } from './modules/templates/templates.routes.ts';
import { accountRoutes, uploadRoutes, userRoutes } from './modules/users/users.routes.ts';
import { invitationPublicRoutes, teamRoutes } from './modules/users/team.routes.ts';
import { whatsappTemplateRoutes } from './modules/whatsapp/whatsapp-templates.routes.ts';
import { whatsappWebhookRoutes } from './modules/whatsapp/whatsapp-webhook.routes.ts';
import { aiContentRoutes } from './modules/ai-content/content.routes.ts';
import { aiInsightRoutes } from './modules/ai-insights/insights.routes.ts';
import { aiPlanRoutes, campaignAiRoutes, marketingPlanRoutes } from './modules/ai-plans/plans.routes.ts';

/**
 * The one routes table: every module mounted under its prefix. Reading this file tells the whole
 * API. Public groups first, then the groups behind `authenticate`.
 */
export async function registerRoutes(app: FastifyInstance, ctx: AppContext) {
  const { storage } = ctx;
  app.decorateRequest('auth', null);

  // ── public ────────────────────────────────────────────────────────────────
  await app.register(healthRoutes(ctx));
  await app.register(publicAuthRoutes(ctx), { prefix: '/api/auth' });
  await app.register(passwordRoutes(ctx), { prefix: '/api/password' });
  await app.register(subscriptionPublicRoutes(ctx), { prefix: '/api/subscription' }); // health, plans
  await app.register(sandboxRoutes(ctx), { prefix: '/api/sandbox' });
  await app.register(invitationPublicRoutes(ctx), { prefix: '/api/invitations' }); // accept a team invitation
  // the platform admin area: operators sign in by a mailed code; their own session, never a tenant's
  await app.register(adminPublicRoutes(ctx), { prefix: '/api/admin' });
  await app.register(adminRoutes(ctx), { prefix: '/api/admin' });
  await app.register(uploadRoutes(ctx, storage), { prefix: '/uploads' });
  // webhooks (signature-verified, no session):
  await app.register(trackingRoutes(ctx), { prefix: '/t' }); // campaign email open/click/unsubscribe (HMAC-signed links)
  await app.register(emailPublicRoutes(ctx), { prefix: '/api/sender-management/email' }); // SendGrid events, verify link
  await app.register(shortLinkRoutes(ctx), { prefix: '/s' }); // url_shortener redirects (public)
  await app.register(signedDownloadRoutes(ctx), { prefix: '/api/s3' }); // HMAC-signed file links
  await app.register(whatsappWebhookRoutes(ctx), { prefix: '/webhooks/whatsapp' });
  await app.register(paymentWebhookRoutes(ctx), { prefix: '/webhooks/stripe' }); // payment provider events (Stripe-Signature)
  await app.register(httpDlrRoutes(ctx), { prefix: '/webhooks/http-dlr' }); // HTTP SMS gateway receipts (HMAC token in the URL)

  // ── API key ───────────────────────────────────────────────────────────────
  // the public API for machines: an API key (Basic or Bearer client_id.password), never a session
  await app.register(publicApiRoutes(ctx), { prefix: '/api/v1' });

  // ── signed in ─────────────────────────────────────────────────────────────
  await app.register(async (signedIn) => {
    signedIn.addHook('onRoute', requireSignIn); // the OpenAPI document says so on each operation
    await signedIn.register(privateAuthRoutes(ctx), { prefix: '/api/auth' });
    await signedIn.register(userRoutes(ctx, storage), { prefix: '/api/auth/user' });
    await signedIn.register(async (scoped) => {
      scoped.addHook('onRequest', authenticate(ctx));
      await scoped.register(accountRoutes(ctx), { prefix: '/api/account' });
      await scoped.register(companyRoutes(ctx), { prefix: '/api/account/company' }); // the company profile
      await scoped.register(teamRoutes(ctx), { prefix: '/api/users' }); // the team: users, invitations
      await scoped.register(roleRoutes(ctx), { prefix: '/api/roles' }); // built-in and custom roles
      await scoped.register(webhookRoutes(ctx), { prefix: '/api/webhooks' }); // webhooks out: endpoints and deliveries
      await scoped.register(auditRoutes(ctx), { prefix: '/api/audit-log' }); // owners and admins read the log
      await scoped.register(subAccountRoutes(ctx), { prefix: '/api/sub-accounts' }); // a parent's clients or brands: usage, credits
      await scoped.register(apiKeyRoutes(ctx), { prefix: '/api/api-keys' }); // keys for the public API (/api/v1)
      await scoped.register(subscriptionRoutes(ctx), { prefix: '/api/subscription' }); // checkout, plan changes
      await scoped.register(billingRoutes(ctx), { prefix: '/api/billing' }); // invoices
      await scoped.register(notificationRoutes(ctx), { prefix: '/api/notifications' });
      await scoped.register(notificationSettingsRoutes(ctx), { prefix: '/api/notification-settings' }); // mine: bell and email per type
      await scoped.register(dashboardRoutes(ctx), { prefix: '/api/dashboard' });
      await scoped.register(apiDocsRoutes(), { prefix: '/api/api-docs' }); // the OpenAPI document for /api-docs
      // brands, content, storage:
      await scoped.register(brandRoutes(ctx), { prefix: '/api/brands' });
      await scoped.register(contentRoutes(ctx), { prefix: '/api/content' });
      await scoped.register(userContentRoutes(ctx), { prefix: '/api/users' });
      await scoped.register(storageRoutes(ctx), { prefix: '/api/s3' });
      // customers, imports, exports:
      await scoped.register(customerRoutes(ctx), { prefix: '/api/customer' });
      await scoped.register(customersRoutes(ctx), { prefix: '/api/customers' });
      await scoped.register(customerImportRoutes(ctx), { prefix: '/api/customers/imports' });
      // groups, segments, blacklists:
      await scoped.register(groupRoutes(ctx), { prefix: '/api/groups' });
      await scoped.register(blacklistRoutes(ctx), { prefix: '/api/blacklists' });
      // templates and review:
      await scoped.register(templateRoutes(ctx), { prefix: '/api/templates' });
      // whatsapp templates:
      await scoped.register(whatsappTemplateRoutes(ctx), { prefix: '/api/whatsapp/templates' });
      // senders (email, sms, whatsapp):
      await scoped.register(emailSenderRoutes(ctx), { prefix: '/api/sender-management/email' });
      await scoped.register(smsSenderRoutes(ctx), { prefix: '/api/sender-management/sms' });
      await scoped.register(whatsappSenderRoutes(ctx), { prefix: '/api/whatsapp/sender' });
      await scoped.register(whatsappTemplateRoutes(ctx), { prefix: '/api/whatsapp/sender/templates' }); // §7 lists the templates here too
      // gateway (connections, routers, rules, plugins):
      await scoped.register(connectionRoutes(ctx), { prefix: '/api/gateway/connections' });
      await scoped.register(routerRoutes(ctx), { prefix: '/api/gateway/routers' });
      await scoped.register(ruleRoutes(ctx), { prefix: '/api/gateway/rules' });
      await scoped.register(pluginRoutes(ctx), { prefix: '/api/gateway/plugins' });
      // campaigns, batches, email campaigns:
      await scoped.register(campaignRoutes(ctx), { prefix: '/api/campaigns' });
      await scoped.register(campaignAiRoutes(ctx), { prefix: '/api/campaigns' }); // /{id}/ai-planning, /personalize-ai-plans, /ai/generate, /ai/plan
      await scoped.register(aiPlanRoutes(ctx), { prefix: '/api/ai-plans' });
      await scoped.register(userCampaignRoutes(ctx), { prefix: '/api/users' });
      await scoped.register(batchRoutes(ctx), { prefix: '/api/batches' });
      await scoped.register(emailCampaignRoutes(ctx), { prefix: '/api/email-campaigns' });
      // messages: sending (sms, email):
      await scoped.register(sendRoutes(ctx), { prefix: '/api/messages' });
      await scoped.register(emailSendRoutes(ctx), { prefix: '/api/messages' });
      // messages: sending (whatsapp):
      await scoped.register(whatsappSendRoutes(ctx), { prefix: '/api/messages' });
      // messages: history, export, inbound, credits:
      await scoped.register(messageHistoryRoutes(ctx), { prefix: '/api/messages' });
      await scoped.register(creditRoutes(ctx), { prefix: '/api/credits' });
      // the AI service (spec §7: chat, health; conversations, settings, help):
      await scoped.register(aiRoutes(ctx), { prefix: '/api/ai' });
      // AI content, plans and analytics (content/generate, upload, …):
      await scoped.register(aiContentRoutes(ctx), { prefix: '/api/ai' });
      await scoped.register(marketingPlanRoutes(ctx), { prefix: '/api/ai' }); // marketing-plan/{id}, marketing-plan-stream/{id}
      await scoped.register(aiInsightRoutes(ctx), { prefix: '/api/ai' }); // analytics, analytics-stream, analytics/dashboard, performance, insights
    });
  });
}
