import { describe, expect, it } from 'vitest';
import { toCsv } from '../../components/charts/csv.ts';
import { DASHBOARD_DEFAULTS, filterFromUrl, historyLink, rangeChoice } from './filters.ts';
import { makeFormats } from './format.ts';

const url = (patch: Partial<typeof DASHBOARD_DEFAULTS>) => ({ ...DASHBOARD_DEFAULTS, ...patch });

describe('dashboard filters in the URL', () => {
  it('read presets, custom ranges and ids, dropping what is malformed', () => {
    expect(filterFromUrl(url({}))).toEqual({ preset: '30d', channel: undefined, brand_id: undefined, campaign_id: undefined });
    expect(
      filterFromUrl(url({ range: 'custom', from: '2026-03-01', to: '2026-03-31', channel: 'sms', brand: '4', campaign: '12' })),
    ).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      channel: 'sms',
      brand_id: 4,
      campaign_id: 12,
    });
    // an inverted or half custom range, an unknown preset, a bad channel or id: the defaults
    expect(rangeChoice(url({ range: 'custom', from: '2026-03-31', to: '2026-03-01' }))).toBe('30d');
    expect(rangeChoice(url({ range: 'custom', from: '2026-03-01' }))).toBe('30d');
    expect(rangeChoice(url({ range: 'forever' }))).toBe('30d');
    expect(filterFromUrl(url({ channel: 'fax', brand: '-1', campaign: 'x' }))).toMatchObject({
      channel: undefined,
      brand_id: undefined,
      campaign_id: undefined,
    });
  });

  it('link a failure reason to the history filtered to its state, code, period, channel and campaign', () => {
    expect(
      historyLink({ code: 'UNDELIV', status: 'FAILED' }, { from: '2026-03-01', to: '2026-03-31' }, { channel: 'sms', campaign_id: 7 }),
    ).toBe('/message-history?status=FAILED&error_code=UNDELIV&from=2026-03-01&to=2026-03-31&channel=sms&campaign=7');
    expect(historyLink({ code: '', status: 'BLOCKED' }, { from: '2026-03-01', to: '2026-03-01' }, {})).toContain('error_code=-');
  });
});

describe('dashboard formats and CSV', () => {
  it('write figures and days in the reader’s language, days without a zone shift', () => {
    const en = makeFormats('en', 'Asia/Riyadh');
    expect(en.num(12345)).toBe('12,345');
    expect(en.pct(0.904)).toBe('90.4%');
    expect(en.day('2026-03-01')).toBe('Mar 1');
    expect(en.weekday(0)).toBe('Sun');
    const ar = makeFormats('ar', 'Asia/Riyadh');
    expect(ar.rtl).toBe(true);
    expect(ar.day('2026-03-01')).toMatch(/مارس/);
  });

  it('never lets a cell run as a formula and keeps numbers numbers', () => {
    expect(
      toCsv(
        ['Reason', 'n'],
        [
          ['=HYPERLINK("x")', 3],
          ['-5', -5],
          ['a,b', 1],
        ],
      ),
    ).toBe('\ufeffReason,n\r\n"\'=HYPERLINK(""x"")",3\r\n-5,-5\r\n"a,b",1\r\n');
  });
});
