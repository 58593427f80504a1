import { describe, expect, it } from 'vitest';
import { checkRules } from './rules-state.ts';

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
});
