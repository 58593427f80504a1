/**
 * One way to write a moment, for the web and the server: in the account's time zone, in the
 * reader's language ("Nov 26, 2026, 8:41 AM" / "26‏/11‏/2026، 8:41 ص"), and a zone named in words
 * ("Saudi Arabia Time" / "توقيت المملكة العربية السعودية") instead of its IANA id. Exports write
 * ISO 8601 with the zone's offset, so a spreadsheet and a reader both see which zone it is.
 */

/** The Intl locale of a UI language: Arabic keeps the Gregorian calendar used across the app. */
export function intlLocaleOf(language: string): string {
  return language === 'ar' ? 'ar-u-ca-gregory' : 'en';
}

/** moment: date and time; precise: with seconds (timelines of events seconds apart); day; time of day */
export type TimeStyle = 'moment' | 'precise' | 'day' | 'time';

const STYLES: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  moment: { dateStyle: 'medium', timeStyle: 'short' },
  precise: { dateStyle: 'medium', timeStyle: 'medium' },
  day: { dateStyle: 'medium' },
  time: { timeStyle: 'short' },
};

// building a DateTimeFormat is the slow part: one per language, zone and style
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, timeZone: string, style: TimeStyle): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${style}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    try {
      fmt = new Intl.DateTimeFormat(intlLocaleOf(language), { ...STYLES[style], timeZone });
    } catch {
      fmt = new Intl.DateTimeFormat(intlLocaleOf(language), { ...STYLES[style], timeZone: 'UTC' }); // an unknown zone
    }
    formatters.set(key, fmt);
  }
  return fmt;
}

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** A moment (or its day, or its time of day) in `timeZone`, in `language`; '' for no or an invalid date. */
export function formatInZone(
  value: Date | string | number | null | undefined,
  timeZone: string,
  language: string,
  style: TimeStyle = 'moment',
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(language, timeZone, style).format(date);
}

/** A calendar day ('YYYY-MM-DD', no time and no zone) as the reader writes a date. */
export function formatCalendarDay(day: string, language: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!m) return day;
  return formatInZone(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12), 'UTC', language, 'day');
}

function zonePart(timeZone: string, language: string, style: Intl.DateTimeFormatOptions['timeZoneName'], at: Date): string | null {
  try {
    const parts = new Intl.DateTimeFormat(intlLocaleOf(language), { timeZone, timeZoneName: style }).formatToParts(at);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? null;
  } catch {
    return null;
  }
}

/**
 * A time zone in words in the reader's language: the country's time where the zone is a
 * country's ("Saudi Arabia Time"), else the zone's generic name ("Eastern Time"), else its offset.
 */
export function timeZoneName(timeZone: string, language: string, at: Date = new Date()): string {
  const short = zonePart(timeZone, language, 'shortGeneric', at);
  // "ET", "GMT+3", "غرينتش+3": abbreviations and offsets read worse than the long name
  if (short && /\s/.test(short) && !/\d/.test(short)) return short;
  const long = zonePart(timeZone, language, 'longGeneric', at) ?? zonePart(timeZone, language, 'long', at);
  if (long && !/\d/.test(long)) return long;
  return zonePart(timeZone, language, 'long', at) ?? long ?? timeZone;
}

/** The zone's offset at a moment as "GMT+3" in the reader's language. */
export function timeZoneOffset(timeZone: string, language: string, at: Date = new Date()): string {
  return zonePart(timeZone, language, 'shortOffset', at) ?? timeZone;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A zone's UTC offset in minutes at a moment, asked of Intl once per zone and quarter hour. */
const offsets = new Map<string, number>();
const QUARTER_HOUR = 900_000;

function offsetMinutes(ms: number, timeZone: string): number {
  // every zone's offset is a whole number of quarter hours and changes only on one, so a quarter
  // hour has one offset: an export of a million rows asks Intl a few thousand times, not millions
  const key = `${timeZone}|${Math.floor(ms / QUARTER_HOUR)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  let fmt = formatters.get(`iso|${timeZone}`);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(`iso|${timeZone}`, fmt);
  }
  const p: Record<string, number> = {};
  for (const part of fmt.formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const whole = Math.floor(ms / 1000) * 1000;
  const minutes = Math.round(
    (Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0) - whole) / 60_000,
  );
  if (offsets.size >= 100_000) offsets.clear();
  offsets.set(key, minutes);
  return minutes;
}

/** ISO 8601 in `timeZone` with its offset: "2026-11-26T08:41:05+03:00" (exports; null stays null). */
export function isoInZone(value: Date | string | number | null | undefined, timeZone: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = toDate(value).getTime();
  if (Number.isNaN(ms)) return null;
  const offset = offsetMinutes(ms, timeZone);
  // the wall clock is the UTC clock moved by the offset
  const w = new Date(Math.floor(ms / 1000) * 1000 + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${pad(w.getUTCFullYear(), 4)}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}T${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}:${pad(w.getUTCSeconds())}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The wall clock of an instant in `timeZone`, as UTC fields of a Date (read with getUTC…). */
function wallClock(ms: number, timeZone: string): Date {
  return new Date(Math.floor(ms / 1000) * 1000 + offsetMinutes(ms, timeZone) * 60_000);
}

/**
 * The instant at which `timeZone`'s clock shows a wall time (month 1–12; a day past the month's end
 * rolls over as Date.UTC does). The offset is taken at the first guess and then again at the
 * instant found, which is an hour off when a DST change lies between them.
 */
export function wallTimeToInstant(timeZone: string, year: number, month: number, day: number, hour: number, minute: number): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const guess = wall - offsetMinutes(wall, timeZone) * 60_000;
  return new Date(wall - offsetMinutes(guess, timeZone) * 60_000);
}

/** The instant of a wall time `dayOffset` days from today (today as the zone's clock says it). */
export function zonedInstant(timeZone: string, dayOffset: number, hour: number, minute: number, now: Date = new Date()): Date {
  const today = wallClock(now.getTime(), timeZone);
  return wallTimeToInstant(timeZone, today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate() + dayOffset, hour, minute);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A `datetime-local` value (`YYYY-MM-DDTHH:mm`) read in `timeZone` → ISO instant, or null when it is not one. */
export function zonedLocalToIso(local: string, timeZone: string): string | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  return wallTimeToInstant(timeZone, Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])).toISOString();
}

/** An ISO instant → `YYYY-MM-DDTHH:mm` on `timeZone`'s clock (a `datetime-local` value). */
export function isoToZonedLocal(iso: string, timeZone: string): string {
  const w = wallClock(new Date(iso).getTime(), timeZone);
  return `${pad(w.getUTCFullYear(), 4)}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}T${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`;
}

/**
 * A moment in text the platform writes for a person to read — the name it gives a draft or a
 * plan, a chat answer, a notification, a mail — in the one shared format: the account's zone, the
 * reader's language, and with `zone` the zone named in that language ("Dec 8, 2026, 8:00 AM
 * (Saudi Arabia Time)"), never a UTC stamp or an IANA id.
 */
export function momentText(
  value: Date | string | number,
  timeZone: string,
  language: string,
  opts: { style?: TimeStyle; zone?: boolean } = {},
): string {
  const text = formatInZone(value, timeZone, language, opts.style ?? 'moment');
  return opts.zone && text ? `${text} (${timeZoneName(timeZone, language, toDate(value))})` : text;
}
