import { describe, expect, it } from 'vitest';
import { REGEX_MAX_INSTRUCTIONS, userRegexProblem, userRegexTest } from './user-regex.ts';

// Shapes that make a backtracking engine (JavaScript's RegExp) take exponential or high
// polynomial time on a text that almost matches: with 160 characters, years.
const CATASTROPHIC: [pattern: string, text: (n: number) => string][] = [
  ['a*a*a*a*a*a*a*a*b', (n) => 'a'.repeat(n)],
  ['(a+)+b', (n) => 'a'.repeat(n)],
  ['(a|aa)*c', (n) => 'a'.repeat(n)],
  ['(a|a)*b', (n) => 'a'.repeat(n)],
  ['^(a+)+$', (n) => `${'a'.repeat(n)}!`],
  ['(.*a){20}b', (n) => 'a'.repeat(n)],
  ['(\\w+\\s?)+$', (n) => `${'word '.repeat(n / 5)}!`],
  ['(x+x+)+y', (n) => 'x'.repeat(n)],
  ['^(\\d+)*$', (n) => `${'1'.repeat(n)}a`],
  ['(.*){1,32}[bc]', (n) => 'a'.repeat(n)],
  ['^(([a-z])+.)+[A-Z]([a-z])+$', (n) => `${'a'.repeat(n)}!`],
  ['(a|b)*a(a|b){20}c', (n) => 'ab'.repeat(n / 2)],
];

const elapsed = (fn: () => void) => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};

describe('userRegexTest', () => {
  it('runs the catastrophic-backtracking shapes over 160 and 1,600 characters in linear time', () => {
    userRegexTest('warm up', 'the engine code once');
    for (const [pattern, text] of CATASTROPHIC) {
      expect(userRegexProblem(pattern), pattern).toBeNull();
      for (const n of [160, 1600]) {
        const input = text(n);
        let matched = true;
        const ms = elapsed(() => {
          matched = userRegexTest(pattern, input, { ignoreCase: true });
        });
        expect(matched, pattern).toBe(false);
        // a backtracking engine does not finish these at all; RE2 takes a few milliseconds
        expect(ms, `${pattern} over ${n} characters`).toBeLessThan(100);
      }
    }
  });

  it('matches as the rules expect', () => {
    expect(userRegexTest('^\\+9665\\d{8}$', '+966501234567')).toBe(true);
    expect(userRegexTest('^\\+971', '+966501234567')).toBe(false);
    expect(userRegexTest('YOUR CODE is \\d{4}', 'Hello, your code is 1234', { ignoreCase: true })).toBe(true);
    expect(userRegexTest('YOUR CODE is \\d{4}', 'Hello, your code is 1234')).toBe(false);
    expect(userRegexTest('خصم|عرض', 'لدينا عرض خاص اليوم', { ignoreCase: true })).toBe(true);
    expect(userRegexTest('\\p{Arabic}+', 'مرحبا')).toBe(true);
    expect(userRegexTest('(?P<code>\\d{4})', 'code 1234')).toBe(true);
    expect(userRegexTest('ÉTÉ', 'un été chaud', { ignoreCase: true })).toBe(true);
  });

  it('never matches with a pattern that has a problem (one stored before the rules changed)', () => {
    expect(userRegexTest('(', '(')).toBe(false);
    expect(userRegexTest('a(?=b)', 'ab')).toBe(false);
    expect(userRegexTest('.{0,1000}x', 'x')).toBe(false);
  });
});

describe('userRegexProblem', () => {
  it('accepts ordinary patterns, including what the old check refused only for its shape', () => {
    for (const p of [
      '^\\+9665\\d{8}$',
      'code:? \\d{4,6}',
      '(promo|offer)',
      '^(\\+971|\\+966)',
      '[a-z]+@[a-z]+\\.com',
      '(?:ab)+',
      '\\(x+\\)+',
      '[(]+a*',
      '(a+)+$',
      '(\\d+\\s?)+x',
      '.{161,}',
      '\\b(promo|offer|sale|discount|coupon|winner|free|bonus|cashback|gift|voucher|deal|limited|today|only|hurry|click|subscribe)\\b',
      'a'.repeat(200),
    ])
      expect(userRegexProblem(p), p).toBeNull();
  });

  it('names what is wrong', () => {
    expect(userRegexProblem('a'.repeat(201))).toBe('regexTooLong');
    for (const p of ['(', 'a{2,1}', '[z-a]', '*a', 'a)']) expect(userRegexProblem(p), p).toBe('regexInvalid');
    // what JavaScript has and RE2 does not: look-around and back-references
    for (const p of ['a(?=b)', 'a(?!b)', '(?<=a)b', '(?<!a)b', '(x)\\1', '(?<n>a)\\k<n>', '\\u0627'])
      expect(userRegexProblem(p), p).toBe('regexUnsupported');
    // programs too large to run cheaply on every message
    for (const p of ['.{0,1000}x', 'a{1001}', '(?:(?:a{0,100}){0,100}){0,100}', '[\\s\\S]{300}', '(.*a){100}b'])
      expect(userRegexProblem(p), p).toBe('regexTooComplex');
  });

  it('bounds the program, so the time per character is bounded too', () => {
    expect(userRegexProblem(`.{0,${REGEX_MAX_INSTRUCTIONS / 2 - 10}}`)).toBeNull();
    expect(userRegexProblem(`.{0,${REGEX_MAX_INSTRUCTIONS}}`)).toBe('regexTooComplex');
  });
});
