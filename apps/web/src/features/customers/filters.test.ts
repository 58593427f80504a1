import { describe, expect, it } from 'vitest';
import { bulkFilter, exportUrl, filterQuery, parseConsent } from './filters.ts';

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
});
