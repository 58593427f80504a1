/**
 * The English phrase bank: plain, friendly retail English, short sentences, no slang, no claims the
 * request did not make ("free", "limited", "new" only when the marketer said so). Reviewed in
 * docs/copy-phrase-banks.md.
 */
import type { Deadline, Discount } from '@risala/shared/schemas/ai-draft';
import type { PhraseBank } from './bank.ts';
import { MONTHS_EN, WEEKDAYS_EN } from './lexicon.ts';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const SYMBOL: Record<string, string> = { SAR: 'SAR ', AED: 'AED ', USD: '$', QAR: 'QAR ', KWD: 'KWD ' };
const amount = (d: Discount) => `${SYMBOL[d.currency ?? 'SAR'] ?? `${d.currency} `}${d.value}`;

function discountWords(d: Discount): string[] {
  if (d.kind === 'bogo') return ['buy one, get one free'];
  const value = d.kind === 'percent' ? `${d.value}%` : amount(d);
  return d.up_to ? [`up to ${value} off`] : [`${value} off`];
}

export const EN: PhraseBank = {
  language: 'en',
  greeting: { warm: 'Hi {{first_name|there}},', formal: 'Dear {{first_name|customer}},' },
  whatsappGreeting: { warm: 'Hi {{1}},', formal: 'Dear {{1}},' },
  occasions: {
    ramadan: { name: 'Ramadan', offers: 'Ramadan offers', wish: 'Ramadan Kareem' },
    eid_fitr: { name: 'Eid al-Fitr', offers: 'Eid offers', wish: 'Eid Mubarak' },
    eid_adha: { name: 'Eid al-Adha', offers: 'Eid offers', wish: 'Eid Mubarak' },
    eid: { name: 'Eid', offers: 'Eid offers', wish: 'Eid Mubarak' },
    national_day: { name: 'National Day', offers: 'National Day offers', wish: 'Happy National Day' },
    founding_day: { name: 'Founding Day', offers: 'Founding Day offers', wish: 'Happy Founding Day' },
    white_friday: { name: 'White Friday', offers: 'White Friday offers', wish: null },
    black_friday: { name: 'Black Friday', offers: 'Black Friday deals', wish: null },
    mothers_day: { name: "Mother's Day", offers: "Mother's Day offers", wish: "Happy Mother's Day" },
    new_year: { name: 'the new year', offers: 'New Year offers', wish: 'Happy New Year' },
    back_to_school: { name: 'the new school year', offers: 'back-to-school offers', wish: null },
    summer: { name: 'summer', offers: 'summer offers', wish: null },
    winter: { name: 'winter', offers: 'winter offers', wish: null },
    weekend: { name: 'the weekend', offers: 'weekend offers', wish: null },
  },
  leads: {
    promotion: {
      direct: { occasion: ['{Offers} at {brand}:'], plain: ['{brand}:'] },
      friendly: { occasion: ['{brand} picked these {offers} for you:'], plain: ['{brand} picked this for you:'] },
      urgent: { occasion: ["Don't miss {offers} at {brand}:"], plain: ["Don't miss this at {brand}:"] },
      short: { occasion: ['{brand}:'], plain: ['{brand}:'] },
      question: { occasion: ['Ready for {occasion}? {brand} has you covered:'], plain: ['Looking for something special? {brand}:'] },
    },
    awareness: {
      direct: { occasion: ['Meet {brand}:'], plain: ['Meet {brand}:'] },
      friendly: { occasion: ["We'd love you to get to know {brand}:"], plain: ["We'd love you to get to know {brand}:"] },
      urgent: { occasion: ['New at {brand}:'], plain: ['New at {brand}:'] },
      short: { occasion: ['{brand}:'], plain: ['{brand}:'] },
      question: { occasion: ['Have you discovered {brand} yet?'], plain: ['Have you discovered {brand} yet?'] },
    },
    retention: {
      direct: { occasion: ['Thank you for choosing {brand}.'], plain: ['Thank you for choosing {brand}.'] },
      friendly: { occasion: ["It's always good to see you at {brand}."], plain: ["It's always good to see you at {brand}."] },
      urgent: { occasion: ['For our valued customers at {brand}:'], plain: ['For our valued customers at {brand}:'] },
      short: { occasion: ['{brand} thanks you:'], plain: ['{brand} thanks you:'] },
      question: { occasion: ['Shall we keep it going at {brand}?'], plain: ['Shall we keep it going at {brand}?'] },
    },
    winback: {
      direct: { occasion: ['We miss you at {brand}.'], plain: ['We miss you at {brand}.'] },
      friendly: { occasion: ["It's been a while! {brand} saved this for you:"], plain: ["It's been a while! {brand} saved this for you:"] },
      urgent: { occasion: ['Come back to {brand}:'], plain: ['Come back to {brand}:'] },
      short: { occasion: ['{brand} misses you:'], plain: ['{brand} misses you:'] },
      question: { occasion: ['Coming back soon to {brand}?'], plain: ['Coming back soon to {brand}?'] },
    },
    announcement: {
      direct: { occasion: ['News from {brand}:'], plain: ['News from {brand}:'] },
      friendly: { occasion: ['We have news to share at {brand}:'], plain: ['We have news to share at {brand}:'] },
      urgent: { occasion: ['Important from {brand}:'], plain: ['Important from {brand}:'] },
      short: { occasion: ['{brand}:'], plain: ['{brand}:'] },
      question: { occasion: ['Did you know? {brand}:'], plain: ['Did you know? {brand}:'] },
    },
  },
  wishLead: ['{wish} from {brand}!'],
  discount(d, product) {
    const words = discountWords(d);
    if (product.length === 0) return words;
    if (d.kind === 'bogo') return product.map((p) => `${words[0]} on ${p}`);
    return product.map((p) => `${words[0]} ${p}`);
  },
  withOccasion: (o, core) => `${core} for ${o.name}`,
  noDiscount({ product, isNew, offers, objective, freeDelivery }) {
    if (freeDelivery) return product.length ? product.map((p) => `free delivery on ${p}`) : ['free delivery'];
    const fresh = (p: string) => (/\bnew\b/.test(p) ? p : p.startsWith('our ') ? `our new ${p.slice(4)}` : `our new ${p}`);
    if (product.length) return product.map((p) => `discover ${isNew ? fresh(p) : p}`);
    if (offers) return [`our ${offers} are waiting for you`];
    return [
      {
        promotion: 'something special is waiting for you',
        awareness: 'discover what we have for you',
        retention: "we're glad to have you with us",
        winback: "we'd love to see you again",
        announcement: 'we have news for you',
      }[objective],
    ];
  },
  freeDelivery: [', plus free delivery', ' + free delivery'],
  deadline(d: Deadline) {
    switch (d.kind) {
      case 'today':
        return ['Today only.'];
      case 'tomorrow':
        return ['Ends tomorrow.'];
      case 'weekend':
        return ['This weekend only.', 'Weekend only.'];
      case 'week':
        return ['This week only.'];
      case 'weekday': {
        const day = cap(WEEKDAYS_EN[d.value ?? 0] ?? 'friday');
        return [`Until ${day}.`, `Until ${day.slice(0, 3)}.`];
      }
      case 'date': {
        const month = cap(MONTHS_EN[(d.month ?? 1) - 1] ?? 'january');
        return [`Until ${d.value} ${month}.`, `Until ${d.value} ${month.slice(0, 3)}.`];
      }
      case 'days':
        return d.value === 1 ? ['One day only.'] : [`For ${d.value} days only.`, `${d.value} days only.`];
      case 'limited':
        return ['For a limited time.', 'Limited time.'];
      case 'stock':
        return ['While stocks last.'];
    }
  },
  code: ['Use code {code} at checkout.', 'Use code {code}.', 'Code: {code}.'],
  cta: {
    promotion: ['Shop now: {link}', 'Shop: {link}', '{link}'],
    awareness: ['Discover more: {link}', 'More: {link}', '{link}'],
    retention: ['See it here: {link}', 'More: {link}', '{link}'],
    winback: ['Come back: {link}', 'More: {link}', '{link}'],
    announcement: ['Learn more: {link}', 'More: {link}', '{link}'],
  },
  optOut: { sms: ['Reply STOP to opt out.', 'STOP to opt out'], whatsapp: 'Reply STOP to unsubscribe.' },
  button: { promotion: 'Shop now', awareness: 'Find out more', retention: 'See it', winback: 'Come back', announcement: 'Learn more' },
  email: {
    dear: { warm: 'Hi {{first_name|there}},', formal: 'Dear {{first_name|customer}},' },
    subject: {
      direct: ['{Offers}: {core}', '{core}'],
      friendly: ['{core}, picked for you', '{core}'],
      urgent: ["Don't miss it: {core}", '{core}'],
      short: ['{brand}: {core}', '{core}'],
      question: ['Ready for {occasion}? {core}', '{core}'],
    },
    preheader: {
      promotion: '{brand} has an offer for you.',
      awareness: 'Get to know {brand}.',
      retention: 'A thank-you from {brand}.',
      winback: '{brand} saved something for you.',
      announcement: 'News from {brand}.',
    },
    headline: {
      promotion: 'An offer for you',
      awareness: 'Meet {brand}',
      retention: 'Thank you for being with us',
      winback: 'We miss you',
      announcement: 'News from {brand}',
    },
    button: { promotion: 'Shop now', awareness: 'Find out more', retention: 'See it', winback: 'Come back', announcement: 'Learn more' },
    closing: 'With best wishes,<br>{brand}',
    unsubscribe: 'You can unsubscribe at any time with the link at the end of this email.',
  },
  exampleName: 'Sara',
  comma: ',',
  sentence: (text, afterColon) => (afterColon ? text.charAt(0).toLowerCase() + text.slice(1) : cap(text)),
};
