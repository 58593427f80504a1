import { describe, expect, it } from 'vitest';
import { type AutoReplyConfig, autoReplyFor, isAway } from './auto-reply.ts';

const config = (over: Partial<AutoReplyConfig> = {}): AutoReplyConfig => ({
  enabled: true,
  rules: [
    { keyword: 'PRICE', match: 'exact', reply: 'Prices: example.com/prices' },
    { keyword: 'hours', match: 'contains', reply: 'We open 9–17' },
    { keyword: 'سعر', match: 'contains', reply: 'الأسعار' },
  ],
  away: { enabled: false, text: '' },
  ...over,
});
const noon = new Date('2026-01-01T12:00:00Z');

describe('autoReplyFor', () => {
  it('matches exact keywords case- and space-insensitively', () => {
    expect(autoReplyFor(config(), '  price ', noon)).toBe('Prices: example.com/prices');
    expect(autoReplyFor(config(), 'the price', noon)).toBeNull();
  });
  it('matches contains keywords anywhere, including Arabic', () => {
    expect(autoReplyFor(config(), 'What are your HOURS today?', noon)).toBe('We open 9–17');
    expect(autoReplyFor(config(), 'كم سعر المنتج', noon)).toBe('الأسعار');
  });
  it('first matching rule wins', () => {
    const c = config({
      rules: [
        { keyword: 'a', match: 'contains', reply: 'one' },
        { keyword: 'ab', match: 'contains', reply: 'two' },
      ],
    });
    expect(autoReplyFor(c, 'ab', noon)).toBe('one');
  });
  it('returns null when disabled or nothing matches', () => {
    expect(autoReplyFor(config({ enabled: false }), 'price', noon)).toBeNull();
    expect(autoReplyFor(config(), 'hello', noon)).toBeNull();
    expect(autoReplyFor(config(), '   ', noon)).toBeNull();
  });
  it('falls back to the away message, bounded by its hours', () => {
    const always = config({ away: { enabled: true, text: 'We are away' } });
    expect(autoReplyFor(always, 'hello', noon)).toBe('We are away');
    expect(autoReplyFor(always, 'price', noon)).toBe('Prices: example.com/prices');
    const night = config({ away: { enabled: true, text: 'Closed', from: '18:00', to: '08:00' } });
    expect(autoReplyFor(night, 'hello', noon)).toBeNull();
    expect(autoReplyFor(night, 'hello', new Date('2026-01-01T22:30:00Z'))).toBe('Closed');
    expect(autoReplyFor(night, 'hello', new Date('2026-01-01T07:59:00Z'))).toBe('Closed');
    expect(autoReplyFor(night, 'hello', new Date('2026-01-01T08:00:00Z'))).toBeNull();
  });
  it('an enabled away message without text never replies', () => {
    expect(isAway({ enabled: true, text: '  ' }, noon)).toBe(false);
  });
});
