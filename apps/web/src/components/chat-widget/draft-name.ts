/**
 * The names "Save as template" gives a draft: the moment in the account's time zone, written in
 * the reader's language ("مسودة المساعد ٧ ديسمبر ٢٠٢٦ ٠٨:٢٧"), never a UTC stamp; and for WhatsApp,
 * whose template names Meta limits to a-z, 0-9 and _, the same moment in digits.
 */
import { intlLocaleOf } from '@risala/shared/time';

/** "7 December 2026 08:27" / "٧ ديسمبر ٢٠٢٦ ٠٨:٢٧": the moment in the account's zone, the reader's language. */
export function draftMoment(at: Date, timeZone: string, language: string): string {
  const opts = { timeZone } as const;
  const day = new Intl.DateTimeFormat(intlLocaleOf(language), { ...opts, day: 'numeric', month: 'long', year: 'numeric' }).format(at);
  const time = new Intl.DateTimeFormat(intlLocaleOf(language), { ...opts, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    at,
  );
  return `${day} ${time}`;
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
