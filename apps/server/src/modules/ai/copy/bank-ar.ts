/**
 * The Arabic phrase bank: clear Modern Standard Arabic as Gulf retail writes it, warm but not
 * colloquial; the customer addressed in the generic masculine only where a verb needs a person, and
 * no verb agreeing with the brand (a brand may be masculine or feminine); numbers in Western digits
 * with the Arabic percent sign (20٪), amounts with the currency's abbreviation (50 ر.س), so nothing
 * depends on the Arabic plural rules of a figure. Reviewed in docs/copy-phrase-banks.md.
 */
import type { Deadline, Discount } from '@risala/shared/schemas/ai-draft';
import type { PhraseBank } from './bank.ts';
import { MONTHS_AR, WEEKDAYS_AR } from './lexicon.ts';

const CURRENCY: Record<string, string> = { SAR: 'ر.س', AED: 'د.إ', QAR: 'ر.ق', KWD: 'د.ك', USD: '$' };

function discountWords(d: Discount): string[] {
  if (d.kind === 'bogo') return ['اشترِ قطعة واحصل على الثانية مجانًا'];
  const value = d.kind === 'percent' ? `${d.value}٪` : `${d.value} ${CURRENCY[d.currency ?? 'SAR'] ?? 'ر.س'}`;
  return d.up_to ? [`خصم يصل إلى ${value}`, `خصم حتى ${value}`] : [`خصم ${value}`];
}

function daysWords(n: number): string[] {
  if (n === 1) return ['ليوم واحد فقط.'];
  if (n === 2) return ['لمدة يومين فقط.', 'يومان فقط.'];
  if (n <= 10) return [`لمدة ${n} أيام فقط.`, `${n} أيام فقط.`];
  return [`لمدة ${n} يومًا فقط.`, `${n} يومًا فقط.`];
}

export const AR: PhraseBank = {
  language: 'ar',
  greeting: { warm: 'أهلًا {{first_name|بك}}،', formal: 'مرحبًا {{first_name|عميلنا العزيز}}،' },
  whatsappGreeting: { warm: 'أهلًا {{1}}،', formal: 'مرحبًا {{1}}،' },
  occasions: {
    ramadan: { name: 'رمضان', offers: 'عروض رمضان', wish: 'رمضان كريم' },
    eid_fitr: { name: 'عيد الفطر', offers: 'عروض عيد الفطر', wish: 'عيدكم مبارك' },
    eid_adha: { name: 'عيد الأضحى', offers: 'عروض عيد الأضحى', wish: 'عيدكم مبارك' },
    eid: { name: 'العيد', offers: 'عروض العيد', wish: 'عيدكم مبارك' },
    national_day: { name: 'اليوم الوطني', offers: 'عروض اليوم الوطني', wish: 'كل عام والوطن بخير' },
    founding_day: { name: 'يوم التأسيس', offers: 'عروض يوم التأسيس', wish: 'يوم تأسيس مجيد' },
    white_friday: { name: 'الجمعة البيضاء', offers: 'عروض الجمعة البيضاء', wish: null },
    black_friday: { name: 'الجمعة السوداء', offers: 'عروض الجمعة السوداء', wish: null },
    mothers_day: { name: 'يوم الأم', offers: 'عروض يوم الأم', wish: 'كل عام وكل أم بخير' },
    new_year: { name: 'العام الجديد', offers: 'عروض العام الجديد', wish: 'كل عام وأنتم بخير' },
    back_to_school: { name: 'العودة إلى المدارس', offers: 'عروض العودة إلى المدارس', wish: null },
    summer: { name: 'الصيف', offers: 'عروض الصيف', wish: null },
    winter: { name: 'الشتاء', offers: 'عروض الشتاء', wish: null },
    weekend: { name: 'نهاية الأسبوع', offers: 'عروض نهاية الأسبوع', wish: null },
  },
  leads: {
    promotion: {
      direct: { occasion: ['{offers} من {brand}:'], plain: ['{brand}:'] },
      friendly: { occasion: ['بمناسبة {occasion}، اخترنا لك في {brand}:'], plain: ['اخترنا لك في {brand}:'] },
      urgent: { occasion: ['لا تفوّت {offers} من {brand}:'], plain: ['لا تفوّت هذا العرض من {brand}:'] },
      short: { occasion: ['{brand}:'], plain: ['{brand}:'] },
      question: { occasion: ['هل استعددت {liOccasion}؟ إليك من {brand}:'], plain: ['تبحث عن عرض مميز؟ إليك من {brand}:'] },
    },
    awareness: {
      direct: { occasion: ['تعرّف على {brand}:'], plain: ['تعرّف على {brand}:'] },
      friendly: { occasion: ['يسعدنا أن نعرّفك على {brand}:'], plain: ['يسعدنا أن نعرّفك على {brand}:'] },
      urgent: { occasion: ['جديد {brand}:'], plain: ['جديد {brand}:'] },
      short: { occasion: ['{brand}:'], plain: ['{brand}:'] },
      question: { occasion: ['هل تعرّفت على {brand}؟'], plain: ['هل تعرّفت على {brand}؟'] },
    },
    retention: {
      direct: { occasion: ['شكرًا لاختيارك {brand}.'], plain: ['شكرًا لاختيارك {brand}.'] },
      friendly: { occasion: ['سعداء دائمًا بوجودك معنا في {brand}.'], plain: ['سعداء دائمًا بوجودك معنا في {brand}.'] },
      urgent: { occasion: ['لعملائنا المميزين في {brand}:'], plain: ['لعملائنا المميزين في {brand}:'] },
      short: { occasion: ['شكرًا من {brand}:'], plain: ['شكرًا من {brand}:'] },
      question: { occasion: ['هل جرّبت جديدنا في {brand}؟'], plain: ['هل جرّبت جديدنا في {brand}؟'] },
    },
    winback: {
      direct: { occasion: ['اشتقنا إليك في {brand}.'], plain: ['اشتقنا إليك في {brand}.'] },
      friendly: {
        occasion: ['مرّ وقت منذ زيارتك الأخيرة، ونحن في {brand} بانتظارك.'],
        plain: ['مرّ وقت منذ زيارتك الأخيرة، ونحن في {brand} بانتظارك.'],
      },
      urgent: { occasion: ['عُد إلى {brand}:'], plain: ['عُد إلى {brand}:'] },
      short: { occasion: ['{brand}: اشتقنا إليك.'], plain: ['{brand}: اشتقنا إليك.'] },
      question: { occasion: ['متى نراك في {brand}؟'], plain: ['متى نراك في {brand}؟'] },
    },
    announcement: {
      direct: { occasion: ['خبر جديد من {brand}:'], plain: ['خبر جديد من {brand}:'] },
      friendly: { occasion: ['يسعدنا أن نشاركك خبرًا من {brand}:'], plain: ['يسعدنا أن نشاركك خبرًا من {brand}:'] },
      urgent: { occasion: ['مهم من {brand}:'], plain: ['مهم من {brand}:'] },
      short: { occasion: ['{brand}:'], plain: ['{brand}:'] },
      question: { occasion: ['هل سمعت آخر أخبار {brand}؟'], plain: ['هل سمعت آخر أخبار {brand}؟'] },
    },
  },
  wishLead: ['{wish} من {brand}!'],
  discount(d, product) {
    const words = discountWords(d);
    if (product.length === 0) return words;
    const joiner = d.kind === 'bogo' ? 'من' : 'على';
    return words.flatMap((w) => product.map((p) => `${w} ${joiner} ${p}`));
  },
  withOccasion: (o, core) => `${core} بمناسبة ${o.name}`,
  noDiscount({ product, productKey, isNew, offers, objective, freeDelivery }) {
    if (freeDelivery) return product.length ? product.map((p) => `توصيل مجاني على ${p}`) : ['توصيل مجاني'];
    if (product.length) {
      // a collection (التشكيلة, feminine) takes the adjective; other products: "جديدنا من …" agrees with any noun
      const fresh = (p: string) =>
        productKey === 'summer_collection' || productKey === 'winter_collection'
          ? `${p} الجديدة`
          : productKey === 'new_collection' || productKey === 'new_arrivals'
            ? p
            : `جديدنا من ${p}`;
      return product.map((p) => `اكتشف ${isNew ? fresh(p) : p}`);
    }
    if (offers) return [`${offers} بانتظارك`];
    return [
      {
        promotion: 'لدينا ما يسعدك',
        awareness: 'اكتشف ما نقدّمه لك',
        retention: 'يسعدنا أنك معنا',
        winback: 'يسعدنا أن نراك من جديد',
        announcement: 'لدينا خبر جديد لك',
      }[objective],
    ];
  },
  freeDelivery: ['، مع توصيل مجاني', ' + توصيل مجاني'],
  deadline(d: Deadline) {
    switch (d.kind) {
      case 'today':
        return ['اليوم فقط.'];
      case 'tomorrow':
        return ['ينتهي العرض غدًا.', 'حتى الغد.'];
      case 'weekend':
        return ['نهاية هذا الأسبوع فقط.', 'نهاية الأسبوع فقط.'];
      case 'week':
        return ['هذا الأسبوع فقط.'];
      case 'weekday': {
        const day = WEEKDAYS_AR[d.value ?? 5] ?? 'الجمعة';
        return [`حتى يوم ${day}.`, `حتى ${day}.`];
      }
      case 'date':
        return [`حتى ${d.value} ${MONTHS_AR[(d.month ?? 1) - 1] ?? 'يناير'}.`];
      case 'days':
        return daysWords(d.value ?? 1);
      case 'limited':
        return ['لفترة محدودة.'];
      case 'stock':
        return ['حتى نفاد الكمية.'];
    }
  },
  code: ['استخدم رمز الخصم {code}.', 'الرمز: {code}.'],
  cta: {
    promotion: ['تسوّق الآن: {link}', 'تسوّق: {link}', '{link}'],
    awareness: ['اكتشف المزيد: {link}', 'المزيد: {link}', '{link}'],
    retention: ['تفضّل بزيارتنا: {link}', '{link}'],
    winback: ['نحن بانتظارك: {link}', '{link}'],
    announcement: ['اعرف المزيد: {link}', 'التفاصيل: {link}', '{link}'],
  },
  optOut: { sms: ['لإلغاء الاشتراك أرسل STOP', 'للإلغاء أرسل STOP', 'إلغاء: STOP'], whatsapp: 'لإلغاء الاشتراك أرسل STOP' },
  button: {
    promotion: 'تسوّق الآن',
    awareness: 'اعرف المزيد',
    retention: 'تفضّل بالزيارة',
    winback: 'عُد إلينا',
    announcement: 'اعرف المزيد',
  },
  email: {
    dear: { warm: 'أهلًا {{first_name|بك}}،', formal: 'مرحبًا {{first_name|عميلنا العزيز}}،' },
    subject: {
      direct: ['{offers}: {core}', '{core}'],
      friendly: ['{core} بانتظارك', '{core}'],
      urgent: ['لا تفوّت: {core}', '{core}'],
      short: ['{brand}: {core}', '{core}'],
      question: ['هل استعددت {liOccasion}؟ {core}', '{core}'],
    },
    preheader: {
      promotion: 'لديك عرض من {brand}.',
      awareness: 'تعرّف على {brand}.',
      retention: 'شكرًا لك من {brand}.',
      winback: 'اشتقنا إليك في {brand}.',
      announcement: 'أخبار جديدة من {brand}.',
    },
    headline: {
      promotion: 'عرض خاص لك',
      awareness: 'تعرّف على {brand}',
      retention: 'شكرًا لأنك معنا',
      winback: 'اشتقنا إليك',
      announcement: 'أخبار من {brand}',
    },
    button: {
      promotion: 'تسوّق الآن',
      awareness: 'اعرف المزيد',
      retention: 'تفضّل بالزيارة',
      winback: 'عُد إلينا',
      announcement: 'اعرف المزيد',
    },
    closing: 'مع أطيب التمنيات،<br>{brand}',
    unsubscribe: 'يمكنك إلغاء الاشتراك في أي وقت عبر الرابط في نهاية هذه الرسالة.',
  },
  exampleName: 'سارة',
  comma: '،',
  sentence: (text) => text,
};
