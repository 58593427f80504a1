/**
 * Email tracking added at render time (campaign mail only): every http(s) link goes through a
 * signed redirect, a 1×1 pixel marks the open, and an unsubscribe link (also in the
 * `List-Unsubscribe` header, with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, RFC 8058)
 * turns the customer's email consent off. Links carry the message id and an HMAC over it (and over
 * the target URL for clicks), so a changed id, URL or signature is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_PLACEHOLDER } from '@risala/shared/email-design';
import { translate } from '@risala/shared/i18n/index.ts';

export interface TrackingKeys {
  /** the server's public base URL, e.g. https://portal.example */
  baseUrl: string;
  secret: string;
}

export type TrackKind = 'o' | 'c' | 'u';

export function trackingSig(secret: string, kind: TrackKind, id: number, url = ''): string {
  return createHmac('sha256', `campaign-tracking:${secret}`).update(`${kind}\n${id}\n${url}`).digest('base64url').slice(0, 27);
}

export function verifyTrackingSig(secret: string, kind: TrackKind, id: number, sig: string, url = ''): boolean {
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  const expected = Buffer.from(trackingSig(secret, kind, id, url));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const openUrl = (k: TrackingKeys, id: number) => `${k.baseUrl}/t/o/${id}/${trackingSig(k.secret, 'o', id)}.gif`;
export const unsubscribeUrl = (k: TrackingKeys, id: number) => `${k.baseUrl}/t/u/${id}/${trackingSig(k.secret, 'u', id)}`;
export const clickUrl = (k: TrackingKeys, id: number, target: string) =>
  `${k.baseUrl}/t/c/${id}/${trackingSig(k.secret, 'c', id, target)}?u=${encodeURIComponent(target)}`;

const decodeAttr = (v: string) =>
  v
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');
const encodeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The email as sent: links rewritten, the pixel added, and the unsubscribe link put where the
 * email's own footer has it (`{{unsubscribe_url}}`, the builder's footer block) or, without one,
 * in a footer added at the end; the headers to send with it.
 */
export function addTracking(
  keys: TrackingKeys,
  id: number,
  mail: { html: string | null; text: string },
  language = 'en',
): { html: string | null; text: string; headers: Record<string, string> } {
  const unsubscribe = unsubscribeUrl(keys, id);
  const label = translate(language === 'ar' ? 'ar' : 'en', 'campaigns.email.unsubscribe');
  const headers = { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  const text = `${mail.text}\n\n${label}: ${unsubscribe}`;
  if (mail.html === null) return { html: null, text, headers };
  let html = mail.html.replace(/(<a\b[^>]*?\bhref\s*=\s*)(["'])(https?:\/\/[^"']+)\2/gi, (_all, pre: string, q: string, href: string) => {
    return `${pre}${q}${encodeAttr(clickUrl(keys, id, decodeAttr(href)))}${q}`;
  });
  // after the click rewrite: the unsubscribe link is not a click to count
  const ownFooter = html.includes(UNSUBSCRIBE_PLACEHOLDER);
  html = html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, encodeAttr(unsubscribe));
  const footer =
    (ownFooter ? '' : `<p style="font-size:12px;color:#888888;text-align:center"><a href="${encodeAttr(unsubscribe)}">${label}</a></p>`) +
    `<img src="${encodeAttr(openUrl(keys, id))}" width="1" height="1" alt="" style="display:block;border:0">`;
  html = /<\/body>/i.test(html) ? html.replace(/<\/body>/i, `${footer}</body>`) : `${html}${footer}`;
  return { html, text, headers };
}

/**
 * A sent email as the report shows it: tracked links back to their targets, no open pixel and no
 * working unsubscribe link (reading the report must not count an open, a click or unsubscribe anyone).
 */
export function withoutTracking(keys: Pick<TrackingKeys, 'baseUrl'>, html: string): string {
  const base = keys.baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return html
    .replace(new RegExp(`<img[^>]*${base}/t/o/[^>]*>`, 'g'), '')
    .replace(new RegExp(`${base}/t/c/\\d+/[\\w-]+\\?u=([^"'\\s>]+)`, 'g'), (_all, u: string) => {
      try {
        return encodeAttr(decodeURIComponent(decodeAttr(u)));
      } catch {
        return '#';
      }
    })
    .replace(new RegExp(`${base}/t/u/\\d+/[\\w-]+`, 'g'), '#');
}
