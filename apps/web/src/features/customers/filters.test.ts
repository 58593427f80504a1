import { describe, expect, it } from 'vitest';
import { bulkFilter, exportUrl, filterProblem, filterQuery, filtersFromUrl, filtersToUrl, LIST_DEFAULTS, parseConsent } from './filters.ts';

describe('customer filters', () => {
  it('builds the list query, dropping empty values', () => {
    expect(filterQuery({ search: '  sara ', tag: '', country: 'sa', group: 4, consent: { channel: 'sms', granted: false } })).toEqual({
      search: 'sara',
      group: 4,
      tag: undefined,
      country: 'SA',
      consent_sms: 'false',
    });
  });

  it("reads the assistant's links: language and city from the URL to the list query", () => {
    const f = filtersFromUrl({ ...LIST_DEFAULTS, language: 'ar', city: ' Jeddah ' });
    expect(filterQuery(f)).toMatchObject({ language: 'ar', city: 'Jeddah' });
    expect(filtersFromUrl({ ...LIST_DEFAULTS, language: 'xx' }).language).toBeUndefined();
    expect(filtersToUrl(f)).toMatchObject({ language: 'ar', city: 'Jeddah' });
  });

  it('gives the export the same filters', () => {
    expect(exportUrl({})).toBe('/api/customers/export.csv');
    expect(exportUrl({ search: 'سارة', consent: { channel: 'email', granted: true } })).toBe(
      `/api/customers/export.csv?search=${encodeURIComponent('سارة').replace(/%20/g, '+')}&consent_email=true`,
    );
  });

  it('turns consent into JSON booleans for bulk actions', () => {
    expect(bulkFilter({ consent: { channel: 'whatsapp', granted: true }, tag: 'vip' })).toEqual({ tag: 'vip', consent_whatsapp: true });
  });

  it('parses the consent select value', () => {
    expect(parseConsent('sms:true')).toEqual({ channel: 'sms', granted: true });
    expect(parseConsent('fax:true')).toBeNull();
    expect(parseConsent(null)).toBeNull();
  });

  it('lets only complete, valid values reach the URL (a half-typed country, a too-long tag or search is no filter)', () => {
    expect(filtersToUrl({ search: 'x'.repeat(101), tag: 't'.repeat(51), country: 'S' })).toMatchObject({
      search: '',
      tag: '',
      country: '',
    });
    expect(filtersToUrl({ search: ` ${'x'.repeat(100)} `, tag: 't'.repeat(50), country: 'sa' })).toMatchObject({
      search: 'x'.repeat(100),
      tag: 't'.repeat(50),
      country: 'SA',
    });
    // a country code that is no country
    expect(filtersToUrl({ country: 'XX' }).country).toBe('');
  });

  it('ignores values in a hand-edited or stale URL that the list cannot take', () => {
    const f = filtersFromUrl({ ...LIST_DEFAULTS, search: 'y'.repeat(101), tag: 'z'.repeat(51), country: 'S', group: 'abc' });
    expect(filterQuery(f)).toEqual({ search: undefined, group: undefined, tag: undefined, country: undefined });
    expect(filtersFromUrl({ ...LIST_DEFAULTS, country: 'ae', tag: 'vip' })).toMatchObject({ country: 'AE', tag: 'vip' });
  });

  it('says why a value is not used yet, at its field', () => {
    expect(filterProblem('search', 'x'.repeat(101))).toBe('customers.filters.tooLong');
    expect(filterProblem('tag', 'x'.repeat(51))).toBe('customers.filters.tooLong');
    expect(filterProblem('country', 'S')).toBe('validation.invalid');
    expect(filterProblem('search', '')).toBeUndefined();
    expect(filterProblem('tag', 'vip')).toBeUndefined();
  });
});
