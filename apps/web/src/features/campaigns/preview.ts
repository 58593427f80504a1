/** The per-recipient preview: a channel's content with one customer's values filled in (as the server renders it). */
import { renderVariables } from '@risala/shared/schemas/templates';
import { countSms, type SmsCount } from '@risala/shared/sms';
import type { SampleRecipient } from './api/get-launcher-options.ts';

export type PreviewValues = Record<string, string | null>;

/** A sample customer's variable values; without one, placeholders take their fallbacks. */
export function valuesOf(r: SampleRecipient | null): PreviewValues {
  if (!r) return {};
  return { first_name: r.first_name, last_name: r.last_name, email: r.email, mobile_number: r.mobile_number, country: r.country };
}

export function previewSms(text: string, values: PreviewValues): { text: string; count: SmsCount } {
  // as the server renders it: a value of the other direction is followed by a direction mark (shared bidi.ts)
  const body = renderVariables(text, values, undefined, { isolate: true });
  return { text: body, count: countSms(body) };
}

/** WhatsApp: {{n}} in the template body become the parameters, each personalised first. */
export function previewWhatsapp(body: string, params: string[], values: PreviewValues): string {
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (all, n: string) => {
    const p = params[Number(n) - 1];
    return p === undefined ? all : renderVariables(p, values);
  });
}

export const previewText = (text: string, values: PreviewValues) => renderVariables(text, values, undefined, { isolate: true });
/** An email's HTML is filled as written (its own markup sets the direction). */
export const previewHtml = (html: string, values: PreviewValues) => renderVariables(html, values);
