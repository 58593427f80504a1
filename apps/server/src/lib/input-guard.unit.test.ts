import { describe, expect, it } from 'vitest';
import { badJsonFields, badUrlFields } from './input-guard.ts';

describe('text that cannot be stored', () => {
  it('names the query keys and the path whose percent-decoded bytes hold a NUL or are not UTF-8', () => {
    expect(badUrlFields('/api/x?a=1&b=%D8%B3%D8%A7%D8%B1%D8%A9&c=%2500')).toEqual([]);
    expect(badUrlFields('/api/x?a=%00&b=ok&c=%C0%AF&%FF=1')).toEqual(['a', 'c', 'query']);
    expect(badUrlFields('/api/x%00/y?q=1')).toEqual(['params']);
    expect(badUrlFields('/api/x?q=%ED%A0%80')).toEqual(['q']); // an encoded lone surrogate
    expect(badUrlFields('/api/x?q=100%')).toEqual([]); // a stray % is text, as the parser reads it
  });

  it('names the JSON fields holding a NUL or a lone surrogate, keys included', () => {
    expect(badJsonFields({ a: 'ok', b: ['x', { c: 'ن' }] })).toEqual([]);
    expect(badJsonFields({ a: 'a\u0000', b: ['x', { c: '\ud800' }] }).sort()).toEqual(['a', 'b.1.c']);
    expect(badJsonFields({ o: { 'k\u0000': 1 } })).toEqual(['o']);
    expect(badJsonFields('\udfff')).toEqual(['body']);
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`);
    expect(badJsonFields(deep)).toHaveLength(1);
  });
});
