/**
 * `account_names`: the account's own names (cities, tags, groups, campaigns, senders…) and its time
 * zone — what the built-in parser matches a question's words against, and what a model may use as
 * filter values of `query_account`. Only the lists of screens the caller may see are given.
 */
import type { QueryEntity } from '@risala/shared/schemas/ai-query';
import { z } from 'zod';
import { accountVocabulary, scopeFor, type Vocabulary } from '../query/index.ts';
import { defineTool } from './registry.ts';

/** The entity each list's names belong to (its permission decides whether the list is given). */
const LIST_ENTITY: Record<keyof Vocabulary, QueryEntity> = {
  cities: 'customers',
  countries: 'customers',
  languages: 'customers',
  tags: 'customers',
  groups: 'groups',
  campaigns: 'campaigns',
  senders: 'senders',
  templates: 'templates',
  whatsapp_templates: 'whatsapp_templates',
  brands: 'brands',
  failure_reasons: 'messages',
};

export const accountNamesTool = defineTool({
  name: 'account_names',
  description:
    "The account's own names, to use as filter values in query_account: its customers' cities, countries, languages and tags, its groups, campaigns, senders, templates, WhatsApp templates, brands and recent failure codes (each list bounded, most used first), and the account's time zone.",
  input: z.object({}),
  permission: null,
  async run(tc) {
    const scope = await scopeFor(tc.ctx.db, tc.auth, tc.lang);
    const names = await accountVocabulary(tc.ctx.db, tc.auth.accountId);
    const visible = Object.fromEntries(
      (Object.keys(LIST_ENTITY) as (keyof Vocabulary)[]).map((list) => [list, scope.can(LIST_ENTITY[list]) ? names[list] : []]),
    ) as unknown as Vocabulary;
    return { data: { ...visible, time_zone: scope.timezone } };
  },
});
