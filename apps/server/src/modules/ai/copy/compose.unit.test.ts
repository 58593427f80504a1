import { PLAN_OBJECTIVES } from '@risala/shared/schemas/ai-content';
import { waTemplateInputSchema } from '@risala/shared/schemas/whatsapp';
import { describe, expect, it } from 'vitest';
import { STYLES, stylesFor } from './bank.ts';
import { checkVariant, passes, smsParts } from './checks.ts';
import { composeSms, composeWhatsapp, type CopyBrief, tidy, whatsappComponents } from './compose.ts';
import { composeEmail, SUBJECT_MAX } from './email.ts';
import { extractOffer } from './offer.ts';

const BRAND = 'Risala Demo Store';
const REQUESTS = {
  ar: [
    'اكتب لي رسالة SMS لتخفيضات رمضان 20٪',
    'اكتب رسالة واتساب لعيد الفطر خصم ٢٥٪ على العطور لمدة ٣ أيام https://x.sa/e',
    'خصم 50 ريال على الثياب الرجالية حتى نهاية الأسبوع مع توصيل مجاني',
    'رسالة لليوم الوطني: خصم حتى 70% على جميع المنتجات، الكود NATIONAL94 https://shop.example/national-day-offers-2026.',
    'اكتب رسالة نصية عن تشكيلتنا الجديدة',
    'اكتب رسالة',
  ],
  en: [
    'Write an SMS for our Ramadan sale, 20% off',
    'Write a WhatsApp message: 30% off all abayas until Friday, code EID30, https://shop.example/eid.',
    'Email for Black Friday: up to 50% off electronics, free delivery, while stocks last',
    'SMS in one part: SAR 50 off linen shirts this week only https://shop.example/linen-shirts-summer-sale-2026',
    'Write an SMS announcing our new winter collection',
    'Draft a message',
  ],
} as const;
/** The words that only instruct: none of them may reach a customer. */
const INSTRUCTION = /(?:^|[\s,،:])(?:اكتب|لي|SMS|Write|Draft|Email|message|رسالة|نصية|واتساب|WhatsApp)(?=$|[\s,،.:])/;
const LINK_GLUED = /https?:\/\/\S*?[.,،;:!?؟](?=\s|$)/;

const briefs = function* () {
  for (const language of ['en', 'ar'] as const) {
    for (const request of REQUESTS[language]) {
      for (const objective of PLAN_OBJECTIVES) {
        const offer = extractOffer(request, { brand: BRAND });
        yield { request, brief: { language, objective, brand: BRAND, voice: null, offer } satisfies CopyBrief };
      }
    }
  }
};

describe('built-in SMS', () => {
  it('never carries the instruction, never cuts with "...", fits the parts or says it does not, every word in its language', () => {
    for (const { request, brief } of briefs()) {
      for (const maxParts of [1, 2, 3]) {
        for (const style of STYLES) {
          const r = composeSms(brief, style, maxParts);
          const where = `${request} / ${brief.objective} / ${style} / ${maxParts}: ${r.text}`;
          expect(r.text, where).not.toMatch(INSTRUCTION);
          expect(r.text, where).not.toMatch(/\.\.\.|…/);
          expect(r.text, where).not.toMatch(LINK_GLUED);
          // honest about the length: fits means it does, and "does not fit" only when even the shortest phrasing is longer
          expect(r.parts, where).toBe(smsParts(r.text).parts);
          expect(r.fits, where).toBe(r.parts <= maxParts);
          const checks = checkVariant(
            { channel: 'sms', language: brief.language, sms: r.text },
            {
              maxParts,
              facts: { request, offer: brief.offer },
              links: brief.offer.link ? [brief.offer.link] : [],
              brand: BRAND,
              literals: [brief.offer.code],
            },
          );
          expect({ ...checks, parts_ok: true }, where).toEqual({
            parts_ok: true,
            variables_ok: true,
            opt_out: true,
            language_ok: true,
            grounded: true,
          });
          expect(checks.parts_ok, where).toBe(r.fits);
          expect(smsParts(r.text).encoding).toBe(brief.language === 'ar' ? 'UCS-2' : 'GSM-7');
        }
      }
    }
  });

  it('writes the Ramadan request as a message, not as the instruction', () => {
    const offer = extractOffer('اكتب لي رسالة SMS لتخفيضات رمضان 20٪');
    const r = composeSms({ language: 'ar', objective: 'promotion', brand: BRAND, voice: null, offer }, 'direct', 2);
    expect(r).toEqual({
      text: 'أهلًا {{first_name|بك}}، عروض رمضان من Risala Demo Store: خصم 20٪. لإلغاء الاشتراك أرسل STOP',
      fits: true,
      parts: 2,
    });
    // one part: a shorter phrasing, the occasion and the discount kept
    const one = composeSms({ language: 'ar', objective: 'promotion', brand: BRAND, voice: null, offer }, 'direct', 1);
    expect(one.text).toBe('عروض رمضان من Risala Demo Store: خصم 20٪. لإلغاء الاشتراك أرسل STOP');
    expect(one.parts).toBe(1);
  });

  it('writes Arabic percentages as 20٪ and keeps placeholders whole, name first', () => {
    for (const { brief } of briefs()) {
      if (brief.language !== 'ar') continue;
      for (const style of STYLES) {
        const { text } = composeSms(brief, style, 3);
        expect(text).not.toMatch(/%|٪\d/);
        if (brief.offer.discount?.kind === 'percent') expect(text).toMatch(/\d+٪/);
        for (const m of text.matchAll(/\{\{([^}]*)\}\}/g)) expect(m[1]).toMatch(/^first_name\|/);
      }
    }
  });

  it('says so when the offer does not fit one part, without dropping a fact', () => {
    const offer = extractOffer('خصم 50 ريال على الثياب الرجالية حتى نهاية الأسبوع مع توصيل مجاني');
    const r = composeSms({ language: 'ar', objective: 'promotion', brand: BRAND, voice: null, offer }, 'direct', 1);
    expect(r.fits).toBe(false);
    expect(r.parts).toBe(2);
    for (const fact of ['50 ر.س', 'الثياب الرجالية', 'توصيل مجاني', 'هذا الأسبوع فقط', 'STOP']) expect(r.text).toContain(fact);
    expect(composeSms({ language: 'ar', objective: 'promotion', brand: BRAND, voice: null, offer }, 'direct', 2).fits).toBe(true);
  });

  it('greets in the register of the brand voice and orders the styles by it', () => {
    const offer = extractOffer('20% off everything');
    expect(
      composeSms({ language: 'en', objective: 'promotion', brand: 'Risala', voice: 'Formal and precise', offer }, 'direct', 2).text,
    ).toMatch(/^Dear \{\{first_name\|customer\}\},/);
    expect(stylesFor('Warm, short sentences, no slang.').slice(0, 2)).toEqual(['friendly', 'question']);
    expect(stylesFor('نبرة رسمية')[0]).toBe('direct');
    expect(stylesFor(null)).toEqual([...STYLES]);
  });

  it('never leaves a full stop or comma stuck to a link', () => {
    expect(tidy('More at https://x.sa/e. Thanks')).toBe('More at https://x.sa/e Thanks');
    expect(tidy('الرابط https://x.sa/e، شكرًا')).toBe('الرابط https://x.sa/e شكرًا');
  });
});

describe('built-in email and WhatsApp', () => {
  it('writes email subjects that fit without cutting, and HTML the editor keeps, in both directions', () => {
    for (const { brief } of briefs()) {
      for (const style of STYLES) {
        const e = composeEmail({ ...brief, brand: 'Risala <Demo>' }, style);
        expect(e.subject.length).toBeLessThanOrEqual(SUBJECT_MAX);
        expect(e.subject).not.toMatch(/\.\.\.|…/);
        expect(e.html).toContain(`dir="${brief.language === 'ar' ? 'rtl' : 'ltr'}"`);
        expect(e.html).toContain('Risala &lt;Demo&gt;');
        expect(e.html).not.toMatch(/<script/i);
        const checks = checkVariant(
          { channel: 'email', language: brief.language, email: e },
          {
            maxParts: 1,
            facts: { offer: brief.offer },
            links: brief.offer.link ? [brief.offer.link] : [],
            brand: 'Risala <Demo>',
            literals: [brief.offer.code],
          },
        );
        expect(passes(checks), `${e.subject}: ${JSON.stringify(checks)}`).toBe(true);
      }
    }
  });

  it('writes a WhatsApp template Meta accepts: {{1}} with its example, never a named variable, opt-out footer, URL button', () => {
    for (const { brief } of briefs()) {
      for (const style of STYLES) {
        const w = composeWhatsapp(brief, style);
        expect(w.body).toMatch(/\{\{1\}\}/);
        expect(w.body).not.toMatch(/\{\{[^1}]/);
        expect(w.body).not.toMatch(INSTRUCTION);
        expect(w.variables).toEqual([{ index: 1, variable: 'first_name', example: brief.language === 'ar' ? 'سارة' : 'Sara' }]);
        const components = whatsappComponents(w);
        expect(
          waTemplateInputSchema.safeParse({ name: 'draft', language: brief.language, category: 'MARKETING', components }).success,
        ).toBe(true);
        const checks = checkVariant(
          { channel: 'whatsapp', language: brief.language, whatsapp: { body: w.body, footer: w.footer, components } },
          {
            maxParts: 1,
            facts: { offer: brief.offer },
            links: brief.offer.link ? [brief.offer.link] : [],
            brand: BRAND,
            literals: [brief.offer.code],
          },
        );
        expect(passes(checks), `${w.body}: ${JSON.stringify(checks)}`).toBe(true);
      }
    }
  });

  it('fails a variant with an unknown variable, a missing opt-out, a word of another language or an invented number', () => {
    const check = (sms: string, language: 'en' | 'ar' = 'en') =>
      checkVariant({ channel: 'sms', language, sms }, { maxParts: 1, facts: { topic: '20% off' }, links: [], brand: BRAND });
    expect(check('Hi {{nickname}}, 20% off. Reply STOP to opt out.').variables_ok).toBe(false);
    expect(check('Hi there, 20% off.').opt_out).toBe(false);
    expect(check('مرحبًا، خصم 20%. للإلغاء أرسل STOP').language_ok).toBe(false);
    // one English word in an Arabic text is enough to fail, the brand's name and STOP are not words
    expect(check('Risala Demo Store: خصم 20٪ على كل sale. للإلغاء أرسل STOP', 'ar').language_ok).toBe(false);
    expect(check('Risala Demo Store: خصم 20٪. للإلغاء أرسل STOP', 'ar').language_ok).toBe(true);
    expect(check('Hi, 30% off today. Reply STOP to opt out.').grounded).toBe(false);
    expect(check(`${'Long text '.repeat(20)} Reply STOP to opt out.`).parts_ok).toBe(false);
  });
});
