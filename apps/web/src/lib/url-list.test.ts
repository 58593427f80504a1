import { describe, expect, it } from 'vitest';
import { oneOf, patchQuery, readQuery, sortChoice, sortPatch } from './url-list.ts';

const DEFAULTS = { search: '', sort: 'created_at', order: 'desc' };
const q = (s: string) => new URLSearchParams(s);

describe('list view in the URL', () => {
  it('reads defaults where the URL is silent, and a sane page', () => {
    expect(readQuery(q('search=layla&page=3'), DEFAULTS)).toEqual({
      values: { search: 'layla', sort: 'created_at', order: 'desc' },
      page: 3,
    });
    expect(readQuery(q('page=-2'), DEFAULTS).page).toBe(1);
    expect(readQuery(q('page=abc'), DEFAULTS).page).toBe(1);
    expect(readQuery(q('unrelated=1'), DEFAULTS).values).toEqual(DEFAULTS);
  });

  it('keeps defaults out of the URL and goes back to page 1 when the view changes', () => {
    expect(patchQuery(q('page=4'), DEFAULTS, { search: 'omar' }).toString()).toBe('search=omar');
    expect(patchQuery(q('search=omar&page=4'), DEFAULTS, { sort: 'name', order: 'asc' }).toString()).toBe(
      'search=omar&sort=name&order=asc',
    );
    expect(patchQuery(q('sort=name'), DEFAULTS, { sort: 'created_at' }).toString()).toBe('');
    expect(patchQuery(q('search=omar'), DEFAULTS, { search: '' }).toString()).toBe('');
  });

  it('changes nothing (not even the page) when the values are the same', () => {
    expect(patchQuery(q('search=omar&page=4'), DEFAULTS, { search: 'omar', sort: 'created_at' }).toString()).toBe('search=omar&page=4');
  });

  it('moves pages without touching the view, page 1 left out', () => {
    expect(patchQuery(q('search=omar'), DEFAULTS, { page: 2 }).toString()).toBe('search=omar&page=2');
    expect(patchQuery(q('search=omar&page=2'), DEFAULTS, { page: 1 }).toString()).toBe('search=omar');
  });

  it('leaves other parameters of the page alone', () => {
    expect(patchQuery(q('bulk_id=b-1&page=2'), DEFAULTS, { search: 'x' }).toString()).toBe('bulk_id=b-1&search=x');
  });
});

describe('values read from the URL', () => {
  const SORTS = ['created_at:desc', 'name:asc', 'name:desc'] as const;

  it('keeps a known value and drops an unknown one', () => {
    expect(oneOf('MT', ['MT', 'MO'])).toBe('MT');
    expect(oneOf('XX', ['MT', 'MO'])).toBeNull();
    expect(oneOf('', ['MT', 'MO'])).toBeNull();
  });

  it('shows a known sort pair and falls back to the default for anything else', () => {
    expect(sortChoice({ sort: 'name', order: 'asc' }, SORTS)).toBe('name:asc');
    expect(sortChoice({ sort: 'name', order: 'sideways' }, SORTS)).toBe('created_at:desc');
    expect(sortChoice({ sort: 'created_at', order: 'asc' }, SORTS)).toBe('created_at:desc');
    expect(sortPatch('name:desc')).toEqual({ sort: 'name', order: 'desc' });
  });
});
