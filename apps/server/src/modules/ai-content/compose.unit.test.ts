import { PLAN_OBJECTIVES } from '@risala/shared/schemas/ai-content';
import { describe, expect, it } from 'vitest';
import { checkVariant, passes, smsParts } from './checks.ts';
import { composeEmail, composeSms, composeWhatsapp, STYLES, stylesFor } from './compose.ts';

const TOPICS = {
  en: {
    short: '20% off everything this weekend',
    long: 'our whole new summer collection of linen shirts, dresses, sandals and home textiles, with free delivery on every order and gift wrapping in store',
  },
  ar: {
    short: 'خصم 20% على كل شيء نهاية الأسبوع',
    long: 'تشكيلتنا الصيفية الجديدة كاملة من القمصان الكتانية والفساتين والصنادل ومفروشات المنزل، مع توصيل مجاني لكل طلب وتغليف هدايا في المتجر',
  },
} as const;
const LINK = 'https://shop.example/offer';

describe('built-in SMS', () => {
  for (const language of ['en', 'ar'] as const) {
    for (const maxParts of [1, 2, 3]) {
      it(`never takes more than ${maxParts} part(s) in ${language}, with the opt-out and valid variables`, () => {
        for (const objective of PLAN_OBJECTIVES) {
          for (const style of STYLES) {
            for (const topic of Object.values(TOPICS[language])) {
              for (const link of [null, LINK]) {
                const text = composeSms({ language, objective, brand: 'Risala Demo Store', voice: null, topic, link }, style, maxParts);
                const facts = { topic, link, brand: 'Risala Demo Store' };
                const checks = checkVariant(
                  { channel: 'sms', language, sms: text },
                  { maxParts, facts, links: link ? [link] : [], brand: 'Risala Demo Store' },
                );
                expect(checks, `${language}/${objective}/${style}/${maxParts}: ${text}`).toEqual({
                  parts_ok: true,
                  variables_ok: true,
                  opt_out: true,
                  language_ok: true,
                  grounded: true,
                });
                expect(smsParts(text).encoding).toBe(language === 'ar' ? 'UCS-2' : 'GSM-7');
              }
            }
          }
        }
      });
    }
  }

  it('greets by first name when it fits, and keeps the link', () => {
    const text = composeSms(
      { language: 'en', objective: 'promotion', brand: 'Risala', voice: null, topic: TOPICS.en.short, link: LINK },
      'direct',
      1,
    );
    expect(text).toBe(
      'Hi {{first_name|there}}, 20% off everything this weekend at Risala. More: https://shop.example/offer Reply STOP to opt out.',
    );
    const ar = composeSms(
      { language: 'ar', objective: 'winback', brand: 'ريسالة', voice: null, topic: 'خصم 20%', link: null },
      'direct',
      1,
    );
    expect(ar).toBe('مرحبًا {{first_name|عميلنا}}، اشتقنا إليك في ريسالة. خصم 20%. للإلغاء أرسل STOP');
  });

  it('counts a name at its reserved length, and says when an Arabic name would switch a GSM-7 text to UCS-2', () => {
    const p = smsParts('Hi {{first_name|there}}, hello. Reply STOP to opt out.');
    expect(p).toMatchObject({ encoding: 'GSM-7', parts: 1 });
    expect(p.characters).toBe('Hi xxxxxxxxxxxx, hello. Reply STOP to opt out.'.length);
    expect(p.parts_if_unicode).toBe(1);
    expect(smsParts('x'.repeat(150) + ' {{first_name}}').parts).toBe(2);
  });

  it('orders styles by the brand voice', () => {
    expect(stylesFor('Warm, short sentences, no slang.').slice(0, 2)).toEqual(['friendly', 'question']);
    expect(stylesFor('نبرة رسمية')[0]).toBe('direct');
    expect(stylesFor(null)).toEqual([...STYLES]);
  });
});

describe('built-in email and WhatsApp', () => {
  it('writes email HTML the editor keeps, with the unsubscribe sentence, in both directions', () => {
    for (const language of ['en', 'ar'] as const) {
      const e = composeEmail(
        { language, objective: 'retention', brand: 'Risala <Demo>', voice: null, topic: TOPICS[language].short, link: LINK },
        'friendly',
      );
      expect(e.html).toContain(`dir="${language === 'ar' ? 'rtl' : 'ltr'}"`);
      expect(e.html).toContain('Risala &lt;Demo&gt;');
      expect(e.html).not.toMatch(/<script/i);
      const checks = checkVariant(
        { channel: 'email', language, email: e },
        { maxParts: 1, facts: { topic: TOPICS[language].short }, links: [LINK] },
      );
      expect(passes(checks), JSON.stringify(checks)).toBe(true);
    }
  });

  it('writes a WhatsApp template Meta accepts: {{1}} with its example, the opt-out in the footer, a URL button', () => {
    const w = composeWhatsapp(
      { language: 'ar', objective: 'promotion', brand: 'ريسالة', voice: null, topic: 'خصم 20%', link: LINK },
      'direct',
    );
    expect(w.body.startsWith('مرحبًا {{1}}،')).toBe(true);
    expect(w.footer).toBe('لإلغاء الاشتراك أرسل STOP');
    const checks = checkVariant(
      { channel: 'whatsapp', language: 'ar', whatsapp: w },
      { maxParts: 1, facts: { topic: 'خصم 20%' }, links: [LINK] },
    );
    expect(passes(checks), JSON.stringify(checks)).toBe(true);
  });

  it('fails a variant with an unknown variable, a missing opt-out, another language or an invented number', () => {
    const check = (sms: string) =>
      checkVariant({ channel: 'sms', language: 'en', sms }, { maxParts: 1, facts: { topic: '20% off' }, links: [] });
    expect(check('Hi {{nickname}}, 20% off. Reply STOP to opt out.').variables_ok).toBe(false);
    expect(check('Hi there, 20% off.').opt_out).toBe(false);
    expect(check('مرحبًا، خصم 20%. للإلغاء أرسل STOP').language_ok).toBe(false);
    expect(check('Hi, 30% off today. Reply STOP to opt out.').grounded).toBe(false);
    expect(check(`${'Long text '.repeat(20)} Reply STOP to opt out.`).parts_ok).toBe(false);
  });
});
