/**
 * Questions the built-in engine can answer, offered when it cannot answer the one asked: those about
 * the same entity first, those that keep a grouping or filter the user gave, then general ones.
 * Each is a key of ai.builtin.examples in both catalogues (a unit test parses every one of them).
 */
import type { QueryEntity, Question } from '@risala/shared/schemas/ai-query';

interface Example {
  key: string;
  entity: QueryEntity;
  /** the fields or grouping it shows, to prefer the examples closest to what was understood */
  about: string[];
}

export const EXAMPLES: readonly Example[] = [
  { key: 'customersTotal', entity: 'customers', about: [] },
  { key: 'customersByCity', entity: 'customers', about: ['city'] },
  { key: 'customersByLanguage', entity: 'customers', about: ['language'] },
  { key: 'customersConsent', entity: 'customers', about: ['consent_sms', 'consent_email', 'consent_whatsapp'] },
  { key: 'customersTag', entity: 'customers', about: ['tag'] },
  { key: 'groupsList', entity: 'groups', about: [] },
  { key: 'groupsLargest', entity: 'groups', about: ['size'] },
  { key: 'messagesYesterday', entity: 'messages', about: ['created'] },
  { key: 'messagesByChannel', entity: 'messages', about: ['channel'] },
  { key: 'messagesDelivery', entity: 'messages', about: ['view', 'status'] },
  { key: 'messagesFailures', entity: 'messages', about: ['reason'] },
  { key: 'messagesBestHour', entity: 'messages', about: ['hour'] },
  { key: 'campaignsLast', entity: 'campaigns', about: ['name'] },
  { key: 'campaignsTop', entity: 'campaigns', about: ['clicked_rate'] },
  { key: 'campaignsRunning', entity: 'campaigns', about: ['status'] },
  { key: 'templatesReview', entity: 'templates', about: ['status'] },
  { key: 'templatesByChannel', entity: 'templates', about: ['channel'] },
  { key: 'whatsappApproved', entity: 'whatsapp_templates', about: ['status'] },
  { key: 'sendersList', entity: 'senders', about: [] },
  { key: 'sendersByChannel', entity: 'senders', about: ['channel'] },
  { key: 'brandsList', entity: 'brands', about: [] },
  { key: 'creditsLeft', entity: 'credits', about: ['channel'] },
  { key: 'plansWaiting', entity: 'ai_plans', about: ['status'] },
  { key: 'notificationsUnread', entity: 'notifications', about: ['status'] },
  { key: 'accountZone', entity: 'account', about: [] },
];

const GENERAL = ['customersTotal', 'messagesYesterday', 'campaignsLast'];

/** Two or three examples nearest to what was understood. */
export function suggestionsFor(entity: QueryEntity | null, understood: { filters: Question['filters']; group_by?: string }): string[] {
  const asked = new Set([...understood.filters.map((f) => f.field), ...(understood.group_by ? [understood.group_by] : [])]);
  const score = (e: Example) => (e.entity === entity ? 10 : 0) + e.about.filter((a) => asked.has(a)).length;
  const ranked = [...EXAMPLES].filter((e) => score(e) > 0).sort((a, b) => score(b) - score(a));
  const keys = ranked.slice(0, 3).map((e) => e.key);
  for (const g of GENERAL) if (keys.length < 2 && !keys.includes(g)) keys.push(g);
  return keys;
}
