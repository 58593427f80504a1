/** The catalogue's account entities: templates, WhatsApp templates, senders, brands, AI plans, notifications, the account. */
import { AI_PLAN_STATES } from '@risala/shared/schemas/ai-plans';
import { SENDER_TYPES } from '@risala/shared/schemas/senders';
import { TEMPLATE_CATEGORIES, TEMPLATE_STATUSES } from '@risala/shared/schemas/templates';
import { WA_CATEGORIES, WA_STATUSES } from '@risala/shared/schemas/whatsapp';
import { LANGUAGE_WORDS } from './catalogue-audience.ts';
import type { EntityDef } from './types.ts';
import { channelField, created, EQ_OPS, enumField, nameField, STATUS_WORDS, w } from './words.ts';

const CATEGORY_WORDS = {
  marketing: w(['marketing', 'promotional'], ['تسويقي', 'تسويقية']),
  transactional: w(['transactional'], ['معاملات']),
  otp: w(['OTP', 'one-time password', 'verification code'], ['رمز التحقق', 'OTP']),
  notification: w(['notification'], ['إشعار', 'تنبيه']),
  MARKETING: w(['marketing'], ['تسويقي']),
  UTILITY: w(['utility'], ['خدمي', 'خدمية']),
  AUTHENTICATION: w(['authentication'], ['مصادقة']),
};

export const templatesEntity: EntityDef = {
  words: w(['templates', 'template', 'message templates'], ['القوالب', 'قالب', 'قوالب', 'النماذج']),
  permission: 'template',
  fields: {
    channel: channelField(),
    status: enumField(w(['status', 'state'], ['الحالة']), TEMPLATE_STATUSES, STATUS_WORDS),
    category: enumField(w(['category'], ['الفئة']), TEMPLATE_CATEGORIES, CATEGORY_WORDS),
    brand: { type: 'ref', ops: [...EQ_OPS, 'exists', 'not_exists'], words: w(['brand'], ['العلامة التجارية']), vocabulary: 'brands' },
    name: { ...nameField(), vocabulary: 'templates' },
    created: created,
  },
  measures: ['count', 'share', 'list'],
  groupings: ['channel', 'status', 'category', 'brand', 'month'],
  numbers: {},
  rates: [],
  values: {},
  sortable: ['created', 'name', 'status'],
  dateField: 'created',
  screen: (q) => {
    const f = (field: string) => q.filters.find((x) => x.field === field && x.op === 'eq')?.value;
    const params = new URLSearchParams();
    const channel = f('channel');
    const status = f('status');
    const category = f('category');
    if (typeof channel === 'string') params.set('type', channel);
    if (typeof status === 'string') params.set('status', status);
    if (typeof category === 'string') params.set('category', category);
    const text = params.toString();
    return `/template${text ? `?${text}` : ''}`;
  },
};

export const whatsappTemplatesEntity: EntityDef = {
  words: w(['WhatsApp templates', 'whatsapp template'], ['قوالب واتساب', 'قالب واتساب', 'نماذج الواتساب']),
  permission: 'template',
  fields: {
    status: enumField(w(['status', 'state'], ['الحالة']), WA_STATUSES, STATUS_WORDS),
    category: enumField(w(['category'], ['الفئة']), WA_CATEGORIES, CATEGORY_WORDS),
    language: { type: 'code', ops: EQ_OPS, words: w(['language'], ['اللغة']), valueWords: LANGUAGE_WORDS },
    name: { ...nameField(), vocabulary: 'whatsapp_templates' },
    created: created,
  },
  measures: ['count', 'share', 'list'],
  groupings: ['status', 'category', 'language', 'month'],
  numbers: {},
  rates: [],
  values: {},
  sortable: ['created', 'name', 'status'],
  dateField: 'created',
  screen: () => '/template/whatsapp',
};

export const sendersEntity: EntityDef = {
  words: w(
    ['senders', 'sender', 'sender ids', 'sender names', 'from addresses'],
    ['المرسلين', 'مرسل', 'أسماء المرسلين', 'المرسل', 'معرفات المرسل'],
  ),
  permission: 'sender',
  fields: {
    channel: channelField(),
    status: enumField(
      w(['status', 'state'], ['الحالة']),
      ['ACTIVE', 'INACTIVE', 'WAITING_FOR_APPROVAL', 'REJECTED', 'PENDING_VERIFICATION', 'PENDING_SETUP'],
      STATUS_WORDS,
    ),
    type: enumField(w(['type'], ['النوع']), SENDER_TYPES, {
      alphanumeric: w('alphanumeric', 'أبجدي رقمي'),
      numeric: w('numeric', 'رقمي'),
      short_code: w('short code', 'رمز قصير'),
    }),
    default: { type: 'bool', ops: ['eq'], words: w(['default'], ['الافتراضي']) },
    name: { ...nameField(), vocabulary: 'senders' },
    created: created,
  },
  measures: ['count', 'share', 'list'],
  groupings: ['channel', 'status', 'type'],
  numbers: {},
  rates: [],
  values: {},
  sortable: ['created', 'name', 'channel'],
  dateField: 'created',
  screen: (q) => {
    const channel = q.filters.find((x) => x.field === 'channel' && x.op === 'eq')?.value;
    return typeof channel === 'string' ? `/sender-management/${channel}` : '/sender-management';
  },
};

export const brandsEntity: EntityDef = {
  words: w(['brands', 'brand'], ['العلامات التجارية', 'علامة تجارية', 'البراندات', 'براند']),
  permission: 'brand',
  fields: {
    name: { ...nameField(), vocabulary: 'brands' },
    industry: { type: 'text', ops: ['eq', 'contains'], words: w(['industry', 'sector'], ['القطاع', 'المجال']) },
    language: {
      type: 'code',
      ops: EQ_OPS,
      words: w(['default language', 'language'], ['اللغة الافتراضية', 'اللغة']),
      valueWords: LANGUAGE_WORDS,
    },
    created: created,
  },
  measures: ['count', 'list'],
  groupings: ['language'],
  numbers: {},
  rates: [],
  values: {},
  sortable: ['name', 'created'],
  dateField: 'created',
  screen: () => '/brand',
};

export const aiPlansEntity: EntityDef = {
  words: w(['AI plans', 'plans', 'marketing plans', 'ai plan'], ['خطط الذكاء الاصطناعي', 'الخطط', 'خطة', 'خطط تسويقية']),
  permission: 'campaign',
  fields: {
    status: enumField(w(['status', 'state'], ['الحالة']), AI_PLAN_STATES, STATUS_WORDS),
    brand: { type: 'ref', ops: [...EQ_OPS, 'exists', 'not_exists'], words: w(['brand'], ['العلامة التجارية']), vocabulary: 'brands' },
    name: nameField(),
    created: created,
  },
  measures: ['count', 'share', 'list'],
  groupings: ['status', 'brand', 'month'],
  numbers: {},
  rates: [],
  values: {},
  sortable: ['created', 'name', 'status'],
  dateField: 'created',
  screen: () => '/campaign/ai-plans',
};

export const notificationsEntity: EntityDef = {
  words: w(['notifications', 'notification', 'alerts'], ['الإشعارات', 'إشعار', 'التنبيهات']),
  permission: null,
  fields: {
    status: enumField(w(['status'], ['الحالة']), ['unread', 'read'], STATUS_WORDS),
    type: { type: 'text', ops: EQ_OPS, words: w(['type', 'kind'], ['النوع']) },
    created: created,
  },
  measures: ['count', 'share', 'list'],
  groupings: ['status', 'type', 'day'],
  numbers: {},
  rates: [],
  values: {},
  sortable: ['created'],
  dateField: 'created',
  screen: () => null,
};

export const accountEntity: EntityDef = {
  words: w(['account', 'my account', 'company'], ['الحساب', 'حسابي', 'الشركة']),
  permission: null,
  fields: {},
  measures: ['value'],
  groupings: [],
  numbers: {},
  rates: [],
  values: {
    name: { words: w(['name', 'company name'], ['الاسم', 'اسم الشركة']), unit: 'text' },
    timezone: { words: w(['time zone', 'timezone'], ['المنطقة الزمنية', 'التوقيت']), unit: 'text' },
    plan: { words: w(['plan', 'subscription'], ['الباقة', 'الاشتراك']), unit: 'text' },
    country: { words: w(['country'], ['الدولة']), unit: 'text' },
    city: { words: w(['city'], ['المدينة']), unit: 'text' },
    created: { words: w(['created', 'opened on', 'signed up'], ['تاريخ الإنشاء', 'تاريخ التسجيل']), unit: 'text' },
    users: { words: w(['users', 'team members'], ['المستخدمين', 'أعضاء الفريق']), unit: 'count' },
  },
  sortable: [],
  dateField: null,
  screen: (q) => (q.measure.of === 'users' ? '/users' : '/company'),
};
