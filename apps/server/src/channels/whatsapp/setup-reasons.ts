/**
 * Why Meta refused to verify a WhatsApp number, as a reason a user can act on (catalogue keys
 * under senders.whatsapp.setup.reasons, read in the reader's language) with Meta's own words kept
 * as the detail, instead of Meta's English text alone.
 */
import type { Reason } from '@risala/shared/i18n/index.ts';
import { CloudApiError } from './cloud-api.ts';

/** Graph API codes: 190 token invalid or expired; 3, 10 and 200–299 a missing permission; 100 an unknown object. */
const isPermissionCode = (code: number) => code === 3 || code === 10 || (code >= 200 && code < 300);

const isolate = (s: string) => `\u2068${s}\u2069`;

export function setupFailureReason(err: unknown, phoneNumberId: string): Reason {
  const base = 'senders.whatsapp.setup.reasons';
  if (!(err instanceof CloudApiError) || err.status === 0) {
    return { key: `${base}.unreachable` };
  }
  const detail = isolate(err.code !== undefined ? `${err.reason} (#${err.code})` : `${err.reason} (HTTP ${err.status})`);
  if (err.code === 190 || err.status === 401) return { key: `${base}.token`, params: { detail } };
  if ((err.code !== undefined && isPermissionCode(err.code)) || err.status === 403) {
    return { key: `${base}.permission`, params: { detail } };
  }
  if (err.code === 100 || err.status === 404) return { key: `${base}.unknownNumber`, params: { id: isolate(phoneNumberId), detail } };
  return { key: `${base}.other`, params: { detail } };
}
