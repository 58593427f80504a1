import { MESSAGE_STATES } from '@risala/shared/schemas/messages';
import { describe, expect, it } from 'vitest';
import {
  dayStart,
  exportUrl,
  filterQuery,
  filtersFromUrl,
  filtersToUrl,
  isMoving,
  LIST_DEFAULTS,
  rangeInverted,
  STATUS_COLORS,
  snippet,
  sortFromUrl,
  viewFromUrl,
} from './filters.ts';

describe('message history filters', () => {
  it('builds the list query, dropping empty values and the default view', () => {
    expect(filterQuery({ view: 'all', search: '  ', channel: null })).toEqual({
      view: undefined,
      channel: undefined,
      status: undefined,
      search: undefined,
      bulk_id: undefined,
      from: undefined,
      to: undefined,
    });
    const q = filterQuery({
      view: 'failed',
      channel: 'sms',
      status: 'FAILED',
      search: ' 9665 ',
      bulk_id: 'b1',
      from: '2026-03-01',
      to: '2026-03-02',
    });
    expect(q).toMatchObject({ view: 'failed', channel: 'sms', status: 'FAILED', search: '9665', bulk_id: 'b1' });
    expect(q.from).toBe(new Date(2026, 2, 1).toISOString());
    // the end day is inclusive: the bound is the next day's start
    expect(q.to).toBe(new Date(2026, 2, 3).toISOString());
  });

  it('never sends a From day later than the To day (the server refuses it and the list would break)', () => {
    expect(rangeInverted({ from: '2026-03-10', to: '2026-03-01' })).toBe(true);
    expect(rangeInverted({ from: '2026-03-01', to: '2026-03-01' })).toBe(false);
    expect(rangeInverted({ from: '2026-03-01' })).toBe(false);
    const q = filterQuery({ view: 'all', channel: 'sms', from: '2026-03-10', to: '2026-03-01' });
    expect(q).toMatchObject({ channel: 'sms', from: undefined, to: undefined });
    expect(exportUrl({ view: 'all', from: '2026-03-10', to: '2026-03-01' })).toBe('/api/messages/export.csv');
    // the same day on both ends is one whole day
    expect(filterQuery({ view: 'all', from: '2026-03-01', to: '2026-03-01' })).toMatchObject({
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 2, 2).toISOString(),
    });
  });

  it('refuses malformed days', () => {
    expect(dayStart('yesterday')).toBeUndefined();
    expect(dayStart('2026-1-1')).toBeUndefined();
  });

  it('gives the export the same filters', () => {
    expect(exportUrl({ view: 'all' })).toBe('/api/messages/export.csv');
    expect(exportUrl({ view: 'delivered', bulk_id: 'abc' })).toBe('/api/messages/export.csv?view=delivered&bulk_id=abc');
  });

  it('refreshes only while a shown message is still moving', () => {
    expect(isMoving([{ status: 'DELIVERED' }, { status: 'FAILED' }])).toBe(false);
    expect(isMoving([{ status: 'DELIVERED' }, { status: 'QUEUED' }])).toBe(true);
    expect(isMoving([{ status: 'PENDING' }])).toBe(true);
    expect(isMoving([{ status: 'SCHEDULED' }])).toBe(false);
  });

  it('keeps watching a WhatsApp message delivered in the last two minutes: READ may follow', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    const delivered = (secondsAgo: number, channel: 'whatsapp' | 'sms' = 'whatsapp') =>
      ({ status: 'DELIVERED', channel, delivered_at: new Date(now - secondsAgo * 1000).toISOString() }) as const;
    expect(isMoving([delivered(30)], now)).toBe(true);
    expect(isMoving([delivered(30, 'sms')], now)).toBe(false);
    expect(isMoving([delivered(180)], now)).toBe(false);
  });

  it('has a colour for every state and reads the view from the URL', () => {
    for (const s of MESSAGE_STATES) expect(STATUS_COLORS[s]).toBeTruthy();
    expect(viewFromUrl({ view: 'queued' })).toBe('queued');
    expect(viewFromUrl({ view: 'nope' })).toBe('all');
    expect(viewFromUrl({ view: 'inbox' })).toBe('all');
  });

  it('reads the filters and the sort from the URL, dropping what it does not know', () => {
    expect(filtersFromUrl({ ...LIST_DEFAULTS, bulk_id: 'x' })).toEqual({
      channel: null,
      status: null,
      search: undefined,
      bulk_id: 'x',
      from: undefined,
      to: undefined,
    });
    const read = filtersFromUrl({ ...LIST_DEFAULTS, channel: 'sms', status: 'FAILED', search: '9665', from: '2026-03-01', to: 'tomorrow' });
    expect(read).toMatchObject({ channel: 'sms', status: 'FAILED', search: '9665', from: '2026-03-01', to: undefined });
    expect(filtersFromUrl({ ...LIST_DEFAULTS, channel: 'fax', status: 'LOST' })).toMatchObject({ channel: null, status: null });
    expect(filtersToUrl(read)).toEqual({
      channel: 'sms',
      status: 'FAILED',
      search: '9665',
      bulk_id: '',
      campaign: '',
      error_code: '',
      from: '2026-03-01',
      to: '',
    });
    // the dashboard's failure reasons link here with a failure code and a campaign
    const reason = filtersFromUrl({ ...LIST_DEFAULTS, status: 'FAILED', error_code: 'UNDELIV', campaign: '12' });
    expect(reason).toMatchObject({ error_code: 'UNDELIV', campaign_id: 12 });
    expect(filterQuery({ view: 'all', ...reason })).toMatchObject({ error_code: 'UNDELIV', campaign_id: 12, status: 'FAILED' });
    expect(filtersFromUrl({ ...LIST_DEFAULTS, error_code: 'x y', campaign: '-3' })).toMatchObject({
      error_code: undefined,
      campaign_id: undefined,
    });
    expect(sortFromUrl({ sort: 'status', order: 'asc' })).toEqual({ sort: 'status', order: 'asc' });
    expect(sortFromUrl({ sort: 'drop table', order: 'up' })).toEqual({ sort: 'created_at', order: 'desc' });
  });
});

describe('a message in one line', () => {
  it("is an email's subject, an email's text without tags, or the body, cut with an ellipsis", () => {
    expect(snippet({ channel: 'email', subject: 'Weekend offer', body: '<p>Dear Layla</p>' })).toBe('Weekend offer');
    expect(snippet({ channel: 'email', subject: null, body: '<p>Dear <b>Layla</b>,</p>\n<p>20% off</p>' })).toBe('Dear Layla , 20% off');
    expect(snippet({ channel: 'sms', subject: null, body: 'Hi   there\nfriend' })).toBe('Hi there friend');
    expect(snippet({ channel: 'sms', subject: null, body: 'x'.repeat(100) }, 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
