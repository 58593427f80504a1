import { describe, expect, it } from 'vitest';
import { documentDirection } from './direction.ts';
import { htmlToText } from './sanitize.ts';
import { rendition } from './templates.service.ts';
import type { TemplateRow } from './templates.repo.ts';

describe('documentDirection — as dir="auto" decides', () => {
  it('follows the first strong character of the visible text, not any Arabic letter anywhere', () => {
    expect(documentDirection('<p>Hello, your order from مكتبة is ready</p>')).toBe('ltr');
    expect(documentDirection('<p>مرحبا، طلبك من Acme جاهز</p>')).toBe('rtl');
    expect(documentDirection('<p>2024 — 50% خصم</p>')).toBe('rtl'); // digits and punctuation are weak
    expect(documentDirection('<p>123 !</p>')).toBe('ltr');
    expect(documentDirection('')).toBe('ltr');
  });

  it('skips blocks with their own dir, styles, the head and placeholders', () => {
    expect(documentDirection('<p dir="ltr">Order #5</p><p>شكرا لك</p>')).toBe('rtl');
    expect(documentDirection('<div dir="rtl"><p>مرحبا</p></div><p>Thanks</p>')).toBe('ltr');
    expect(documentDirection('<style>p { font-family: Arial }</style><p>أهلا</p>')).toBe('rtl');
    expect(documentDirection('<p>{{first_name}}، أهلا بك</p>')).toBe('rtl');
    expect(documentDirection('<p>&amp; &#1605;رحبا</p>')).toBe('rtl');
  });
});

describe('rendition — the document direction', () => {
  // as stored: a rich email's text part is its HTML as text
  const row = (html: string | null, text = html ? htmlToText(html) : ''): TemplateRow =>
    ({ id: 1, message_type: 'email', subject: 'S', template_text: text, html }) as unknown as TemplateRow;

  it('an English email quoting one Arabic word stays left-to-right; blocks keep their own dir', () => {
    const out = rendition(row('<p>Visit our branch in الرياض today.</p><p dir="rtl">نراكم قريبا</p>')).html;
    expect(out).toMatch(/<html dir="ltr">/);
    expect(out).toMatch(/<p dir="rtl"[^>]*>نراكم قريبا<\/p>/);
  });

  it('an Arabic email is right-to-left, whatever the customer values are', () => {
    expect(rendition(row('<p>مرحبا {{first_name}}</p>'), { first_name: 'John' }).html).toMatch(/<html dir="rtl">/);
    expect(rendition(row(null, 'أهلا بك\n\nWelcome')).html).toMatch(/<html dir="rtl">/);
  });
});
