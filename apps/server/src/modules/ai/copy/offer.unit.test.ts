import { describe, expect, it } from 'vitest';
import { extractOffer } from './offer.ts';

describe('the offer in a request', () => {
  it('reads the Arabic request that used to be pasted into the SMS', () => {
    expect(extractOffer('اكتب لي رسالة SMS لتخفيضات رمضان 20٪')).toMatchObject({
      discount: { kind: 'percent', value: 20, up_to: false },
      occasion: 'ramadan',
      product: null,
      deadline: null,
      unplaced: [],
    });
  });

  it('reads Arabic-Indic digits, a product, a duration and a link', () => {
    expect(extractOffer('اكتب رسالة واتساب لعيد الفطر خصم ٢٥٪ على العطور لمدة ٣ أيام https://x.sa/e.')).toMatchObject({
      discount: { kind: 'percent', value: 25 },
      occasion: 'eid_fitr',
      product: { key: 'perfumes', text: 'العطور', language: 'ar' },
      deadline: { kind: 'days', value: 3 },
      link: 'https://x.sa/e',
      unplaced: [],
    });
  });

  it('reads an English offer: discount, product, weekday, code and link (without the full stop after it)', () => {
    expect(extractOffer('Write a WhatsApp message: 30% off all abayas until Friday, code EID30, https://shop.example/eid.')).toMatchObject({
      discount: { kind: 'percent', value: 30 },
      product: { key: 'abayas' },
      deadline: { kind: 'weekday', value: 5 },
      code: 'EID30',
      link: 'https://shop.example/eid',
      unplaced: [],
    });
  });

  it('reads "up to", free delivery, an occasion and stock limits', () => {
    expect(extractOffer('Email for Black Friday: up to 50% off electronics, free delivery, while stocks last')).toMatchObject({
      discount: { kind: 'percent', value: 50, up_to: true },
      free_delivery: true,
      occasion: 'black_friday',
      product: { key: 'electronics' },
      deadline: { kind: 'stock' },
    });
    expect(extractOffer('رسالة لليوم الوطني: خصم حتى 70% على جميع المنتجات، الكود NATIONAL94')).toMatchObject({
      discount: { kind: 'percent', value: 70, up_to: true },
      occasion: 'national_day',
      product: { key: 'everything' },
      code: 'NATIONAL94',
      unplaced: [],
    });
  });

  it("keeps a product in the request's own words, an amount and the parts asked for", () => {
    expect(extractOffer('SMS in one part: SAR 50 off linen shirts this week only')).toMatchObject({
      discount: { kind: 'amount', value: 50, currency: 'SAR' },
      product: { key: null, text: 'linen shirts', language: 'en' },
      deadline: { kind: 'week' },
      parts: 1,
    });
    expect(extractOffer('خصم 50 ريال على الثياب الرجالية حتى نهاية الأسبوع مع توصيل مجاني')).toMatchObject({
      discount: { kind: 'amount', value: 50, currency: 'SAR' },
      product: { key: null, text: 'الثياب الرجالية', language: 'ar' },
      deadline: { kind: 'week' },
      free_delivery: true,
    });
  });

  it("takes the parser's topic as the product when the request names nothing else, and only then", () => {
    const candles = extractOffer('Write an SMS about our handmade candles.', { topic: 'our handmade candles' });
    expect(candles.product).toEqual({ key: null, text: 'handmade candles', language: 'en' });
    expect(candles.unplaced).toEqual([]);
    // a product the lexicon knows, or an occasion, wins over the topic
    const summer = extractOffer('write a message about our summer collection, 15% off', { topic: 'our summer collection, 15% off' });
    expect(summer.product?.key).toBe('summer_collection');
    // a topic whose words the request does not hold is not invented
    expect(extractOffer('Write an SMS', { topic: 'scented soap' }).product).toBeNull();
  });
  it('reports the words it could not place instead of dropping them silently', () => {
    const o = extractOffer('Write an SMS about our store anniversary party next Tuesday');
    expect(o.discount).toBeNull();
    expect(o.unplaced).toEqual(['store', 'anniversary', 'party', 'next', 'Tuesday']);
  });

  it('reads new products and occasions without a discount', () => {
    expect(extractOffer('Write an SMS announcing our new winter collection')).toMatchObject({
      product: { key: 'winter_collection' },
      is_new: true,
      occasion: null,
      unplaced: [],
    });
    expect(extractOffer('اكتب رسالة نصية بأسلوب علامتنا التجارية عن عرض نهاية الأسبوع')).toMatchObject({
      occasion: 'weekend',
      unplaced: [],
    });
  });

  it('does not read "happy" (سعيد) as Eid, nor "write" (اكتب) as books', () => {
    const o = extractOffer('اكتب رسالة ليوم سعيد');
    expect(o.occasion).toBeNull();
    expect(o.product).toBeNull();
  });
});
