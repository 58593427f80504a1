import { describe, expect, it } from 'vitest';
import { createPluginSchema, createRouterSchema, createRuleSchema, regexProblem, senderIdSchema } from './gateway-routing.ts';
import { guessSenderType, senderIdError } from './senders.ts';

describe('regexProblem', () => {
  it('accepts ordinary patterns, and the shapes that only backtracking made slow', () => {
    for (const p of [
      '^\\+9665\\d{8}$',
      'code:? \\d{4,6}',
      '(promo|offer)',
      '^(\\+971|\\+966)',
      '[a-z]+@[a-z]+\\.com',
      '(?:ab)+',
      '\\(x+\\)+',
      '[(]+a*',
      // RE2 runs these in linear time: no reason to refuse them any more
      '(a+)+$',
      '(a|aa)+b',
      'a*a*a*a*a*a*a*a*b',
    ])
      expect(regexProblem(p), p).toBeNull();
  });
  it('refuses invalid, long, unsupported and oversized patterns', () => {
    expect(regexProblem('(')).toBe('regexInvalid');
    expect(regexProblem('a{2,1}')).toBe('regexInvalid');
    expect(regexProblem('a'.repeat(201))).toBe('regexTooLong');
    for (const p of ['(x)\\1', '(?<n>a)\\k<n>', 'a(?=b)', '(?<!a)b']) expect(regexProblem(p), p).toBe('regexUnsupported');
    for (const p of ['a{1,5000}', '(.*a){100}', '.{0,1000}']) expect(regexProblem(p), p).toBe('regexTooComplex');
  });
});

describe('rule schema', () => {
  it('normalises and validates each filter type', () => {
    expect(
      createRuleSchema.parse({ rule_name: 'KSA', filter_type: 'destination_prefix', value: { prefixes: ['+966 5', '+9665'] } }),
    ).toMatchObject({
      status: 'ACTIVE',
      value: { prefixes: ['+9665'] },
    });
    expect(createRuleSchema.safeParse({ rule_name: '123', filter_type: 'transparent' }).success).toBe(false);
    expect(
      createRuleSchema.safeParse({ rule_name: 'Bad', filter_type: 'content_pattern', value: { pattern: 'a(?!b)' } }).error?.issues[0]
        ?.message,
    ).toBe('validation.gateway.regexUnsupported');
    expect(
      createRuleSchema.safeParse({ rule_name: 'Night', filter_type: 'time_window', value: { days: [7], from: '22:00', to: '06:00' } })
        .success,
    ).toBe(false);
    expect(
      createRuleSchema.safeParse({ rule_name: 'Night', filter_type: 'time_window', value: { days: [5], from: '24:00', to: '06:00' } })
        .success,
    ).toBe(false);
    expect(
      createRuleSchema.safeParse({ rule_name: 'Senders', filter_type: 'sender', value: { sender_ids: ['TooLongSenderId'] } }).success,
    ).toBe(false);
    expect(createRuleSchema.parse({ rule_name: 'Words', filter_type: 'content_keyword', value: { keywords: ['  OTP! '] } }).value).toEqual({
      keywords: ['otp'],
    });
  });
});

describe('router schema', () => {
  const base = { router_name: 'Main', order: 1 };
  it('checks the connection count per type', () => {
    expect(createRouterSchema.safeParse({ ...base, router_type: 'static', connection_ids: [1] }).success).toBe(true);
    expect(createRouterSchema.safeParse({ ...base, router_type: 'static', connection_ids: [1, 2] }).success).toBe(false);
    expect(createRouterSchema.safeParse({ ...base, router_type: 'failover', connection_ids: [1] }).success).toBe(false);
    expect(createRouterSchema.safeParse({ ...base, router_type: 'random_round_robin', connection_ids: [1, 1] }).success).toBe(false);
    expect(createRouterSchema.safeParse({ ...base, router_type: 'default', connection_ids: [1], rules_ids: [3] }).success).toBe(false);
    expect(createRouterSchema.safeParse({ ...base, order: 10000, router_type: 'default', connection_ids: [1] }).success).toBe(false);
    expect(createRouterSchema.safeParse({ ...base, rate: -1, router_type: 'default', connection_ids: [1] }).success).toBe(false);
  });
});

describe('plugin schema', () => {
  it('accepts only http(s) base URLs and §5 sender ids', () => {
    expect(
      createPluginSchema.safeParse({ plugin_name: 'Short', plugin_type: 'url_shortener', config: { base_url: 'javascript:alert(1)' } })
        .success,
    ).toBe(false);
    expect(createPluginSchema.safeParse({ plugin_name: 'Short', plugin_type: 'url_shortener' }).success).toBe(true);
    expect(
      createPluginSchema.safeParse({ plugin_name: 'Brand', plugin_type: 'sender_override', config: { sender_id: 'Risala' } }).success,
    ).toBe(true);
    expect(
      createPluginSchema.safeParse({ plugin_name: 'Brand', plugin_type: 'sender_override', config: { sender_id: '12345' } }).success,
    ).toBe(true);
    expect(
      createPluginSchema.safeParse({ plugin_name: 'Brand', plugin_type: 'sender_override', config: { sender_id: 'bad sender!' } }).success,
    ).toBe(false);
  });
});

describe('one definition of a sender id', () => {
  it('a rule or a plugin takes exactly the sender ids Sender Management accepts', () => {
    const ids = [
      'PROMO-1',
      'My Shop.',
      'Risala',
      'ACME-Shop.1',
      '12345',
      '700',
      '966501234567',
      'AcmeStore12X',
      'Acme_Shop',
      'شركة',
      '...',
      '12',
      '+96650',
      'bad sender!',
    ];
    for (const id of ids) {
      const requestable = senderIdError(id, guessSenderType(id)) === null;
      expect(senderIdSchema.safeParse(id).success, id).toBe(requestable);
      expect(createRuleSchema.safeParse({ rule_name: 'Senders', filter_type: 'sender', value: { sender_ids: [id] } }).success, id).toBe(
        requestable,
      );
      expect(
        createPluginSchema.safeParse({ plugin_name: 'Brand', plugin_type: 'sender_override', config: { sender_id: id } }).success,
        id,
      ).toBe(requestable);
    }
    expect(
      createRuleSchema.safeParse({ rule_name: 'Senders', filter_type: 'sender', value: { sender_ids: ['PROMO-1', 'My Shop.'] } }).success,
    ).toBe(true);
  });
});
