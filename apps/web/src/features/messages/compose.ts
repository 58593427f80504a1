import { emailSchema, messageTextSchema, phoneSchema } from '@risala/shared/schemas/common';
import { normalizeMobile } from '@risala/shared/schemas/customers';
import { templateParts } from '@risala/shared/schemas/templates';
import { translateMessage } from '../../lib/i18n.ts';

/**
 * Typed numbers split on new lines, commas, semicolons, tabs (a pasted spreadsheet column) and the
 * spaces before a "+" that starts another number ("+966 50 123 4567 +966501111111": a space inside
 * a number is kept); valid ones normalised (E.164), duplicates dropped. A number without its
 * country code ("0551234567") is read in `country` (the account's), as an import reads it with
 * its default country; `read` lists those, typed → E.164, so the screen can say what they became.
 */
export function parseNumbers(
  text: string,
  country?: string | null,
): { valid: string[]; invalid: string[]; read: { typed: string; as: string }[] } {
  const valid = new Set<string>();
  const invalid: string[] = [];
  const read: { typed: string; as: string }[] = [];
  for (const raw of text.split(/[\n,;\t]+|\s+(?=\+)/)) {
    const value = raw.trim();
    if (!value) continue;
    const parsed = phoneSchema.safeParse(value);
    const local = parsed.success || !country ? null : normalizeMobile(value, country);
    if (parsed.success) valid.add(parsed.data);
    else if (local) {
      if (!valid.has(local)) read.push({ typed: value, as: local });
      valid.add(local);
    } else invalid.push(value);
  }
  return { valid: [...valid], invalid, read };
}

/** Typed email addresses split on new lines, commas, semicolons, tabs and spaces; valid ones lower-cased, duplicates dropped. */
export function parseEmails(text: string): { valid: string[]; invalid: string[] } {
  const valid = new Set<string>();
  const invalid: string[] = [];
  for (const raw of text.split(/[\s,;]+/)) {
    if (!raw) continue;
    const parsed = emailSchema.safeParse(raw);
    if (parsed.success)
      valid.add(parsed.data); // emailSchema lower-cases
    else invalid.push(raw);
  }
  return { valid: [...valid], invalid };
}

/** Typed addresses for a channel: phone numbers (SMS, WhatsApp) or email addresses. */
export const parseAddresses = (kind: 'phone' | 'email', text: string, country?: string | null) =>
  kind === 'email' ? { ...parseEmails(text), read: [] } : parseNumbers(text, country);

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

/** Sample values for the live preview of personalisation variables. */
export const SAMPLE_VALUES: Record<string, string> = {
  first_name: 'Layla',
  last_name: 'Haddad',
  email: 'layla@example.com',
  mobile_number: '+966501234567',
  city: 'Riyadh',
  country: 'SA',
};
