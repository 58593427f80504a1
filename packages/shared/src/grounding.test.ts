import { describe, expect, it } from 'vitest';
import { checkGrounding, factNumbers, linksIn, numbersIn, redactContacts, textLanguage, ungroundedNumbers } from './grounding.ts';

describe('numbersIn', () => {
  it('reads numbers as a reader sees them, in both scripts', () => {
    expect(numbersIn('Send to 1,234 customers at 19:00 (87.3%).')).toEqual([1234, 19, 0, 87.3]);
    expect(numbersIn('أرسل إلى ١٬٢٣٤ عميلًا، معدل التسليم ٨٧٫٣٪')).toEqual([1234, 87.3]);
  });
  it('does not read placeholders or link targets', () => {
    expect(numbersIn('Hi {{first_name|there}}, {{1}} see [the report](/campaignhistory?campaign=12) or https://x.example/p/42')).toEqual(
      [],
    );
  });
});

describe('ungroundedNumbers', () => {
  const facts = { audience: { reachable: 1234 }, rate: 87.3, at: '2026-03-01T19:00:00+03:00', name: 'Weekend offer 2' };
  it('accepts numbers from the facts, their strings, dates and rounding', () => {
    expect(factNumbers(facts)).toEqual(new Set([1234, 87.3, 2026, 3, 1, 19, 0, 2]));
    expect(ungroundedNumbers('1,234 customers; delivery 87% (87.3%) on 1 March 2026 at 19:00', facts)).toEqual([]);
  });
  it('names an invented figure', () => {
    expect(ungroundedNumbers('Expect 97% delivery to 1,234 customers', facts)).toEqual([97]);
    expect(ungroundedNumbers('٩٧٪', facts)).toEqual([97]);
  });
});

describe('checkGrounding', () => {
  it('checks numbers, links and language together', () => {
    const facts = { n: 500 };
    expect(checkGrounding('يوجد ٥٠٠ عميل. [التقرير](/campaignhistory?campaign=3)', facts, { language: 'ar' }).ok).toBe(true);
    const bad = checkGrounding('There are 501 customers, see https://evil.example', facts, {
      language: 'ar',
      links: ['https://shop.example/offer'],
    });
    expect(bad).toMatchObject({ ok: false, numbers: [501], links: ['https://evil.example'], language: true });
    expect(
      checkGrounding('Shop now: https://shop.example/offer', facts, { language: 'en', links: ['https://shop.example/offer'] }).ok,
    ).toBe(true);
  });
  it('knows the language by its letters, not by STOP or placeholders', () => {
    expect(textLanguage('مرحبًا {{first_name|there}}، للإلغاء أرسل STOP')).toBe('ar');
    expect(textLanguage('Hi {{first_name|عميلنا}}, reply STOP to opt out')).toBe('en');
  });
  it('finds links in Markdown, HTML and plain text', () => {
    expect(new Set(linksIn('[a](/x) <a href="https://a.example/b">b</a> https://c.example/d.'))).toEqual(
      new Set(['/x', 'https://a.example/b', 'https://c.example/d']),
    );
  });
});

describe('redactContacts', () => {
  it('removes phone numbers and emails but keeps dates, times and prices', () => {
    const text = 'Call +966 50 123 4567 or ٠٥٠١٢٣٤٥٦٧, mail sara@shop.example. Offer 25% until 2026-03-15 10:00, SAR 1,500.';
    expect(redactContacts(text)).toBe('Call [phone] or [phone], mail [email]. Offer 25% until 2026-03-15 10:00, SAR 1,500.');
  });
});
