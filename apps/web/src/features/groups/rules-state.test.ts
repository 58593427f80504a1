import { describe, expect, it } from 'vitest';
import { checkRules, conditionErrors } from './rules-state.ts';

describe('checkRules', () => {
  it('accepts empty and complete rules', () => {
    expect(checkRules({ match: 'all', conditions: [] }).ready).toEqual({ match: 'all', conditions: [] });
    const rules = { match: 'all' as const, conditions: [{ type: 'consent' as const, channel: 'sms' as const, value: true }] };
    expect(checkRules(rules)).toEqual({ ready: rules, issues: [] });
  });

  it('reports a missing value at its path and a bad attribute key', () => {
    const missing = checkRules({ match: 'all', conditions: [{ type: 'field', field: 'country', op: 'eq', value: '' }] });
    expect(missing.ready).toBeNull();
    expect(missing.issues).toEqual([{ field: 'rules.conditions.0.value', message: 'validation.required' }]);
    const key = checkRules({ match: 'any', conditions: [{ match: 'all', conditions: [{ type: 'attribute', key: 'a b', op: 'exists' }] }] });
    expect(key.ready).toBeNull();
    expect(key.issues[0]?.field).toBe('rules.conditions.0.conditions.0.key');
  });

  it('refuses inverted date ranges', () => {
    const r = checkRules({ match: 'all', conditions: [{ type: 'created_at', from: '2025-05-01', to: '2025-01-01' }] });
    expect(r.issues).toEqual([{ field: 'rules.conditions.0.to', message: 'validation.min' }]);
  });

  it('reports every problem at once, each at its own field: an empty key and an empty value elsewhere', () => {
    const r = checkRules({
      match: 'all',
      conditions: [
        { type: 'attribute', key: '', op: 'eq', value: 'gold' },
        { type: 'field', field: 'city', op: 'eq', value: '' },
        { match: 'any', conditions: [{ type: 'tags', op: 'any', values: [] }] },
      ],
    });
    expect(r.ready).toBeNull();
    expect(r.issues).toEqual(
      expect.arrayContaining([
        { field: 'rules.conditions.0.key', message: 'validation.required' },
        { field: 'rules.conditions.1.value', message: 'validation.required' },
        { field: 'rules.conditions.2.conditions.0.values', message: 'validation.required' },
      ]),
    );
    expect(conditionErrors(r.issues, 'rules.conditions.0')).toEqual({ key: 'validation.required' });
    expect(conditionErrors(r.issues, 'rules.conditions.1')).toEqual({ value: 'validation.required' });
    // a group's rows are not the group's own, and row 1 is not row 10
    expect(conditionErrors(r.issues, 'rules.conditions.2')).toEqual({});
    expect(conditionErrors(r.issues, 'rules.conditions.2.conditions.0')).toEqual({ values: 'validation.required' });
    expect(conditionErrors([{ field: 'rules.conditions.10.value', message: 'x' }], 'rules.conditions.1')).toEqual({});
  });

  it('a malformed key and an empty value of the same row are both reported', () => {
    const r = checkRules({ match: 'all', conditions: [{ type: 'attribute', key: 'a b', op: 'eq', value: '' }] });
    expect(conditionErrors(r.issues, 'rules.conditions.0')).toEqual({ key: 'validation.invalid', value: 'validation.required' });
  });

  it('takes a brand by its id, as picked by name', () => {
    const rules = {
      match: 'all' as const,
      conditions: [{ type: 'field' as const, field: 'brand_id' as const, op: 'in' as const, value: ['3', '12'] }],
    };
    expect(checkRules(rules).ready).toEqual(rules);
  });
});
