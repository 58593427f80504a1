/**
 * The query catalogue: for each entity of the typed question, the fields a filter may name (with
 * their type, ops, values and words in both languages), the groupings, measures, sortable fields,
 * the date field a period applies to and the screen that lists the same rows. The built-in parser
 * builds its lexicon from it, the model's `query_account` tool schema is derived from it, and the
 * compiler refuses anything it does not declare.
 */
import {
  accountEntity,
  aiPlansEntity,
  brandsEntity,
  notificationsEntity,
  sendersEntity,
  templatesEntity,
  whatsappTemplatesEntity,
} from './catalogue-account.ts';
import { customersEntity, groupsEntity } from './catalogue-audience.ts';
import { campaignsEntity, creditsEntity, messagesEntity } from './catalogue-messaging.ts';
import type { QueryCatalogue } from './types.ts';

export const QUERY_CATALOGUE: QueryCatalogue = {
  customers: customersEntity,
  groups: groupsEntity,
  messages: messagesEntity,
  campaigns: campaignsEntity,
  templates: templatesEntity,
  whatsapp_templates: whatsappTemplatesEntity,
  senders: sendersEntity,
  brands: brandsEntity,
  credits: creditsEntity,
  ai_plans: aiPlansEntity,
  notifications: notificationsEntity,
  account: accountEntity,
};
