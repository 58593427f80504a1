/**
 * The built-in engine's message writing: bilingual templates per objective and style (the catalogue's
 * `aiWriting.content.*`), filled with the brand, the marketer's own words (the topic) and the link.
 * An SMS is fitted to the parts asked for — the greeting goes first, then the topic is shortened at a
 * word — so it never takes more. It does not translate or invent: the topic is used as written.
 */
import type { ContentLanguage, PlanObjective } from '@risala/shared/schemas/ai-content';
import type { WaComponent } from '@risala/shared/schemas/whatsapp';
import { translate } from '@risala/shared/i18n/index.ts';
import { escapeHtml, sanitizeEmailHtml } from '../templates/index.ts';
import { smsParts } from './checks.ts';

export const STYLES = ['direct', 'friendly', 'urgent', 'short', 'question'] as const;
export type Style = (typeof STYLES)[number];

export interface Brief {
  language: ContentLanguage;
  objective: PlanObjective;
  brand: string;
  voice: string | null;
  topic: string;
  link: string | null;
}

const t = (lang: ContentLanguage, key: string, params: Record<string, string> = {}) => translate(lang, `aiWriting.content.${key}`, params);
const tidy = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,،:!?؟])/g, '$1')
    .replace(/\.{4,}/g, '...')
    .replace(/([!?؟])\./g, '$1')
    .replace(/(?<!\.)\.\.(?!\.)/g, '.')
    .trim();
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** The topic without a closing full stop (the templates add their own). */
const topicOf = (b: Brief) => b.topic.trim().replace(/[.。!]+$/, '');

/**
 * Styles in the order the brand's voice suggests: a formal voice leads with the direct style, a
 * playful one with the friendly and the question; the rest follow.
 */
export function stylesFor(voice: string | null): Style[] {
  const v = (voice ?? '').toLowerCase();
  const lead: Style[] = /playful|fun|friendly|casual|warm|مرح|ودود|دافئ|ودي/.test(v)
    ? ['friendly', 'question']
    : /formal|serious|professional|رسمي|مهني|جاد/.test(v)
      ? ['direct', 'short']
      : /urgent|bold|energetic|حماس|جريء/.test(v)
        ? ['urgent', 'direct']
        : [];
  return [...lead, ...STYLES.filter((s) => !lead.includes(s))];
}

const customerName = (lang: ContentLanguage, key: 'fallbackName' | 'email.fallbackName') => `{{first_name|${t(lang, key)}}}`;

/**
 * One SMS in a style, no longer than `maxParts` (variables counted at their reserved length): the
 * greeting goes first, then the topic is shortened at a word, then the call to action keeps only its
 * link, then the link goes; the opt-out line always stays. Shortening uses "..." (… is not GSM-7).
 */
export function composeSms(b: Brief, style: Style, maxParts: number): string {
  const lang = b.language;
  const optOut = t(lang, 'optOut.sms');
  const greeting = t(lang, 'greeting', { name: customerName(lang, 'fallbackName') });
  const sentence = (topic: string) => t(lang, `sms.${b.objective}.${style}`, { brand: b.brand, topic });
  const ctas = { cta: b.link ? t(lang, 'cta.sms', { link: b.link }) : '', link: b.link ?? '', none: '' };
  const build = (withGreeting: boolean, topic: string, cta: keyof typeof ctas) => {
    const body = withGreeting ? `${greeting} ${sentence(topic)}` : capitalise(sentence(topic));
    return tidy([body, ctas[cta], optOut].filter(Boolean).join(' '));
  };
  const fits = (text: string) => smsParts(text).parts <= maxParts;
  const topic = topicOf(b);
  const words = topic.split(/\s+/);
  function* attempts() {
    yield build(true, topic, 'cta');
    yield build(false, topic, 'cta');
    for (const cta of ['cta', 'link', 'none'] as const) {
      for (let n = words.length - 1; n >= 1; n--) yield build(false, `${words.slice(0, n).join(' ')}...`, cta);
    }
  }
  for (const text of attempts()) if (fits(text)) return text;
  // a very long brand: the sentence itself is cut, the opt-out line kept
  let body = capitalise(sentence(words[0] ?? ''));
  while (body.length > 1 && !fits(`${body}... ${optOut}`)) body = body.slice(0, -1);
  return tidy(`${body}... ${optOut}`);
}

export interface EmailDraft {
  subject: string;
  preheader: string;
  html: string;
  text: string;
}

const SUBJECT_MAX = 90;

export function composeEmail(b: Brief, style: Style): EmailDraft {
  const lang = b.language;
  const topic = topicOf(b);
  const name = customerName(lang, 'email.fallbackName');
  let subject = tidy(t(lang, `email.subject.${style}`, { topic, brand: b.brand, name }));
  if (subject.length > SUBJECT_MAX) subject = `${subject.slice(0, SUBJECT_MAX - 1).replace(/\s+\S*$/, '')}…`;
  const preheader = tidy(t(lang, `email.preheader.${b.objective}`, { brand: b.brand }));
  const html = (key: string, params: Record<string, string> = {}) =>
    t(lang, key, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, escapeHtml(v)])));
  const parts = [
    `<h1>${html(`email.headline.${b.objective}`, { brand: b.brand })}</h1>`,
    `<p>${html('email.dear', { name })}</p>`,
    `<p>${html(`email.body.${b.objective}`, { brand: b.brand, topic })}</p>`,
    b.link ? `<p><a href="${escapeHtml(b.link)}">${html('cta.button')}</a></p>` : '',
    `<p>${t(lang, 'email.closing', { brand: escapeHtml(b.brand) })}</p>`,
    `<p style="font-size:12px;color:#666666">${html('optOut.email')}</p>`,
  ].filter(Boolean);
  const body = sanitizeEmailHtml(`<div dir="${lang === 'ar' ? 'rtl' : 'ltr'}">${parts.join('\n')}</div>`);
  const text = [
    t(lang, `email.headline.${b.objective}`, { brand: b.brand }),
    t(lang, 'email.dear', { name }),
    t(lang, `email.body.${b.objective}`, { brand: b.brand, topic }),
    b.link ?? '',
    t(lang, 'email.closing', { brand: b.brand }).replace('<br>', '\n'),
    t(lang, 'optOut.email'),
  ]
    .filter(Boolean)
    .join('\n\n');
  return { subject, preheader, html: body, text };
}

export interface WhatsappDraft {
  body: string;
  footer: string;
  parameters: { index: number; variable: string; example: string }[];
  components: WaComponent[];
}

const WA_EXAMPLE_NAME = { en: 'Sara', ar: 'سارة' } as const;

/** A template body in Meta's format: {{1}} is the customer's first name; the opt-out in the footer. */
export function composeWhatsapp(b: Brief, style: Style): WhatsappDraft {
  const lang = b.language;
  const text = t(lang, `sms.${b.objective}.${style}`, { brand: b.brand, topic: topicOf(b) });
  const body = tidy(t(lang, 'whatsapp.body', { text })).slice(0, 1024);
  const footer = t(lang, 'optOut.whatsapp');
  const example = WA_EXAMPLE_NAME[lang];
  const components: WaComponent[] = [
    { type: 'BODY', text: body, example: { body_text: [[example]] } },
    { type: 'FOOTER', text: footer },
  ];
  if (b.link) components.push({ type: 'BUTTONS', buttons: [{ type: 'URL', text: t(lang, 'cta.button'), url: b.link }] });
  return { body, footer, parameters: [{ index: 1, variable: 'first_name', example }], components };
}
