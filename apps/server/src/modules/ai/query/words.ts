/** Words shared by several entities of the catalogue: channels, common states, ops and periods. */
import type { PeriodPreset, QueryGrouping, QueryMeasureKind, QueryOp } from '@risala/shared/schemas/ai-query';
import type { FieldDef, Words } from './types.ts';

export const w = (en: string | readonly string[], ar: string | readonly string[]): Words => ({
  en: typeof en === 'string' ? [en] : en,
  ar: typeof ar === 'string' ? [ar] : ar,
});

export const CHANNEL_WORDS: Record<string, Words> = {
  sms: w(['SMS', 'text message', 'text'], ['SMS', 'رسائل نصية', 'الرسائل القصيرة', 'نصية']),
  email: w(['email', 'e-mail', 'mail'], ['البريد الإلكتروني', 'إيميل', 'ايميل', 'بريد']),
  whatsapp: w(['WhatsApp', 'whatsapp', 'wa'], ['واتساب', 'واتس اب', 'الواتساب']),
};

export const EQ_OPS: readonly QueryOp[] = ['eq', 'neq', 'in', 'not_in'];
export const TEXT_OPS: readonly QueryOp[] = ['eq', 'neq', 'in', 'not_in', 'contains', 'exists', 'not_exists'];
export const DATE_OPS: readonly QueryOp[] = ['gte', 'lte', 'between'];
export const NUMBER_OPS: readonly QueryOp[] = ['eq', 'gte', 'lte', 'between'];

export const channelField = (words: Words = w(['channel'], ['القناة'])): FieldDef => ({
  type: 'enum',
  ops: EQ_OPS,
  words,
  values: ['sms', 'email', 'whatsapp'],
  valueWords: CHANNEL_WORDS,
});

export const enumField = (words: Words, values: readonly string[], valueWords: Record<string, Words> = {}): FieldDef => ({
  type: 'enum',
  ops: EQ_OPS,
  words,
  values,
  valueWords,
});

export const dateField = (words: Words): FieldDef => ({ type: 'date', ops: DATE_OPS, words });

export const nameField = (words: Words = w(['name'], ['الاسم'])): FieldDef => ({
  type: 'text',
  ops: ['eq', 'contains'],
  words,
});

export const created = dateField(w(['created', 'added', 'created on'], ['تاريخ الإنشاء', 'أضيف', 'أنشئ']));

/** Statuses several lists share, by their stored names. */
export const STATUS_WORDS: Record<string, Words> = {
  DRAFT: w(['draft'], ['مسودة']),
  ACTIVE: w(['active'], ['نشط', 'فعال']),
  INACTIVE: w(['inactive'], ['غير نشط', 'معطل']),
  APPROVED: w(['approved'], ['معتمد', 'موافق عليه']),
  REJECTED: w(['rejected'], ['مرفوض']),
  PENDING: w(['pending'], ['قيد الانتظار', 'معلق']),
  PENDING_REVIEW: w(['pending review', 'waiting for review', 'in review'], ['بانتظار المراجعة', 'قيد المراجعة']),
  PENDING_APPROVAL: w(['pending approval', 'waiting for approval'], ['بانتظار الموافقة']),
  WAITING_FOR_APPROVAL: w(['waiting for approval', 'pending approval'], ['بانتظار الموافقة']),
  PENDING_VERIFICATION: w(['pending verification', 'unverified'], ['بانتظار التحقق']),
  PENDING_SETUP: w(['pending setup'], ['بانتظار الإعداد']),
  PAUSED: w(['paused'], ['متوقف مؤقتا']),
  DISABLED: w(['disabled'], ['معطل']),
  APPLIED: w(['applied'], ['مطبق']),
  SCHEDULED: w(['scheduled'], ['مجدول']),
  RUNNING: w(['running', 'live', 'in progress'], ['قيد التشغيل', 'جارية']),
  COMPLETED: w(['completed', 'finished', 'done'], ['مكتمل', 'منتهية']),
  COMPLETED_WITH_ERRORS: w(['completed with errors'], ['مكتمل مع أخطاء']),
  CANCELED: w(['canceled', 'cancelled'], ['ملغى', 'ملغاة']),
  CANCELLED: w(['cancelled', 'canceled'], ['ملغى', 'ملغاة']),
  QUEUED: w(['queued'], ['في الطابور', 'في قائمة الانتظار']),
  SENT: w(['sent'], ['مرسل', 'مرسلة']),
  ACCEPTED: w(['accepted'], ['مقبول']),
  DELIVERED: w(['delivered'], ['تم التسليم', 'مسلمة', 'وصلت']),
  READ: w(['read', 'opened'], ['مقروءة', 'تمت قراءتها']),
  FAILED: w(['failed'], ['فشلت', 'فاشلة']),
  BLOCKED: w(['blocked'], ['محظورة']),
  NOT_ALLOWED: w(['not allowed', 'rejected'], ['غير مسموح']),
  PARTIALLY_SENT: w(['partially sent'], ['أرسلت جزئيا']),
  PARTIALLY_DELIVERED: w(['partially delivered'], ['سلمت جزئيا']),
  unread: w(['unread'], ['غير مقروء']),
  read: w(['read'], ['مقروء']),
};

export const MEASURE_WORDS: Record<QueryMeasureKind, Words> = {
  count: w(['count', 'how many', 'number of'], ['العدد', 'كم', 'عدد']),
  share: w(['share', 'percentage', 'what share', 'proportion'], ['النسبة', 'نسبة', 'كم بالمئة']),
  sum: w(['total', 'sum'], ['المجموع', 'إجمالي']),
  avg: w(['average', 'mean'], ['المتوسط', 'معدل']),
  rate: w(['rate'], ['معدل', 'نسبة']),
  list: w(['list', 'which', 'show'], ['القائمة', 'أي', 'اعرض']),
  value: w(['value', 'what is'], ['القيمة', 'ما هو']),
};

export const GROUPING_WORDS: Record<QueryGrouping, Words> = {
  channel: w(['by channel', 'per channel'], ['حسب القناة']),
  status: w(['by status', 'per status'], ['حسب الحالة']),
  reason: w(['by reason', 'per failure reason'], ['حسب السبب']),
  day: w(['by day', 'per day', 'daily'], ['حسب اليوم', 'يوميا']),
  hour: w(['by hour', 'per hour', 'hourly'], ['حسب الساعة']),
  weekday: w(['by weekday', 'per day of the week'], ['حسب يوم الأسبوع']),
  month: w(['by month', 'per month', 'monthly'], ['حسب الشهر', 'شهريا']),
  campaign: w(['by campaign', 'per campaign'], ['حسب الحملة']),
  sender: w(['by sender', 'per sender'], ['حسب المرسل']),
  brand: w(['by brand', 'per brand'], ['حسب العلامة التجارية']),
  city: w(['by city', 'per city'], ['حسب المدينة']),
  country: w(['by country', 'per country'], ['حسب الدولة']),
  language: w(['by language', 'per language'], ['حسب اللغة']),
  tag: w(['by tag', 'per tag'], ['حسب الوسم']),
  type: w(['by type', 'per type'], ['حسب النوع']),
  category: w(['by category', 'per category'], ['حسب الفئة']),
};

export const PERIOD_WORDS: Record<PeriodPreset, Words> = {
  today: w(['today'], ['اليوم']),
  yesterday: w(['yesterday'], ['أمس', 'امبارح', 'البارحة']),
  this_week: w(['this week'], ['هذا الأسبوع']),
  last_week: w(['last week'], ['الأسبوع الماضي']),
  last_7_days: w(['last 7 days', 'past week'], ['آخر 7 أيام']),
  this_month: w(['this month'], ['هذا الشهر']),
  last_month: w(['last month'], ['الشهر الماضي']),
  last_30_days: w(['last 30 days', 'past month'], ['آخر 30 يوما']),
  last_90_days: w(['last 90 days', 'last 3 months'], ['آخر 90 يوما']),
  this_year: w(['this year'], ['هذه السنة', 'هذا العام']),
};

/** How ops read in a described question (symbols in both languages, words where a symbol would not do). */
export const OP_WORDS: Record<QueryOp, Words> = {
  eq: w('=', '='),
  neq: w('≠', '≠'),
  in: w('in', 'ضمن'),
  not_in: w('not in', 'ليس ضمن'),
  gte: w('≥', '≥'),
  lte: w('≤', '≤'),
  between: w('between', 'بين'),
  contains: w('contains', 'يحتوي'),
  exists: w('is set', 'موجود'),
  not_exists: w('is not set', 'غير موجود'),
};

export const RATE_WORDS: Record<string, Words> = {
  delivered: w(['delivery rate', 'delivered rate'], ['نسبة التسليم', 'معدل التسليم']),
  opened: w(['open rate', 'opened rate'], ['نسبة الفتح', 'معدل الفتح']),
  read: w(['read rate'], ['نسبة القراءة', 'معدل القراءة']),
  clicked: w(['click rate', 'click-through rate', 'CTR'], ['نسبة النقر', 'معدل النقر']),
  failed: w(['failure rate', 'failed rate'], ['نسبة الفشل', 'معدل الفشل']),
};

export const YES_NO: Record<'true' | 'false', Words> = { true: w('yes', 'نعم'), false: w('no', 'لا') };
