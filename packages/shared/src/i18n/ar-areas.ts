/** The Arabic catalogue of the product areas (loaded with the signed-in shell). */
import arMail from './ar/mail.json' with { type: 'json' };
import arNotifications from './ar/notifications.json' with { type: 'json' };
import arBrands from './ar/brands.json' with { type: 'json' };
import arCustomers from './ar/customers.json' with { type: 'json' };
import arGroups from './ar/groups.json' with { type: 'json' };
import arBlacklists from './ar/blacklists.json' with { type: 'json' };
import arContent from './ar/content.json' with { type: 'json' };
import arStorage from './ar/storage.json' with { type: 'json' };
import arTemplates from './ar/templates.json' with { type: 'json' };
import arWhatsapp from './ar/whatsapp.json' with { type: 'json' };
import arCanvas from './ar/canvas.json' with { type: 'json' };
import arSenders from './ar/senders.json' with { type: 'json' };
import arGateway from './ar/gateway.json' with { type: 'json' };
import arMessages from './ar/messages.json' with { type: 'json' };
import arSending from './ar/sending.json' with { type: 'json' };
import arCampaigns from './ar/campaigns.json' with { type: 'json' };
import arCampaignReport from './ar/campaignReport.json' with { type: 'json' };
import arLaunch from './ar/launch.json' with { type: 'json' };
import arDashboard from './ar/dashboard.json' with { type: 'json' };
import arAi from './ar/ai.json' with { type: 'json' };
import arAiPlans from './ar/aiPlans.json' with { type: 'json' };
import arAnalytics from './ar/analytics.json' with { type: 'json' };
import arBuilder from './ar/builder.json' with { type: 'json' };
import arRoles from './ar/roles.json' with { type: 'json' };
import arCompany from './ar/company.json' with { type: 'json' };
import arNotificationSettings from './ar/notificationSettings.json' with { type: 'json' };
import arAdmin from './ar/admin.json' with { type: 'json' };
import arTeam from './ar/team.json' with { type: 'json' };
import arAudit from './ar/audit.json' with { type: 'json' };
import arApiDocs from './ar/apiDocs.json' with { type: 'json' };
import arSubAccounts from './ar/subAccounts.json' with { type: 'json' };
import arApiKeys from './ar/apiKeys.json' with { type: 'json' };
import arBilling from './ar/billing.json' with { type: 'json' };
import arWebhooks from './ar/webhooks.json' with { type: 'json' };
import type { Messages } from './types.ts';

const messages: Messages = {
  mail: arMail,
  notifications: arNotifications,
  brands: arBrands,
  customers: arCustomers,
  groups: arGroups,
  blacklists: arBlacklists,
  content: arContent,
  storage: arStorage,
  templates: arTemplates,
  whatsapp: arWhatsapp,
  canvas: arCanvas,
  senders: arSenders,
  gateway: arGateway,
  messages: arMessages,
  sending: arSending,
  campaigns: arCampaigns,
  campaignReport: arCampaignReport,
  launch: arLaunch,
  dashboard: arDashboard,
  ai: arAi,
  aiPlans: arAiPlans,
  analytics: arAnalytics,
  builder: arBuilder,
  roles: arRoles,
  company: arCompany,
  notificationSettings: arNotificationSettings,
  admin: arAdmin,
  team: arTeam,
  audit: arAudit,
  apiDocs: arApiDocs,
  subAccounts: arSubAccounts,
  apiKeys: arApiKeys,
  billing: arBilling,
  webhooks: arWebhooks,
};

export default messages;
