import { type EmailRendition, renderVariables } from '@risala/shared/schemas/templates';
import { documentDirection } from './direction.ts';
import { inlineEmailHtml, placeholdersOnlyInText } from './sanitize.ts';

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** HTML for a text-only email: paragraphs and line breaks. */
export const textToHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

export type Values = Record<string, string | null | undefined>;

/**
 * The HTML part of an email for a send, whatever it comes from (a template, a free-form mail, a
 * campaign's own content): sanitised by the one sanitiser, inlined, and filled with each
 * recipient's values HTML-escaped. The direction is decided once, on the author's own text. When
 * every placeholder sits inside one text node, that work is done once and only the values are
 * filled in per recipient; otherwise each filled copy is sanitised again, so a value can never
 * become markup, a URL or CSS. Without values the placeholders stay.
 */
export function emailHtmlRenderer(html: string): (values?: Values) => string {
  const dir = documentDirection(html);
  const once = inlineEmailHtml(html, dir);
  if (placeholdersOnlyInText(once)) return (values) => (values ? renderVariables(once, values, escapeHtml) : once);
  return (values) => (values ? inlineEmailHtml(renderVariables(html, values, escapeHtml), dir) : once);
}

/** An email's renderer: what depends only on the email is worked out once, then each recipient's values fill it. */
export function emailRenderer(mail: { subject: string; html: string; text: string }): (values?: Values) => EmailRendition {
  const html = emailHtmlRenderer(mail.html);
  return (values) => {
    const fill = (text: string) => (values ? renderVariables(text, values, undefined, { isolate: true }) : text);
    return { subject: fill(mail.subject), html: html(values), text: fill(mail.text) };
  };
}
