import { describe, expect, it } from 'vitest';
import { createGroupSchema, referencedGroupIds, segmentRuleIssues, segmentRulesSchema } from './groups.ts';

describe('segment rules', () => {
  it('parses one level of nesting and refuses a second', () => {
    const nested = { match: 'all', conditions: [{ match: 'any', conditions: [{ type: 'consent', channel: 'sms', value: true }] }] };
    expect(segmentRulesSchema.safeParse(nested).success).toBe(true);
    const deeper = { match: 'all', conditions: [{ match: 'any', conditions: [nested] }] };
    expect(segmentRulesSchema.safeParse(deeper).success).toBe(false);
  });

  it('refuses attribute keys outside [a-zA-Z0-9_]{1,64}', () => {
    for (const key of ['a-b', "x' or 1=1", 'a b', '', 'k'.repeat(65)]) {
      expect(segmentRulesSchema.safeParse({ match: 'all', conditions: [{ type: 'attribute', key, op: 'exists' }] }).success).toBe(false);
    }
  });

  it('finds meaning problems with their paths', () => {
    const rules = segmentRulesSchema.parse({
      match: 'any',
      conditions: [
        { type: 'field', field: 'brand_id', op: 'eq', value: 'abc' },
        { type: 'tags', op: 'any', values: [] },
        { match: 'all', conditions: [{ type: 'created_at', within_days: 3, from: '2025-01-01' }] },
        { type: 'group', op: 'in', group_id: 7 },
      ],
    });
    expect(segmentRuleIssues(rules).map((i) => i.field)).toEqual([
      'rules.conditions.0.value',
      'rules.conditions.1.values',
      'rules.conditions.2.conditions.0.within_days',
    ]);
    expect(referencedGroupIds(rules)).toEqual([7]);
  });

  it('defaults a new group to static', () => {
    expect(createGroupSchema.parse({ group_name: 'VIP' }).type).toBe('static');
  });
});
