import { describe, expect, it } from 'vitest';
import {
  applyPlugins,
  chooseRoute,
  chooseRouteInSlices,
  inTimeWindow,
  localClock,
  type RoutingMessage,
  type RoutingPlugin,
  type RoutingRouter,
  type RoutingRule,
  ruleMatches,
} from './routing.ts';
import { timeSlice } from '../../lib/time-slice.ts';

const NOW = new Date('2026-11-23T10:00:00Z'); // a Monday, 13:00 in Riyadh
const msg = (over: Partial<RoutingMessage> = {}): RoutingMessage => ({
  destination: '+966501234567',
  sender: 'Risala',
  user_id: 7,
  content: 'Hello, your code is 1234',
  ...over,
});
const rule = (id: number, filter_type: RoutingRule['filter_type'], value: Record<string, unknown>, status = 'ACTIVE'): RoutingRule => ({
  id,
  filter_type,
  value,
  status,
});
const router = (over: Partial<RoutingRouter> & Pick<RoutingRouter, 'id' | 'router_type' | 'order'>): RoutingRouter => ({
  router_name: `r${over.id}`,
  rate: '0',
  status: 'ACTIVE',
  connection_ids: [100 + over.id],
  rules_ids: [],
  plugins_ids: [],
  ...over,
});
const match = (r: RoutingRule, m = msg(), now = NOW, tz = 'Asia/Riyadh') => ruleMatches(r, m, now, tz);

describe('rules', () => {
  it('destination prefix compares digits', () => {
    expect(match(rule(1, 'destination_prefix', { prefixes: ['+9665'] }))).toBe(true);
    expect(match(rule(1, 'destination_prefix', { prefixes: ['+971', '+20'] }))).toBe(false);
    expect(match(rule(1, 'destination_prefix', { prefixes: ['+971', '+96650'] }))).toBe(true);
  });
  it('destination pattern', () => {
    expect(match(rule(1, 'destination_pattern', { pattern: '^\\+9665\\d{8}$' }))).toBe(true);
    expect(match(rule(1, 'destination_pattern', { pattern: '^\\+971' }))).toBe(false);
    expect(match(rule(1, 'destination_pattern', { pattern: '(' }))).toBe(false); // never a crash
  });
  it('source address falls back to the sender and ignores case and spacing', () => {
    expect(match(rule(1, 'source_address', { addresses: ['risala'] }))).toBe(true);
    expect(match(rule(1, 'source_address', { addresses: ['+966 50 000 0000'] }), msg({ source: '+966500000000' }))).toBe(true);
    expect(match(rule(1, 'source_address', { addresses: ['Other'] }))).toBe(false);
    expect(match(rule(1, 'source_address', { addresses: ['Risala'] }), msg({ sender: null }))).toBe(false);
  });
  it('sender and user', () => {
    expect(match(rule(1, 'sender', { sender_ids: ['RISALA'] }))).toBe(true);
    expect(match(rule(1, 'sender', { sender_ids: ['Bank'] }))).toBe(false);
    expect(match(rule(1, 'user', { user_ids: [7, 8] }))).toBe(true);
    expect(match(rule(1, 'user', { user_ids: [8] }))).toBe(false);
    expect(match(rule(1, 'user', { user_ids: [7] }), msg({ user_id: null }))).toBe(false);
  });
  it('content pattern is case-insensitive', () => {
    expect(match(rule(1, 'content_pattern', { pattern: 'YOUR CODE is \\d{4}' }))).toBe(true);
    expect(match(rule(1, 'content_pattern', { pattern: 'password' }))).toBe(false);
  });
  it('content keywords match whole words in any script', () => {
    expect(match(rule(1, 'content_keyword', { keywords: ['CODE'] }))).toBe(true);
    expect(match(rule(1, 'content_keyword', { keywords: ['cod'] }))).toBe(false);
    expect(match(rule(1, 'content_keyword', { keywords: ['رمز التحقق'] }), msg({ content: 'رمز التحقق: 1234' }))).toBe(true);
    expect(match(rule(1, 'content_keyword', { keywords: ['عرض'] }), msg({ content: 'عروض اليوم' }))).toBe(false);
  });
  it('transparent matches everything; inactive rules never match', () => {
    expect(match(rule(1, 'transparent', {}))).toBe(true);
    expect(match(rule(1, 'transparent', {}, 'INACTIVE'))).toBe(false);
    expect(match(rule(1, 'destination_prefix', { prefixes: ['+966'] }, 'INACTIVE'))).toBe(false);
  });
});

describe('time windows', () => {
  const at = (iso: string) => new Date(iso);
  it('reads the local clock of the account time zone', () => {
    expect(localClock(NOW, 'Asia/Riyadh')).toEqual({ day: 1, minute: 13 * 60 });
    expect(localClock(NOW, 'America/New_York')).toEqual({ day: 1, minute: 5 * 60 });
    expect(localClock(at('2026-11-23T02:00:00Z'), 'America/Los_Angeles')).toEqual({ day: 0, minute: 18 * 60 });
    expect(localClock(NOW, 'Not/AZone')).toEqual({ day: 1, minute: 10 * 60 }); // UTC
  });
  it('a same-day window', () => {
    const office = { days: [1, 2, 3, 4], from: '09:00', to: '17:00' };
    expect(inTimeWindow(office, NOW, 'Asia/Riyadh')).toBe(true);
    expect(inTimeWindow(office, NOW, 'America/New_York')).toBe(false); // 05:00 there
    expect(inTimeWindow(office, at('2026-11-23T14:00:00Z'), 'Asia/Riyadh')).toBe(false); // 17:00 is the end
    expect(inTimeWindow(office, at('2026-11-22T10:00:00Z'), 'Asia/Riyadh')).toBe(false); // Sunday
  });
  it('a window across midnight belongs to the day it starts on', () => {
    const night = { days: [5], from: '22:00', to: '06:00' }; // Friday night
    expect(inTimeWindow(night, at('2026-11-27T19:30:00Z'), 'Asia/Riyadh')).toBe(true); // Fri 22:30
    expect(inTimeWindow(night, at('2026-11-28T02:59:00Z'), 'Asia/Riyadh')).toBe(true); // Sat 05:59
    expect(inTimeWindow(night, at('2026-11-28T03:00:00Z'), 'Asia/Riyadh')).toBe(false); // Sat 06:00
    expect(inTimeWindow(night, at('2026-11-27T02:00:00Z'), 'Asia/Riyadh')).toBe(false); // Fri 05:00: Thursday's night
    expect(inTimeWindow(night, at('2026-11-28T20:00:00Z'), 'Asia/Riyadh')).toBe(false); // Sat 23:00
  });
  it('equal ends mean the whole day; daylight saving shifts the local clock', () => {
    expect(inTimeWindow({ days: [1], from: '00:00', to: '00:00' }, NOW, 'UTC')).toBe(true);
    const morning = { days: [0, 1, 2, 3, 4, 5, 6], from: '08:00', to: '09:00' };
    expect(inTimeWindow(morning, at('2026-07-01T12:30:00Z'), 'America/New_York')).toBe(true); // EDT 08:30
    expect(inTimeWindow(morning, at('2026-12-01T12:30:00Z'), 'America/New_York')).toBe(false); // EST 07:30
  });
});

describe('chooseRoute', () => {
  const rules = [
    rule(1, 'destination_prefix', { prefixes: ['+971'] }),
    rule(2, 'sender', { sender_ids: ['Risala'] }),
    rule(3, 'content_keyword', { keywords: ['otp'] }),
  ];
  const def = router({ id: 1, router_type: 'default', order: 50 });
  it('no active default router and no match → null', () => {
    expect(chooseRoute(msg(), [], rules, NOW, 'UTC')).toBeNull();
    expect(chooseRoute(msg(), [{ ...def, status: 'INACTIVE' }], rules, NOW, 'UTC')).toBeNull();
  });
  it('the default router catches what nothing else matched, whatever its order', () => {
    const uae = router({ id: 2, router_type: 'static', order: 60, rules_ids: [1] });
    expect(chooseRoute(msg(), [uae, def], rules, NOW, 'UTC')).toMatchObject({ router: { id: 1 }, connectionIds: [101] });
    expect(chooseRoute(msg({ destination: '+971501234567' }), [def, uae], rules, NOW, 'UTC')?.router.id).toBe(2);
  });
  it('lower order first; all rules must match; no rules matches everything', () => {
    const both = router({ id: 2, router_type: 'static', order: 1, rules_ids: [2, 3] });
    const senderOnly = router({ id: 3, router_type: 'static', order: 2, rules_ids: [2] });
    const any = router({ id: 4, router_type: 'static', order: 3 });
    const routers = [any, senderOnly, both, def];
    expect(chooseRoute(msg(), routers, rules, NOW, 'UTC')?.router.id).toBe(3);
    expect(chooseRoute(msg({ content: 'your OTP' }), routers, rules, NOW, 'UTC')?.router.id).toBe(2);
    expect(chooseRoute(msg({ sender: 'Bank' }), routers, rules, NOW, 'UTC')?.router.id).toBe(4);
    expect(chooseRoute(msg(), [{ ...senderOnly, status: 'INACTIVE' }, def], rules, NOW, 'UTC')?.router.id).toBe(1);
  });
  it('a router whose rule is missing or inactive does not match', () => {
    const r = router({ id: 2, router_type: 'static', order: 1, rules_ids: [99] });
    expect(chooseRoute(msg(), [r, def], rules, NOW, 'UTC')?.router.id).toBe(1);
  });
  it('failover keeps the configured order; round robin picks at random then falls back', () => {
    const fo = router({ id: 2, router_type: 'failover', order: 1, connection_ids: [7, 8, 9] });
    expect(chooseRoute(msg(), [fo, def], rules, NOW, 'UTC')?.connectionIds).toEqual([7, 8, 9]);
    const rr = router({ id: 3, router_type: 'random_round_robin', order: 1, connection_ids: [7, 8, 9] });
    expect(chooseRoute(msg(), [rr, def], rules, NOW, 'UTC', () => 0)?.connectionIds).toEqual([7, 8, 9]);
    expect(chooseRoute(msg(), [rr, def], rules, NOW, 'UTC', () => 0.5)?.connectionIds).toEqual([8, 7, 9]);
    expect(chooseRoute(msg(), [rr, def], rules, NOW, 'UTC', () => 0.9999)?.connectionIds).toEqual([9, 7, 8]);
    const seen = new Set<number>();
    for (let i = 0; i < 200; i += 1) seen.add(chooseRoute(msg(), [rr, def], rules, NOW, 'UTC')?.connectionIds[0] as number);
    expect([...seen].sort()).toEqual([7, 8, 9]);
  });
  it('returns the router’s installed plugins in its order', () => {
    const plugins: RoutingPlugin[] = [
      { id: 1, plugin_type: 'url_shortener', config: {}, status: 'INSTALLED' },
      { id: 2, plugin_type: 'sender_override', config: { sender_id: 'X' }, status: 'UNINSTALLED' },
      { id: 3, plugin_type: 'sender_override', config: { sender_id: 'Y' }, status: 'INSTALLED' },
    ];
    const r = router({ id: 2, router_type: 'static', order: 1, plugins_ids: [3, 2, 1] });
    expect(chooseRoute(msg(), [r, def], rules, NOW, 'UTC', Math.random, plugins)?.plugins.map((p) => p.id)).toEqual([3, 1]);
  });
});

describe('chooseRouteInSlices', () => {
  const rules = [
    rule(1, 'content_pattern', { pattern: 'a*a*a*a*a*a*a*a*b' }),
    rule(2, 'content_pattern', { pattern: '(a|aa)*c' }),
    rule(3, 'sender', { sender_ids: ['Risala'] }),
  ];
  const def = router({ id: 1, router_type: 'default', order: 50 });
  const routers = [
    router({ id: 2, router_type: 'static', order: 1, rules_ids: [3, 1] }),
    router({ id: 3, router_type: 'static', order: 2, rules_ids: [1, 2] }),
    router({ id: 4, router_type: 'static', order: 3, rules_ids: [3, 2] }),
    def,
  ];
  it('gives chooseRoute’s answer, pausing before each pattern rule it evaluates (each once per message)', async () => {
    for (const content of ['a'.repeat(160), `${'a'.repeat(159)}c`, `${'a'.repeat(159)}b`]) {
      for (const always of [true, false]) {
        let turns = 0;
        // a slice used up before every pattern (or never)
        const pause = () => {
          if (!always) return null;
          turns += 1;
          return Promise.resolve();
        };
        const sliced = await chooseRouteInSlices(pause, msg({ content }), routers, rules, NOW, 'UTC');
        expect(sliced?.router.id).toBe(chooseRoute(msg({ content }), routers, rules, NOW, 'UTC')?.router.id);
        expect(turns).toBeLessThanOrEqual(2);
      }
    }
    // router 2 evaluates rules 3 (a comparison) and 1, router 3 stops at rule 1 (known), router 4
    // evaluates rule 2: two patterns, two questions
    let asked = 0;
    const count = () => {
      asked += 1;
      return null;
    };
    const choice = await chooseRouteInSlices(count, msg({ content: 'a'.repeat(160) }), routers, rules, NOW, 'UTC');
    expect(choice?.router.id).toBe(1);
    expect(asked).toBe(2);
  });
  it('lets the event loop run once a slice is used up', async () => {
    const pause = timeSlice(5);
    expect(pause()).toBeNull();
    const until = performance.now() + 10;
    while (performance.now() < until) {
      // spend the slice
    }
    let timerRan = false;
    setImmediate(() => {
      timerRan = true;
    });
    const turn = pause();
    expect(turn).not.toBeNull();
    await turn;
    expect(timerRan).toBe(true);
    expect(pause()).toBeNull();
  });
});

describe('applyPlugins', () => {
  const shortener: RoutingPlugin = { id: 1, plugin_type: 'url_shortener', config: {}, status: 'INSTALLED' };
  const override: RoutingPlugin = { id: 2, plugin_type: 'sender_override', config: { sender_id: 'Brand' }, status: 'INSTALLED' };
  const calls: string[] = [];
  const shorten = async (url: string) => {
    calls.push(url);
    return `https://r.sa/s/${calls.length}`;
  };
  it('rewrites http(s) links, once each, and leaves punctuation and other schemes alone', async () => {
    calls.length = 0;
    const content =
      'See https://example.com/a?b=1. Also (http://x.org/p) and https://example.com/a?b=1, not javascript:alert(1) or ftp://f';
    const out = await applyPlugins(msg({ content }), [shortener], shorten);
    expect(calls).toEqual(['https://example.com/a?b=1', 'http://x.org/p']);
    expect(out.content).toBe('See https://r.sa/s/1. Also (https://r.sa/s/2) and https://r.sa/s/1, not javascript:alert(1) or ftp://f');
  });
  it('overrides the sender and source; skips uninstalled plugins', async () => {
    const out = await applyPlugins(msg(), [override], shorten);
    expect(out).toMatchObject({ sender: 'Brand', source: 'Brand', content: msg().content });
    expect((await applyPlugins(msg(), [{ ...override, status: 'UNINSTALLED' }], shorten)).sender).toBe('Risala');
  });
  it('a shortening failure propagates', async () => {
    const failing = async () => {
      throw new Error('URL_SHORTENING_FAILED');
    };
    await expect(applyPlugins(msg({ content: 'go https://a.b' }), [shortener], failing)).rejects.toThrow('URL_SHORTENING_FAILED');
  });
});
