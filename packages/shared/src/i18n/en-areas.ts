/** The English catalogue of the product areas (loaded with the signed-in shell). */
import enMail from './en/mail.json' with { type: 'json' };
import enNotifications from './en/notifications.json' with { type: 'json' };
import enBrands from './en/brands.json' with { type: 'json' };
import enCustomers from './en/customers.json' with { type: 'json' };
import enGroups from './en/groups.json' with { type: 'json' };
import enBlacklists from './en/blacklists.json' with { type: 'json' };
import enContent from './en/content.json' with { type: 'json' };
import enStorage from './en/storage.json' with { type: 'json' };
import enTemplates from './en/templates.json' with { type: 'json' };
import enWhatsapp from './en/whatsapp.json' with { type: 'json' };
import enCanvas from './en/canvas.json' with { type: 'json' };
import enSenders from './en/senders.json' with { type: 'json' };
import enGateway from './en/gateway.json' with { type: 'json' };
import enMessages from './en/messages.json' with { type: 'json' };
import enSending from './en/sending.json' with { type: 'json' };
import enCampaigns from './en/campaigns.json' with { type: 'json' };
import enCampaignReport from './en/campaignReport.json' with { type: 'json' };
import enLaunch from './en/launch.json' with { type: 'json' };
import enDashboard from './en/dashboard.json' with { type: 'json' };
import enAi from './en/ai.json' with { type: 'json' };
import enAiPlans from './en/aiPlans.json' with { type: 'json' };
import enAnalytics from './en/analytics.json' with { type: 'json' };
import enBuilder from './en/builder.json' with { type: 'json' };
import enRoles from './en/roles.json' with { type: 'json' };
import enCompany from './en/company.json' with { type: 'json' };
import enNotificationSettings from './en/notificationSettings.json' with { type: 'json' };
import enAdmin from './en/admin.json' with { type: 'json' };
import enTeam from './en/team.json' with { type: 'json' };
import enAudit from './en/audit.json' with { type: 'json' };
import enApiDocs from './en/apiDocs.json' with { type: 'json' };
import enSubAccounts from './en/subAccounts.json' with { type: 'json' };
import enApiKeys from './en/apiKeys.json' with { type: 'json' };
import enBilling from './en/billing.json' with { type: 'json' };
import enWebhooks from './en/webhooks.json' with { type: 'json' };
import type { Messages } from './types.ts';

const messages: Messages = {
  mail: enMail,
  notifications: enNotifications,
  brands: enBrands,
  customers: enCustomers,
  groups: enGroups,
  blacklists: enBlacklists,
  content: enContent,
  storage: enStorage,
  templates: enTemplates,
  whatsapp: enWhatsapp,
  canvas: enCanvas,
  senders: enSenders,
  gateway: enGateway,
  messages: enMessages,
  sending: enSending,
  campaigns: enCampaigns,
  campaignReport: enCampaignReport,
  launch: enLaunch,
  dashboard: enDashboard,
  ai: enAi,
  aiPlans: enAiPlans,
  analytics: enAnalytics,
  builder: enBuilder,
  roles: enRoles,
  company: enCompany,
  notificationSettings: enNotificationSettings,
  admin: enAdmin,
  team: enTeam,
  audit: enAudit,
  apiDocs: enApiDocs,
  subAccounts: enSubAccounts,
  apiKeys: enApiKeys,
  billing: enBilling,
  webhooks: enWebhooks,
};

export default messages;
