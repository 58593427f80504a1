import { describe, expect, it } from 'vitest';
import { helpArticles, helpTerm, searchHelp } from './help-index.ts';

describe('help corpus', () => {
  it('has every article in English and Arabic, each with a title, a summary and a screen', () => {
    const en = helpArticles('en');
    const ar = helpArticles('ar');
    expect(en.length).toBeGreaterThanOrEqual(20);
    expect(ar.map((d) => d.slug)).toEqual(en.map((d) => d.slug));
    for (const d of [...en, ...ar]) {
      expect(d.title, d.slug).not.toBe(`${d.slug}.md`);
      expect(d.summary.length, d.slug).toBeGreaterThan(10);
      expect(d.screen, d.slug).toMatch(/^\//);
      expect(d.body.length, d.slug).toBeGreaterThan(150);
    }
    // the Arabic articles are in Arabic
    for (const d of ar) expect(/[\u0600-\u06FF]/.test(d.title), d.slug).toBe(true);
  });

  it.each([
    ['en', 'How do I import customers from Excel?', 'import-customers'],
    ['en', 'how to block a number', 'blacklists'],
    ['en', 'How do I schedule a campaign?', 'campaign-launcher'],
    ['en', 'connect my own OpenAI key', 'ai-assistant'],
    ['en', 'what does the SMS part counter mean', 'sms-templates'],
    ['ar', 'كيف أستورد العملاء من ملف إكسل؟', 'import-customers'],
    ['ar', 'كيف أحظر رقمًا؟', 'blacklists'],
    ['ar', 'كيف أربط نموذج ذكاء اصطناعي؟', 'ai-assistant'],
    ['ar', 'كيف أنشئ شريحة بقواعد؟', 'groups-segments'],
    ['ar', 'أين أرى تقرير الحملة؟', 'campaign-reports'],
  ] as const)('%s: %s → %s', (lang, q, slug) => {
    const hits = searchHelp(q, lang, 3);
    expect(hits[0]?.slug).toBe(slug);
    expect(hits[0]?.language).toBe(lang);
    expect(hits[0]?.excerpt.length).toBeGreaterThan(20);
  });

  it('folds Arabic and drops stop words', () => {
    expect(helpTerm('العملاء')).toBe(helpTerm('عملاء'));
    expect(helpTerm('كيف')).toBeNull();
    expect(helpTerm('Templates')).toBe(helpTerm('template'));
  });
});
