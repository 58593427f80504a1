/**
 * The shared schemas the OpenAPI document names as components (`#/components/schemas/<Name>`),
 * so each is written once and referred to by `$ref` wherever a route uses it — the error envelope
 * of every refusal first of all. Imported once, for its effect, by app.ts.
 *
 * They go into zod's global registry (where `.describe()` keeps its texts too), which
 * fastify-type-provider-zod's transforms read; output schemas keep the name, and the same schema
 * read as a request body gets `<Name>Input`. Names are never reused for another schema: a body
 * schema of its own is called `…Body`.
 */
import { aiPlanSchema, planBodySchema, planSegmentSchema } from '@risala/shared/schemas/ai-plans';
import { auditEntrySchema } from '@risala/shared/schemas/audit';
import { blacklistEntrySchema, blacklistSchema } from '@risala/shared/schemas/blacklists';
import { brandSchema } from '@risala/shared/schemas/brands';
import { batchSchema, campaignSchema } from '@risala/shared/schemas/campaigns';
import { errorEnvelopeSchema } from '@risala/shared/schemas/common';
import { connectionSchema } from '@risala/shared/schemas/gateway-connections';
import { pluginDtoSchema, routerDtoSchema, ruleDtoSchema } from '@risala/shared/schemas/gateway-routing';
import { contentItemSchema } from '@risala/shared/schemas/content';
import { customerInputSchema, customerSchema, importJobSchema } from '@risala/shared/schemas/customers';
import { customerGroupSchema, groupMemberSchema, segmentRulesSchema } from '@risala/shared/schemas/groups';
import {
  creditBalanceDtoSchema,
  inboundMessageDtoSchema,
  messageDetailDtoSchema,
  messageDtoSchema,
  sendResultSchema,
} from '@risala/shared/schemas/messages';
import { notificationSchema } from '@risala/shared/schemas/notifications';
import { smsSenderSchema } from '@risala/shared/schemas/senders';
import { teamMemberSchema } from '@risala/shared/schemas/team';
import { templateSchema } from '@risala/shared/schemas/templates';
import { waTemplateSchema } from '@risala/shared/schemas/whatsapp';
import { z } from 'zod';

export const OPENAPI_COMPONENTS: [z.ZodType, string][] = [
  [errorEnvelopeSchema, 'ErrorEnvelope'],
  [customerSchema, 'Customer'],
  [customerInputSchema, 'CustomerBody'],
  [importJobSchema, 'CustomerImportJob'],
  [customerGroupSchema, 'CustomerGroup'],
  [groupMemberSchema, 'GroupMember'],
  [segmentRulesSchema, 'SegmentRules'],
  [campaignSchema, 'Campaign'],
  [batchSchema, 'Batch'],
  [messageDtoSchema, 'Message'],
  [messageDetailDtoSchema, 'MessageDetail'],
  [inboundMessageDtoSchema, 'InboundMessage'],
  [sendResultSchema, 'SendResult'],
  [creditBalanceDtoSchema, 'CreditBalance'],
  [templateSchema, 'Template'],
  [brandSchema, 'Brand'],
  [contentItemSchema, 'ContentItem'],
  [smsSenderSchema, 'SmsSender'],
  [blacklistSchema, 'Blacklist'],
  [blacklistEntrySchema, 'BlacklistEntry'],
  [teamMemberSchema, 'TeamMember'],
  [auditEntrySchema, 'AuditEntry'],
  [notificationSchema, 'Notification'],
  [aiPlanSchema, 'AiPlan'],
  [planBodySchema, 'AiPlanBody'],
  [planSegmentSchema, 'AiPlanSegment'],
  [connectionSchema, 'GatewayConnection'],
  [ruleDtoSchema, 'GatewayRule'],
  [routerDtoSchema, 'GatewayRouter'],
  [pluginDtoSchema, 'GatewayPlugin'],
  [waTemplateSchema, 'WhatsAppTemplate'],
];

// once per process, whatever the number of apps built (the tests build many); never twice a name
for (const [schema, id] of OPENAPI_COMPONENTS) {
  const meta = z.globalRegistry.get(schema);
  if (meta?.id === id) continue;
  if (meta) z.globalRegistry.remove(schema);
  z.globalRegistry.add(schema, { ...meta, id });
}
