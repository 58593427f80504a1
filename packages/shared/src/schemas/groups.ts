import { z } from 'zod';
import type { FieldError } from '../errors.ts';
import { nameSchema, optionalString, pageQuerySchema } from './common.ts';

/**
 * Customer groups: static groups (members listed) and dynamic segments (rules evaluated on demand).
 * The zod schemas check the shape of segment rules (400 VALIDATION_ERROR); `segmentRuleIssues`
 * checks their meaning (a value where the operator needs one, ranges the right way round), which the
 * server answers with 400 SEGMENT_RULES_INVALID and the web shows beside the rule.
 */

export const GROUP_TYPES = ['static', 'dynamic'] as const;
export type GroupType = (typeof GROUP_TYPES)[number];
export const GROUP_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

export const SEGMENT_FIELDS = ['country', 'city', 'language', 'brand_id'] as const;
export const FIELD_OPS = ['eq', 'neq', 'in', 'not_in', 'exists', 'not_exists'] as const;
export const ATTRIBUTE_OPS = ['eq', 'neq', 'contains', 'gt', 'lt', 'exists', 'not_exists'] as const;
export const TAG_OPS = ['any', 'all', 'none'] as const;
export const CONSENT_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export const GROUP_OPS = ['in', 'not_in'] as const;
/** Attribute keys are interpolated as JSON keys (still as parameters): keep them plain. */
export const ATTRIBUTE_KEY_PATTERN = /^[a-zA-Z0-9_]{1,64}$/;

const scalar = z.union([z.string().trim().max(255, { error: 'validation.tooLong' }), z.number(), z.boolean()]);
const textList = z
  .array(z.string().trim().min(1, { error: 'validation.required' }).max(255, { error: 'validation.tooLong' }))
  .max(100, { error: 'validation.max' });

export const fieldConditionSchema = z.object({
  type: z.literal('field'),
  field: z.enum(SEGMENT_FIELDS, { error: 'validation.invalid' }),
  op: z.enum(FIELD_OPS, { error: 'validation.invalid' }),
  value: z.union([scalar, textList]).optional(),
});
export const createdAtConditionSchema = z.object({
  type: z.literal('created_at'),
  from: z.iso
    .datetime({ offset: true, error: 'validation.invalid' })
    .or(z.iso.date({ error: 'validation.invalid' }))
    .optional(),
  to: z.iso
    .datetime({ offset: true, error: 'validation.invalid' })
    .or(z.iso.date({ error: 'validation.invalid' }))
    .optional(),
  within_days: z
    .number()
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.min' })
    .max(36500, { error: 'validation.max' })
    .optional(),
});
export const attributeConditionSchema = z.object({
  type: z.literal('attribute'),
  // one message per problem: an empty key is missing, not malformed
  key: z.string().superRefine((key, ctx) => {
    if (!key) ctx.addIssue({ code: 'custom', message: 'validation.required' });
    else if (!ATTRIBUTE_KEY_PATTERN.test(key)) ctx.addIssue({ code: 'custom', message: 'validation.invalid' });
  }),
  op: z.enum(ATTRIBUTE_OPS, { error: 'validation.invalid' }),
  value: scalar.optional(),
});
export const tagsConditionSchema = z.object({
  type: z.literal('tags'),
  op: z.enum(TAG_OPS, { error: 'validation.invalid' }),
  values: textList,
});
export const consentConditionSchema = z.object({
  type: z.literal('consent'),
  channel: z.enum(CONSENT_CHANNELS, { error: 'validation.invalid' }),
  value: z.boolean({ error: 'validation.invalid' }),
});
export const groupConditionSchema = z.object({
  type: z.literal('group'),
  op: z.enum(GROUP_OPS, { error: 'validation.invalid' }),
  group_id: z.number().int({ error: 'validation.id' }).positive({ error: 'validation.id' }),
});

export const segmentConditionSchema = z.discriminatedUnion('type', [
  fieldConditionSchema,
  createdAtConditionSchema,
  attributeConditionSchema,
  tagsConditionSchema,
  consentConditionSchema,
  groupConditionSchema,
]);
export type SegmentCondition = z.infer<typeof segmentConditionSchema>;

const MATCH = z.enum(['all', 'any'], { error: 'validation.invalid' });

/** One level of nesting: the top level may hold conditions and sub-groups of conditions. */
export const segmentGroupSchema = z.object({
  match: MATCH,
  conditions: z.array(segmentConditionSchema).min(1, { error: 'validation.required' }).max(20, { error: 'validation.max' }),
});
export type SegmentGroup = z.infer<typeof segmentGroupSchema>;

export const segmentRulesSchema = z.object({
  match: MATCH,
  conditions: z.array(z.union([segmentConditionSchema, segmentGroupSchema])).max(30, { error: 'validation.max' }),
});
export type SegmentRules = z.infer<typeof segmentRulesSchema>;
export type SegmentNode = SegmentRules['conditions'][number];

export const isSegmentGroup = (node: SegmentNode): node is SegmentGroup => 'match' in node;

const isBlank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function conditionIssues(c: SegmentCondition, path: string): FieldError[] {
  const issue = (field: string, message = 'validation.required'): FieldError[] => [{ field: `${path}.${field}`, message }];
  switch (c.type) {
    case 'field': {
      if (c.op === 'exists' || c.op === 'not_exists') return [];
      if (isBlank(c.value)) return issue('value');
      const many = c.op === 'in' || c.op === 'not_in';
      if (many !== Array.isArray(c.value)) return issue('value', 'validation.invalid');
      if (c.field === 'brand_id') {
        const ids = Array.isArray(c.value) ? c.value : [c.value];
        if (!ids.every((v) => /^\d{1,9}$/.test(String(v)))) return issue('value', 'validation.id');
      }
      if (c.field === 'language') {
        const langs = Array.isArray(c.value) ? c.value : [c.value];
        if (!langs.every((v) => v === 'en' || v === 'ar')) return issue('value', 'validation.language');
      }
      return [];
    }
    case 'created_at':
      if (c.within_days !== undefined) return c.from || c.to ? issue('within_days', 'validation.invalid') : [];
      if (!c.from && !c.to) return issue('from');
      if (c.from && c.to && new Date(c.from) > new Date(c.to)) return issue('to', 'validation.min');
      return [];
    case 'attribute':
      if (c.op === 'exists' || c.op === 'not_exists') return [];
      if (isBlank(c.value)) return issue('value');
      if ((c.op === 'gt' || c.op === 'lt' || c.op === 'contains') && typeof c.value === 'boolean') {
        return issue('value', 'validation.invalid');
      }
      return [];
    case 'tags':
      return c.values.length === 0 ? issue('values') : [];
    default:
      return [];
  }
}

/** Meaningful-rule checks shared by the server (SEGMENT_RULES_INVALID) and the rule builder. */
export function segmentRuleIssues(rules: SegmentRules): FieldError[] {
  const out: FieldError[] = [];
  for (const [i, node] of rules.conditions.entries()) {
    const path = `rules.conditions.${i}`;
    if (isSegmentGroup(node)) {
      for (const [j, c] of node.conditions.entries()) out.push(...conditionIssues(c, `${path}.conditions.${j}`));
    } else {
      out.push(...conditionIssues(node, path));
    }
  }
  return out;
}

/** Every static group id a rule set refers to (the server checks they belong to the account). */
export function referencedGroupIds(rules: SegmentRules): number[] {
  const ids = new Set<number>();
  for (const node of rules.conditions) {
    for (const c of isSegmentGroup(node) ? node.conditions : [node]) if (c.type === 'group') ids.add(c.group_id);
  }
  return [...ids];
}

export const createGroupSchema = z.object({
  group_name: nameSchema(100),
  group_description: optionalString(500),
  type: z.enum(GROUP_TYPES, { error: 'validation.invalid' }).default('static'),
  rules: segmentRulesSchema.optional().nullable(),
});
export type CreateGroupInput = z.infer<typeof createGroupSchema>;

export const updateGroupSchema = z.object({
  group_name: nameSchema(100).optional(),
  group_description: optionalString(500),
  rules: segmentRulesSchema.optional(),
});
export type UpdateGroupInput = z.infer<typeof updateGroupSchema>;

export const GROUP_SORTS = ['group_name', 'created_at', 'contacts_count', 'status'] as const;
export const groupListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  type: z.enum(GROUP_TYPES).optional(),
  status: z.enum(GROUP_STATUSES).optional(),
  sort: z.enum(GROUP_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type GroupListQuery = z.infer<typeof groupListQuerySchema>;

export const memberListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});
export type MemberListQuery = z.infer<typeof memberListQuerySchema>;

export const memberIdsSchema = z.object({
  customer_ids: z
    .array(z.number().int({ error: 'validation.id' }).positive({ error: 'validation.id' }))
    .min(1, { error: 'validation.required' })
    .max(10_000, { error: 'validation.max' }),
});
export type MemberIdsInput = z.infer<typeof memberIdsSchema>;

export const previewCountSchema = z.object({ rules: segmentRulesSchema });

export interface CustomerGroup {
  id: number;
  group_name: string;
  group_description: string | null;
  type: GroupType;
  rules: SegmentRules | null;
  status: GroupStatus;
  contacts_count: number;
  created_at: string;
  updated_at: string;
}

export interface GroupMember {
  id: number;
  first_name: string | null;
  last_name: string | null;
  mobile_number: string | null;
  email: string | null;
  country: string | null;
  added_at: string | null;
}

/** An empty rule set: every customer of the account. */
export const emptySegmentRules = (): SegmentRules => ({ match: 'all', conditions: [] });

/** GET /api/groups/{id}/reach: members, and those no channel can reach (no consent with an address). */
export const groupReachSchema = z.object({ members: z.number().int(), unreachable: z.number().int() });
export type GroupReach = z.infer<typeof groupReachSchema>;
