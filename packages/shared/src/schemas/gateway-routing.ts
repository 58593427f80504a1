import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { normalizeWords } from './blacklists.ts';
import { emptyEnvelopeSchema, envelopeOf, nameSchema, optionalString, pageOf, pageQuerySchema, phoneSchema } from './common.ts';
import { guessSenderType, senderIdError } from './senders.ts';
import { type RegexProblem, userRegexProblem } from '../user-regex.ts';

/**
 * SMS routing configuration (Jasmin's MT routing, done better): rules (filters) a message is
 * matched on, routers tried in `order`, and route plugins applied to the chosen route's messages.
 */
export const RULE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const ROUTER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const PLUGIN_STATUSES = ['INSTALLED', 'UNINSTALLED'] as const;
export const FILTER_TYPES = [
  'destination_prefix',
  'destination_pattern',
  'source_address',
  'sender',
  'user',
  'content_pattern',
  'content_keyword',
  'time_window',
  'transparent',
] as const;
export type FilterType = (typeof FILTER_TYPES)[number];
export const ROUTER_TYPES = ['default', 'static', 'random_round_robin', 'failover'] as const;
export type RouterType = (typeof ROUTER_TYPES)[number];
export const PLUGIN_TYPES = ['url_shortener', 'sender_override'] as const;
export type PluginType = (typeof PLUGIN_TYPES)[number];

/**
 * Why a rule's pattern is refused, or null when it can run on message text: the check of the
 * engine the router runs it on (user-regex.ts, RE2: linear time, no look-around or
 * back-references, a bounded program).
 */
export function regexProblem(pattern: string): RegexProblem | null {
  return userRegexProblem(pattern);
}

const patternSchema = z
  .string({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .superRefine((value, ctx) => {
    const problem = regexProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `validation.gateway.${problem}` });
  });

const list = <T extends z.ZodType>(item: T, max = 100) =>
  z
    .array(item)
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.max' })
    .transform((values) => [...new Set(values as unknown[])] as z.output<T>[]);

const prefixSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .transform((v) => v.replace(/[\s()-]/g, ''))
  .refine((v) => /^\+\d{1,15}$/.test(v), { error: 'validation.gateway.prefix' });

/**
 * A sender id as Sender Management defines it (`senderIdError` in senders.ts): one definition for
 * the ids requested and approved there and for those rules match on and plugins set.
 */
export const senderIdSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .refine((v) => senderIdError(v, guessSenderType(v)) === null, { error: 'validation.senderId' });

const sourceAddressSchema = z.union([phoneSchema, senderIdSchema], { error: 'validation.invalid' });

const keywordSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(100, { error: 'validation.tooLong' })
  .transform(normalizeWords)
  .refine((v) => v.length > 0, { error: 'validation.invalid' });

const positiveId = z.number({ error: 'validation.id' }).int({ error: 'validation.id' }).positive({ error: 'validation.id' });
const daySchema = z
  .number({ error: 'validation.gateway.days' })
  .int()
  .min(0, { error: 'validation.gateway.days' })
  .max(6, { error: 'validation.gateway.days' });
const timeSchema = z.string({ error: 'validation.required' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.gateway.time' });

/** Each filter type with its value; `days` are 0 (Sunday) … 6, the day a window starts on. */
const ruleFilterOptions = [
  z.object({ filter_type: z.literal('destination_prefix'), value: z.object({ prefixes: list(prefixSchema) }) }),
  z.object({ filter_type: z.literal('destination_pattern'), value: z.object({ pattern: patternSchema }) }),
  z.object({ filter_type: z.literal('source_address'), value: z.object({ addresses: list(sourceAddressSchema) }) }),
  z.object({ filter_type: z.literal('sender'), value: z.object({ sender_ids: list(senderIdSchema) }) }),
  z.object({ filter_type: z.literal('user'), value: z.object({ user_ids: list(positiveId) }) }),
  z.object({ filter_type: z.literal('content_pattern'), value: z.object({ pattern: patternSchema }) }),
  z.object({ filter_type: z.literal('content_keyword'), value: z.object({ keywords: list(keywordSchema) }) }),
  z.object({ filter_type: z.literal('time_window'), value: z.object({ days: list(daySchema, 7), from: timeSchema, to: timeSchema }) }),
  z.object({ filter_type: z.literal('transparent'), value: z.object({}).default({}) }),
] as const;

const ruleSchema = <T extends z.ZodRawShape>(base: T) =>
  z.discriminatedUnion(
    'filter_type',
    ruleFilterOptions.map((o) => o.extend(base)) as unknown as [
      z.ZodObject<(typeof ruleFilterOptions)[number]['shape'] & T>,
      ...z.ZodObject<(typeof ruleFilterOptions)[number]['shape'] & T>[],
    ],
    { error: 'validation.invalid' },
  );

export const ruleFilterSchema = ruleSchema({});
export type RuleFilter = z.infer<typeof ruleFilterSchema>;

export const createRuleSchema = ruleSchema({
  rule_name: nameSchema(100),
  status: z.enum(RULE_STATUSES, { error: 'validation.invalid' }).default('ACTIVE'),
});
export type CreateRuleInput = z.infer<typeof createRuleSchema>;

/** PUT replaces the name and the filter; the status changes through activate/deactivate. */
export const updateRuleSchema = ruleSchema({ rule_name: nameSchema(100) });
export type UpdateRuleInput = z.infer<typeof updateRuleSchema>;

const sortOrder = z.enum(['asc', 'desc']).default('asc');
export const ruleListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  filter_type: z.enum(FILTER_TYPES).optional(),
  status: z.enum(RULE_STATUSES).optional(),
  sort: z.enum(['rule_name', 'filter_type', 'status', 'created_at']).default('created_at'),
  order: sortOrder,
});
export type RuleListQuery = z.infer<typeof ruleListQuerySchema>;

const idList = z.array(positiveId).max(50, { error: 'validation.max' });
const uniqueIds = (ids: number[]) => new Set(ids).size === ids.length;

/** How many connections each router type takes: [min, max]. */
export const ROUTER_CONNECTIONS: Record<RouterType, [number, number]> = {
  default: [1, 1],
  static: [1, 1],
  random_round_robin: [2, 50],
  failover: [2, 50],
};
export const connectionsFit = (type: RouterType, count: number) =>
  count >= ROUTER_CONNECTIONS[type][0] && count <= ROUTER_CONNECTIONS[type][1];

const routerFields = {
  router_name: nameSchema(100),
  order: z
    .number({ error: 'validation.number' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.positive' })
    .max(LIMITS.numericMax, { error: 'validation.maxValue' }),
  rate: z.coerce
    .number({ error: 'validation.number' })
    .min(0, { error: 'validation.nonNegative' })
    .max(9_999_999, { error: 'validation.max' }),
  connection_ids: idList.refine(uniqueIds, { error: 'validation.gateway.duplicate' }),
  rules_ids: idList.refine(uniqueIds, { error: 'validation.gateway.duplicate' }),
  plugins_ids: idList.refine(uniqueIds, { error: 'validation.gateway.duplicate' }),
};

export const createRouterSchema = z
  .object({
    ...routerFields,
    router_type: z.enum(ROUTER_TYPES, { error: 'validation.invalid' }),
    rate: routerFields.rate.default(0),
    status: z.enum(ROUTER_STATUSES, { error: 'validation.invalid' }).default('ACTIVE'),
    rules_ids: routerFields.rules_ids.default([]),
    plugins_ids: routerFields.plugins_ids.default([]),
  })
  .superRefine((v, ctx) => {
    if (!connectionsFit(v.router_type, v.connection_ids.length)) {
      ctx.addIssue({ code: 'custom', path: ['connection_ids'], message: `validation.gateway.connections.${v.router_type}` });
    }
    if (v.router_type === 'default' && v.rules_ids.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['rules_ids'], message: 'validation.gateway.defaultRules' });
    }
  });
export type CreateRouterInput = z.infer<typeof createRouterSchema>;

/** router_type may be sent back unchanged; a different value is refused (§8). */
export const updateRouterSchema = z.object({
  router_name: routerFields.router_name.optional(),
  router_type: z.enum(ROUTER_TYPES, { error: 'validation.invalid' }).optional(),
  order: routerFields.order.optional(),
  rate: routerFields.rate.optional(),
  connection_ids: routerFields.connection_ids.optional(),
  rules_ids: routerFields.rules_ids.optional(),
  plugins_ids: routerFields.plugins_ids.optional(),
});
export type UpdateRouterInput = z.infer<typeof updateRouterSchema>;

export const reorderRoutersSchema = z.object({
  ids: idList.min(1, { error: 'validation.required' }).max(500).refine(uniqueIds, { error: 'validation.gateway.duplicate' }),
});

export const routeTestSchema = z.object({
  destination: phoneSchema,
  sender: optionalString(15),
  content: z.string().max(5000, { error: 'validation.tooLong' }).default(''),
});
export type RouteTestInput = z.infer<typeof routeTestSchema>;

export const routerListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  router_type: z.enum(ROUTER_TYPES).optional(),
  status: z.enum(ROUTER_STATUSES).optional(),
  sort: z.enum(['order', 'router_name', 'router_type', 'rate', 'status', 'created_at']).default('order'),
  order: sortOrder,
});
export type RouterListQuery = z.infer<typeof routerListQuerySchema>;

const httpUrlSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .max(500, { error: 'validation.tooLong' })
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { error: 'validation.url' });

const pluginOptions = [
  // base_url: where short links live; our own /s/ redirect when empty
  z.object({ plugin_type: z.literal('url_shortener'), config: z.object({ base_url: httpUrlSchema.optional().nullable() }).default({}) }),
  z.object({ plugin_type: z.literal('sender_override'), config: z.object({ sender_id: senderIdSchema }) }),
] as const;

const pluginSchema = <T extends z.ZodRawShape>(base: T) =>
  z.discriminatedUnion(
    'plugin_type',
    pluginOptions.map((o) => o.extend(base)) as unknown as [
      z.ZodObject<(typeof pluginOptions)[number]['shape'] & T>,
      ...z.ZodObject<(typeof pluginOptions)[number]['shape'] & T>[],
    ],
    { error: 'validation.invalid' },
  );

export const pluginConfigSchema = pluginSchema({});
export type PluginConfig = z.infer<typeof pluginConfigSchema>;

const pluginBase = {
  plugin_name: nameSchema(100),
  description: optionalString(500).refine((v) => !v || /\p{L}/u.test(v), { error: 'validation.nameLetter' }),
};
export const createPluginSchema = pluginSchema({
  ...pluginBase,
  status: z.enum(PLUGIN_STATUSES, { error: 'validation.invalid' }).default('INSTALLED'),
});
export type CreatePluginInput = z.infer<typeof createPluginSchema>;

/** PUT replaces name, description, type and config; the status changes through install/uninstall. */
export const updatePluginSchema = pluginSchema(pluginBase);
export type UpdatePluginInput = z.infer<typeof updatePluginSchema>;

export const pluginListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  plugin_type: z.enum(PLUGIN_TYPES).optional(),
  status: z.enum(PLUGIN_STATUSES).optional(),
  sort: z.enum(['plugin_name', 'plugin_type', 'status', 'created_at']).default('created_at'),
  order: sortOrder,
});
export type PluginListQuery = z.infer<typeof pluginListQuerySchema>;

export const shortCodeParamSchema = z.object({ code: z.string().max(64) });

// ── responses ───────────────────────────────────────────────────────────────
interface Stamps {
  created_at: string;
  updated_at: string;
}
export type Rule = RuleFilter & Stamps & { id: number; rule_name: string; status: (typeof RULE_STATUSES)[number] };
export interface Router extends Stamps {
  id: number;
  router_name: string;
  router_type: RouterType;
  order: number;
  rate: string;
  status: (typeof ROUTER_STATUSES)[number];
  connection_ids: number[];
  rules_ids: number[];
  plugins_ids: number[];
}
export type Plugin = PluginConfig &
  Stamps & { id: number; plugin_name: string; description: string | null; status: (typeof PLUGIN_STATUSES)[number] };
export interface RouteTestResult {
  matched: boolean;
  router: Pick<Router, 'id' | 'router_name' | 'router_type' | 'order' | 'rate'> | null;
  connections: { id: number; connection_name: string | null; status: string | null }[];
  plugins: { id: number; plugin_type: PluginType }[];
  preview: { sender: string | null; content: string } | null;
}

// ── responses ────────────────────────────────────────────────────────────────
// Rows as stored. A rule's `value` and a plugin's `config` take the shape of their type (the
// input schemas above, whose normalising transforms cannot run backwards): objects here.

const stamps = { created_at: z.string(), updated_at: z.string() };

export const ruleDtoSchema = z.object({
  id: z.number(),
  rule_name: z.string(),
  filter_type: z.enum(FILTER_TYPES),
  value: z.record(z.string(), z.unknown()),
  status: z.enum(RULE_STATUSES),
  ...stamps,
});
export const routerDtoSchema = z.object({
  id: z.number(),
  router_name: z.string(),
  router_type: z.enum(ROUTER_TYPES),
  order: z.number(),
  rate: z.string(),
  status: z.enum(ROUTER_STATUSES),
  connection_ids: z.array(z.number()),
  rules_ids: z.array(z.number()),
  plugins_ids: z.array(z.number()),
  ...stamps,
});
export const pluginDtoSchema = z.object({
  id: z.number(),
  plugin_name: z.string(),
  plugin_type: z.enum(PLUGIN_TYPES),
  description: z.string().nullable(),
  config: z.record(z.string(), z.unknown()),
  status: z.enum(PLUGIN_STATUSES),
  ...stamps,
});
export const routeTestResultSchema = z.object({
  matched: z.boolean(),
  router: routerDtoSchema.pick({ id: true, router_name: true, router_type: true, order: true, rate: true }).nullable(),
  connections: z.array(z.object({ id: z.number(), connection_name: z.string().nullable(), status: z.string().nullable() })),
  plugins: z.array(z.object({ id: z.number(), plugin_type: z.enum(PLUGIN_TYPES) })),
  preview: z.object({ sender: z.string().nullable(), content: z.string() }).nullable(),
});

export const ruleEnvelopeSchema = envelopeOf(ruleDtoSchema);
export const rulePageEnvelopeSchema = envelopeOf(pageOf(ruleDtoSchema));
export const routerEnvelopeSchema = envelopeOf(routerDtoSchema);
export const routerPageEnvelopeSchema = envelopeOf(pageOf(routerDtoSchema));
export const routerListEnvelopeSchema = envelopeOf(z.array(routerDtoSchema));
export const routeTestEnvelopeSchema = envelopeOf(routeTestResultSchema);
export const pluginEnvelopeSchema = envelopeOf(pluginDtoSchema);
export const pluginPageEnvelopeSchema = envelopeOf(pageOf(pluginDtoSchema));
export const routingDeletedEnvelopeSchema = emptyEnvelopeSchema;
