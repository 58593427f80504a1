import { z } from 'zod';
import { requiredString } from './common.ts';

/**
 * An IANA zone name (Asia/Riyadh, Asia/Dubai, UTC) that the platform knows. Offsets such as
 * "+03:00" are refused: PostgreSQL reads their sign the POSIX way, the opposite of Intl.
 */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .refine(isTimeZone, { error: 'validation.timezone' });

/** PUT /api/account: the company's name and the time zone its schedules are typed and shown in. */
export const updateAccountSchema = z.object({
  name: requiredString(200).optional(),
  timezone: timeZoneSchema.optional(),
});
export type UpdateAccountInput = z.infer<typeof updateAccountSchema>;
