/**
 * The built-in writer's email: a subject that fits 90 characters by choosing a shorter phrasing
 * (never by cutting), a preheader, HTML the email editor keeps as it is, and the same text plain.
 */
import { escapeHtml, sanitizeEmailHtml } from '../../templates/index.ts';
import { fill, registerFor, type Style } from './bank.ts';
import { bankOf, type CopyBrief, coreSentences, OCCASION_SLOT, slotValues, tidy } from './compose.ts';

export const SUBJECT_MAX = 90;

export interface ComposedEmail {
  subject: string;
  preheader: string;
  html: string;
  text: string;
}

/** The shortest of the phrasings that fit, or the shortest of all (a subject is never cut). */
function subjectOf(b: CopyBrief, style: Style): string {
  const bank = bankOf(b.language);
  const values = slotValues(b);
  const options: string[] = [];
  for (const t of bank.email.subject[style]) {
    const named = OCCASION_SLOT.test(t);
    for (const core of coreSentences(b, named)) {
      const s = fill(t, { ...values, core: bank.sentence(core, /:\s*\{core\}/.test(t) && !t.startsWith('{core}')) });
      if (s) options.push(tidy(s));
    }
  }
  return options.find((s) => s.length <= SUBJECT_MAX) ?? options.reduce((a, s) => (s.length < a.length ? s : a), options[0] ?? b.brand);
}

export function composeEmail(b: CopyBrief, style: Style): ComposedEmail {
  const bank = bankOf(b.language);
  const values = slotValues(b);
  const o = b.offer;
  const occ = o.occasion ? bank.occasions[o.occasion] : null;
  const leadTemplate =
    (occ?.wish && b.objective !== 'promotion' ? bank.wishLead : bank.leads[b.objective][style][occ ? 'occasion' : 'plain'])[0] ??
    '{brand}:';
  const lead = fill(leadTemplate, values);
  const core = `${bank.sentence(coreSentences(b, OCCASION_SLOT.test(leadTemplate))[0] ?? '', Boolean(lead?.endsWith(':')))}.`;
  const deadline = o.deadline ? (bank.deadline(o.deadline)[0] ?? '') : '';
  const code = o.code ? (fill(bank.code[0] ?? '', values) ?? '') : '';
  const paragraph = tidy([lead, core, deadline, code].filter(Boolean).join(' '));
  const headline = occ ? (values.Offers ?? '') : (fill(bank.email.headline[b.objective], values) ?? '');
  const dear = bank.email.dear[registerFor(b.voice)];
  const preheader = tidy([deadline, code].filter(Boolean).join(' ')) || (fill(bank.email.preheader[b.objective], values) ?? '');
  const closing = fill(bank.email.closing, { brand: escapeHtml(b.brand) }) ?? '';
  const html = sanitizeEmailHtml(
    `<div dir="${b.language === 'ar' ? 'rtl' : 'ltr'}">${[
      `<h1>${escapeHtml(headline)}</h1>`,
      `<p>${escapeHtml(dear)}</p>`,
      `<p>${escapeHtml(paragraph)}</p>`,
      o.link ? `<p><a href="${escapeHtml(o.link)}">${escapeHtml(bank.email.button[b.objective])}</a></p>` : '',
      `<p>${closing}</p>`,
      `<p style="font-size:12px;color:#666666">${escapeHtml(bank.email.unsubscribe)}</p>`,
    ]
      .filter(Boolean)
      .join('\n')}</div>`,
  );
  const text = [
    headline,
    dear,
    paragraph,
    o.link ?? '',
    (fill(bank.email.closing, { brand: b.brand }) ?? '').replace('<br>', '\n'),
    bank.email.unsubscribe,
  ]
    .filter(Boolean)
    .join('\n\n');
  return { subject: subjectOf(b, style), preheader, html, text };
}
