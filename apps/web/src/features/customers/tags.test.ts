import { describe, expect, it } from 'vitest';
import { tagsWithTyped } from './tags.ts';

describe('tagsWithTyped', () => {
  it('takes the text typed but not yet entered', () => {
    expect(tagsWithTyped([], 'vip')).toEqual(['vip']);
    expect(tagsWithTyped(['gold'], ' vip , new ')).toEqual(['gold', 'vip', 'new']);
  });
  it('adds nothing for blank text and keeps tags once', () => {
    expect(tagsWithTyped(['vip'], '  ')).toEqual(['vip']);
    expect(tagsWithTyped(['vip'], 'vip')).toEqual(['vip']);
  });
});
