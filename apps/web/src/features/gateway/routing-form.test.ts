import { createRouterSchema, createRuleSchema } from '@risala/shared/schemas/gateway-routing';
import { describe, expect, it } from 'vitest';
import { pathErrors, splitList } from './routing-form.ts';

describe('routing forms', () => {
  it('splits lists on commas (Latin or Arabic) and new lines', () => {
    expect(splitList('+9665, +9715\n\n +20،+968 ')).toEqual(['+9665', '+9715', '+20', '+968']);
    expect(splitList('  ')).toEqual([]);
  });
  it('keys errors by their full path, list items on the list', () => {
    const rule = createRuleSchema.safeParse({ rule_name: '12', filter_type: 'destination_prefix', value: { prefixes: ['abc'] } });
    expect(pathErrors(rule.error as never)).toEqual({ rule_name: 'validation.nameLetter', 'value.prefixes': 'validation.gateway.prefix' });
    const router = createRouterSchema.safeParse({ router_name: 'Main', router_type: 'failover', order: 1, connection_ids: [1] });
    expect(pathErrors(router.error as never)).toEqual({ connection_ids: 'validation.gateway.connections.failover' });
  });
});
