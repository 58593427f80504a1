/**
 * What a drafting request says besides "write": the channel, when a campaign should go out, and
 * what the text is about. Read from the folded text (lower case; Arabic letter forms folded).
 */
import type { Channel } from '@risala/shared/schemas/messages';

export interface Schedule {
  /** days from today in the account's zone */
  dayOffset: number;
  hour: number;
  minute: number;
}

/** A channel named in the request (Arabic or English), if any. */
export function channelIn(q: string): Channel | null {
  if (/\bwhats ?app\b|واتس ?اب|واتساب|الواتس/.test(q)) return 'whatsapp';
  if (/\be-?mails?\b|بريد|ايميل|الايميل|البريد/.test(q)) return 'email';
  if (/\bsms\b|\btexts?\b|رسائل نصيه|رساله نصيه|الرسائل القصيره|رساله قصيره|اس ام اس/.test(q)) return 'sms';
  return null;
}

/** "tomorrow at 10", "today at 6pm", "غدا الساعه 10 مساء" → a day offset and a wall time. */
export function scheduleIn(q: string): Schedule | null {
  const day = /\btomorrow\b|غدا|بكره|بكرا/.test(q) ? 1 : /\btoday\b|tonight|اليوم|الليله/.test(q) ? 0 : null;
  const time = /(?:\bat\b|الساعه|ساعه)\s*(\d{1,2})(?:[: ](\d{2}))?\s*(am|pm|صباحا|ص|مساء|م|ظهرا|عصرا)?/.exec(q);
  if (day === null && !time) return null;
  let hour = time ? Number(time[1]) : 10;
  const minute = time?.[2] ? Number(time[2]) : 0;
  const half = time?.[3];
  if (half && /pm|مساء|^م$|عصرا/.test(half) && hour < 12) hour += 12;
  if (half && /am|صباحا|^ص$/.test(half) && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return null;
  return { dayOffset: day ?? 1, hour, minute };
}

/** What the user wants written about: the words after "about / for / عن / بخصوص", else the whole request. */
export function topicIn(original: string): string {
  const m = /\b(?:about|for|announcing|promoting|on)\s+(.+)$/i.exec(original) ?? /(?:عن|بخصوص|حول|للإعلان عن|لـ)\s+(.+)$/.exec(original);
  return (m?.[1] ?? original)
    .replace(/[.?!؟]+$/, '')
    .trim()
    .slice(0, 200);
}
