/**
 * The names "Save as template" gives a draft: the moment in the account's time zone, written in
 * the reader's language, in the format every screen uses ("Assistant draft Dec 7, 2026, 8:27 AM"), never a UTC stamp; and for WhatsApp,
 * whose template names Meta limits to a-z, 0-9 and _, the same moment in digits.
 */
import { momentText } from '@risala/shared/time';

/** "Dec 7, 2026, 8:27 AM": the moment in the account's zone and the reader's language, the app's one time format. */
export function draftMoment(at: Date, timeZone: string, language: string): string {
  return momentText(at, timeZone, language);
}

/** A WhatsApp template's name (Meta allows a-z, 0-9 and _): assistant_draft_20261207_0827 in the account's zone. */
export function whatsappDraftName(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `assistant_draft_${parts.year}${parts.month}${parts.day}_${parts.hour}${parts.minute}`;
}
