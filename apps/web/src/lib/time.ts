/**
 * The app's one way to show a moment: in the account's time zone (Profile →
 * account), in the interface language, through `@risala/shared/time`. Lists, drawers, reports and
 * schedules all read the same "Nov 26, 2026, 8:41 AM"; the zone is named in words where it is said.
 */
import { formatCalendarDay, formatInZone, type TimeStyle, timeZoneName } from '@risala/shared/time';
import { useTranslation } from 'react-i18next';
import { useAccountTimeZone } from './session.ts';

export interface TimeFormat {
  /** the account's IANA zone */
  zone: string;
  /** the zone in words: "Saudi Arabia Time" */
  zoneName: string;
  moment: (at: Date | string | number | null | undefined) => string;
  day: (at: Date | string | number | null | undefined) => string;
  time: (at: Date | string | number | null | undefined) => string;
  /** a 'YYYY-MM-DD' calendar day (no zone) */
  calendarDay: (day: string) => string;
  format: (at: Date | string | number | null | undefined, style: TimeStyle) => string;
}

export function timeFormat(zone: string, language: string): TimeFormat {
  return {
    zone,
    zoneName: timeZoneName(zone, language),
    moment: (at) => formatInZone(at, zone, language, 'moment'),
    day: (at) => formatInZone(at, zone, language, 'day'),
    time: (at) => formatInZone(at, zone, language, 'time'),
    calendarDay: (day) => formatCalendarDay(day, language),
    format: (at, style) => formatInZone(at, zone, language, style),
  };
}

/** The formatter for the signed-in account, re-rendering when the language changes. */
export function useTimeFormat(): TimeFormat {
  const { i18n } = useTranslation();
  return timeFormat(useAccountTimeZone(), i18n.language);
}
