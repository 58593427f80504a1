/** The catalogue's audience entities: customers (the customers list's filters and segment fields) and groups. */
import { GROUP_STATUSES, GROUP_TYPES } from '@risala/shared/schemas/groups';
import type { Question } from '@risala/shared/schemas/ai-query';
import type { EntityDef, FieldDef } from './types.ts';
import { created, EQ_OPS, enumField, nameField, STATUS_WORDS, TEXT_OPS, w } from './words.ts';

export const LANGUAGE_WORDS = {
  ar: w(['Arabic', 'arab'], ['العربية', 'عربي', 'عرب', 'العربي']),
  en: w(['English'], ['الإنجليزية', 'انجليزي', 'الانجليزية', 'إنجليزي']),
};

const consent = (en: string, ar: string): FieldDef => ({
  type: 'bool',
  ops: ['eq'],
  words: w([`${en} consent`, `consented to ${en}`, `opted in to ${en}`], [`موافقة ${ar}`, `وافقوا على ${ar}`]),
});

const first = (q: Question, field: string, op: 'eq' | 'any' = 'eq') => {
  const f = q.filters.find((x) => x.field === field && (x.op === 'eq' || (op === 'any' && x.op === 'in')));
  const v = Array.isArray(f?.value) ? (f?.value.length === 1 ? f.value[0] : undefined) : f?.value;
  return v === undefined ? undefined : String(v);
};

/** /customer with the list's own URL filters, for those of the question the list has. */
function customersScreen(q: Question): string {
  const params = new URLSearchParams();
  const tag = first(q, 'tag');
  const country = first(q, 'country');
  const language = first(q, 'language');
  const city = first(q, 'city');
  const name = q.filters.find((f) => f.field === 'name' && f.op === 'contains')?.value;
  if (typeof name === 'string') params.set('search', name);
  if (tag) params.set('tag', tag);
  if (country) params.set('country', country.toUpperCase());
  if (language) params.set('language', language);
  if (city) params.set('city', city);
  for (const channel of ['sms', 'email', 'whatsapp'] as const) {
    const v = first(q, `consent_${channel}`);
    if (v !== undefined) {
      params.set('consent', `${channel}:${v}`);
      break;
    }
  }
  const text = params.toString();
  return `/customer${text ? `?${text}` : ''}`;
}

export const customersEntity: EntityDef = {
  words: w(
    ['customers', 'customer', 'contacts', 'contact', 'clients', 'subscribers', 'audience'],
    ['العملاء', 'عميل', 'عملاء', 'زبائن', 'زبون', 'الزبائن', 'جهات الاتصال', 'المشتركين'],
  ),
  permission: 'customer',
  fields: {
    language: {
      type: 'code',
      ops: EQ_OPS,
      words: w(['language', 'speak', 'speaks'], ['اللغة', 'لغة', 'يتحدثون']),
      valueWords: LANGUAGE_WORDS,
      vocabulary: 'languages',
    },
    city: {
      type: 'text',
      ops: TEXT_OPS,
      words: w(['city', 'live in', 'lives in', 'from'], ['المدينة', 'مدينة', 'يسكنون في', 'من']),
      vocabulary: 'cities',
    },
    country: {
      type: 'code',
      ops: TEXT_OPS.filter((o) => o !== 'contains'),
      words: w(['country'], ['الدولة', 'البلد']),
      vocabulary: 'countries',
    },
    tag: {
      type: 'tags',
      ops: ['eq', 'in', 'neq', 'not_in', 'exists', 'not_exists'],
      words: w(['tag', 'tagged', 'label'], ['وسم', 'الوسم', 'تاغ']),
      vocabulary: 'tags',
    },
    consent_sms: consent('SMS', 'الرسائل النصية'),
    consent_email: consent('email', 'البريد الإلكتروني'),
    consent_whatsapp: consent('WhatsApp', 'واتساب'),
    brand: {
      type: 'ref',
      ops: [...EQ_OPS, 'exists', 'not_exists'],
      words: w(['brand'], ['العلامة التجارية', 'البراند']),
      vocabulary: 'brands',
    },
    group: {
      type: 'ref',
      ops: EQ_OPS,
      words: w(['group', 'segment', 'in group'], ['المجموعة', 'مجموعة', 'الشريحة']),
      vocabulary: 'groups',
    },
    name: { type: 'text', ops: ['contains'], words: w(['name', 'named', 'called'], ['الاسم', 'اسمه']) },
    email: {
      type: 'text',
      ops: ['exists', 'not_exists', 'contains'],
      words: w(['email address', 'email'], ['البريد الإلكتروني', 'الإيميل']),
    },
    mobile: {
      type: 'text',
      ops: ['exists', 'not_exists', 'contains'],
      words: w(['mobile number', 'phone number', 'phone'], ['رقم الجوال', 'الجوال', 'رقم الهاتف']),
    },
    created: created,
  },
  measures: ['count', 'share', 'list'],
  groupings: ['language', 'city', 'country', 'tag', 'brand', 'day', 'weekday', 'month'],
  numbers: {},
  rates: [],
  values: {},
  sortable: ['created', 'name', 'city', 'country'],
  dateField: 'created',
  screen: customersScreen,
};

export const groupsEntity: EntityDef = {
  words: w(
    ['groups', 'group', 'segments', 'segment', 'lists', 'audiences'],
    ['المجموعات', 'مجموعة', 'مجموعات', 'الشرائح', 'شريحة', 'القوائم'],
  ),
  permission: 'customer',
  fields: {
    type: enumField(w(['type', 'kind'], ['النوع']), GROUP_TYPES, {
      static: w(['static', 'fixed list'], ['ثابتة']),
      dynamic: w(['dynamic', 'segment', 'rule-based'], ['ديناميكية', 'شريحة']),
    }),
    status: enumField(w(['status', 'state'], ['الحالة']), GROUP_STATUSES, STATUS_WORDS),
    name: nameField(),
    size: {
      type: 'number',
      ops: ['eq', 'gte', 'lte', 'between'],
      words: w(['size', 'members', 'customers in it'], ['الحجم', 'عدد الأعضاء']),
    },
    created: created,
  },
  measures: ['count', 'share', 'sum', 'avg', 'list'],
  groupings: ['type', 'status', 'month'],
  numbers: { size: { words: w(['members', 'size'], ['الأعضاء', 'الحجم']), unit: 'count' } },
  rates: [],
  values: {},
  sortable: ['created', 'name', 'size'],
  dateField: 'created',
  screen: () => '/customer/groups',
};
