import { LIMITS } from '@risala/shared/constants';
import { messageTextSchema, phoneSchema } from '@risala/shared/schemas/common';
import { templateParts } from '@risala/shared/schemas/templates';
import { translateMessage } from '../../lib/i18n.ts';
import { scheduleAtSchema } from '@risala/shared/schemas/messages';

/**
 * Typed numbers split on new lines, commas, semicolons, tabs (a pasted spreadsheet column) and the
 * spaces before a "+" that starts another number ("+966 50 123 4567 +966501111111": a space inside
 * a number is kept); valid ones normalised (E.164), duplicates dropped.
 */
export function parseNumbers(text: string): { valid: string[]; invalid: string[] } {
  const valid = new Set<string>();
  const invalid: string[] = [];
  for (const raw of text.split(/[\n,;\t]+|\s+(?=\+)/)) {
    const value = raw.trim();
    if (!value) continue;
    const parsed = phoneSchema.safeParse(value);
    if (parsed.success) valid.add(parsed.data);
    else invalid.push(value);
  }
  return { valid: [...valid], invalid };
}

/** Placeholders without a fallback ({{first_name}}, not {{first_name|friend}}): empty for a number that is no customer. */
export function placeholdersWithoutFallback(text: string): string[] {
  return [...new Set(templateParts(text).flatMap((p) => ('name' in p && !p.fallback ? [p.name] : [])))];
}

/** What is wrong with a typed message (§5: it needs a letter), in the interface language, at the field. */
export function textError(text: string, max: number): string | undefined {
  if (!text.trim()) return undefined;
  const res = messageTextSchema(max).safeParse(text);
  return res.success ? undefined : translateMessage(res.error.issues[0]?.message);
}

/** A datetime-local value (local wall time) → ISO with offset, or null when empty/invalid. */
export function localToIso(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The i18n key of what is wrong with a schedule time, or null when it is fine (§5: > now + 5 minutes). */
export function scheduleError(value: string): string | null {
  const iso = localToIso(value);
  if (!iso) return 'validation.dateTime';
  const res = scheduleAtSchema.safeParse(iso);
  return res.success ? null : (res.error.issues[0]?.message ?? 'validation.scheduledTime');
}

/** The earliest datetime-local value the picker offers (now + the minimum, rounded up to the minute). */
export function minScheduleLocal(now = new Date()): string {
  const d = new Date(now.getTime() + (LIMITS.scheduleMinAheadMinutes + 1) * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Sample values for the live preview of personalisation variables. */
export const SAMPLE_VALUES: Record<string, string> = {
  first_name: 'Layla',
  last_name: 'Haddad',
  email: 'layla@example.com',
  mobile_number: '+966501234567',
  city: 'Riyadh',
  country: 'SA',
};
