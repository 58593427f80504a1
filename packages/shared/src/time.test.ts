import { describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatInZone,
  isoInZone,
  isoToZonedLocal,
  momentText,
  timeZoneName,
  zonedInstant,
  zonedLocalToIso,
} from './time.ts';

const at = '2026-11-26T05:41:34Z';

describe('formatInZone', () => {
  it('writes the moment in the account zone, whatever the machine zone', () => {
    expect(formatInZone(at, 'Asia/Riyadh', 'en')).toBe('Nov 26, 2026, 8:41 AM');
    expect(formatInZone(at, 'America/New_York', 'en')).toBe('Nov 26, 2026, 12:41 AM');
    expect(formatInZone(at, 'Asia/Riyadh', 'en', 'day')).toBe('Nov 26, 2026');
    expect(formatInZone(at, 'Asia/Riyadh', 'en', 'time')).toBe('8:41 AM');
  });

  it('Arabic keeps the Gregorian calendar', () => {
    const ar = formatInZone(at, 'Asia/Riyadh', 'ar');
    expect(ar).toMatch(/2026/);
    expect(ar).toMatch(/8:41/);
    expect(ar).toMatch(/ص/);
  });

  it('nothing for nothing, an invalid date or an unknown zone falls back to UTC', () => {
    expect(formatInZone(null, 'UTC', 'en')).toBe('');
    expect(formatInZone('not a date', 'UTC', 'en')).toBe('');
    expect(formatInZone(at, 'Not/AZone', 'en')).toBe('Nov 26, 2026, 5:41 AM');
  });
});

describe('formatCalendarDay', () => {
  it('a day is the same day in every zone', () => {
    expect(formatCalendarDay('2026-03-01', 'en')).toBe('Mar 1, 2026');
  });
});

describe('timeZoneName', () => {
  it('names zones in words in the reader language', () => {
    expect(timeZoneName('Asia/Riyadh', 'en')).toBe('Saudi Arabia Time');
    expect(timeZoneName('Asia/Riyadh', 'ar')).toMatch(/السعودية/);
    expect(timeZoneName('America/New_York', 'en')).toBe('Eastern Time');
    expect(timeZoneName('UTC', 'en')).toBe('Coordinated Universal Time');
  });
});

describe('isoInZone', () => {
  it('ISO 8601 with the zone offset', () => {
    expect(isoInZone(at, 'Asia/Riyadh')).toBe('2026-11-26T08:41:34+03:00');
    expect(isoInZone(at, 'UTC')).toBe('2026-11-26T05:41:34+00:00');
    expect(isoInZone('2026-07-01T12:00:00Z', 'America/New_York')).toBe('2026-07-01T08:00:00-04:00');
    expect(isoInZone('2026-07-01T12:00:00Z', 'Asia/Kolkata')).toBe('2026-07-01T17:30:00+05:30');
    expect(isoInZone(null, 'UTC')).toBeNull();
  });

  it('changes offset on the second a zone changes its clocks, and agrees with Intl everywhere', () => {
    expect(isoInZone('2026-03-08T06:59:59.900Z', 'America/New_York')).toBe('2026-03-08T01:59:59-05:00');
    expect(isoInZone('2026-03-08T07:00:00Z', 'America/New_York')).toBe('2026-03-08T03:00:00-04:00');
    // Lord Howe moves its clocks by half an hour; Kathmandu is 5:45 ahead
    expect(isoInZone('2026-04-04T14:59:59Z', 'Australia/Lord_Howe')).toBe('2026-04-05T01:59:59+11:00');
    expect(isoInZone('2026-04-04T15:00:00Z', 'Australia/Lord_Howe')).toBe('2026-04-05T01:30:00+10:30');
    const formats = new Map<string, Intl.DateTimeFormat>();
    const intl = (ms: number, timeZone: string) => {
      let fmt = formats.get(timeZone);
      if (!fmt) {
        const opts = {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        } as const;
        fmt = new Intl.DateTimeFormat('en-CA', opts);
        formats.set(timeZone, fmt);
      }
      const p = Object.fromEntries(fmt.formatToParts(ms).map((x) => [x.type, x.value]));
      return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
    };
    for (const zone of ['Asia/Riyadh', 'Europe/London', 'America/Sao_Paulo', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham']) {
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 17_777_777) {
        expect(isoInZone(ms, zone)?.slice(0, 19), `${zone} ${new Date(ms).toISOString()}`).toBe(intl(ms, zone));
      }
    }
  });
});

describe('wall times in a zone', () => {
  it("reads a datetime-local value on the zone's clock and writes it back", () => {
    expect(zonedLocalToIso('2026-11-26T09:30', 'Asia/Riyadh')).toBe('2026-11-26T06:30:00.000Z');
    expect(zonedLocalToIso('2026-11-26 09:30', 'Asia/Riyadh')).toBeNull();
    expect(isoToZonedLocal('2026-11-26T06:30:00.000Z', 'Asia/Riyadh')).toBe('2026-11-26T09:30');
    expect(isoToZonedLocal('2026-11-26T06:30:00.000Z', 'Asia/Kathmandu')).toBe('2026-11-26T12:15');
  });

  it('lands on the right hour on both sides of a DST change', () => {
    // London moves to BST at 01:00 UTC on 29 March 2026
    expect(zonedLocalToIso('2026-03-28T09:00', 'Europe/London')).toBe('2026-03-28T09:00:00.000Z');
    expect(zonedLocalToIso('2026-03-29T09:00', 'Europe/London')).toBe('2026-03-29T08:00:00.000Z');
    const now = new Date('2026-03-28T23:30:00Z'); // still the 28th in London
    expect(zonedInstant('Europe/London', 1, 9, 0, now).toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(zonedInstant('Europe/London', 0, 0, 0, now).toISOString()).toBe('2026-03-28T00:00:00.000Z');
  });

  it("counts days from today on the zone's calendar, not UTC's", () => {
    const now = new Date('2026-11-26T22:30:00Z'); // already the 27th in Riyadh
    expect(zonedInstant('Asia/Riyadh', 0, 10, 0, now).toISOString()).toBe('2026-11-27T07:00:00.000Z');
    expect(zonedInstant('Asia/Riyadh', 5, 10, 0, now).toISOString()).toBe('2026-12-02T07:00:00.000Z');
  });
});

describe('momentText', () => {
  it('writes a generated name or answer in the shared format, the zone by its name in the reader language', () => {
    expect(momentText(at, 'Asia/Riyadh', 'en')).toBe('Nov 26, 2026, 8:41 AM');
    expect(momentText(at, 'Asia/Riyadh', 'en', { zone: true })).toBe(`Nov 26, 2026, 8:41 AM (${timeZoneName('Asia/Riyadh', 'en')})`);
    const ar = momentText(at, 'Asia/Riyadh', 'ar', { zone: true });
    expect(ar).toContain(formatInZone(at, 'Asia/Riyadh', 'ar'));
    expect(ar).not.toContain('Asia/Riyadh');
    expect(ar).toContain(timeZoneName('Asia/Riyadh', 'ar'));
    expect(momentText(at, 'Asia/Riyadh', 'en', { style: 'day' })).toBe('Nov 26, 2026');
  });
});
