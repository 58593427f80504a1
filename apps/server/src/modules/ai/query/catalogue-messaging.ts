/** The catalogue's messaging entities: messages (the history's filters), campaigns and credits. */
import { CAMPAIGN_STATES } from '@risala/shared/schemas/campaigns';
import { MESSAGE_STATES, MESSAGE_VIEW_NAMES } from '@risala/shared/schemas/messages';
import type { Question } from '@risala/shared/schemas/ai-query';
import type { EntityDef } from './types.ts';
import { channelField, created, dateField, EQ_OPS, enumField, nameField, STATUS_WORDS, TEXT_OPS, w } from './words.ts';

/** Rates over the messages that left (sent): the campaign report's funnel steps; `failed` is over all messages. */
export const MESSAGE_RATES = ['delivered', 'opened', 'read', 'clicked', 'failed'] as const;

const VIEW_WORDS = {
  all: w('all', 'الكل'),
  sent: w(['sent', 'sent out'], ['مرسلة', 'أرسلت']),
  rejected: w(['rejected', 'not allowed'], ['مرفوضة']),
  failed: w(['failed', 'failures', 'undelivered'], ['فاشلة', 'فشلت', 'لم تصل']),
  blocked: w(['blocked'], ['محظورة']),
  pending: w(['pending', 'scheduled'], ['معلقة', 'مجدولة']),
  queued: w(['queued'], ['في الطابور']),
  delivered: w(['delivered', 'reached'], ['مسلمة', 'وصلت', 'تم تسليمها']),
};

const one = (q: Question, field: string) => {
  const f = q.filters.find((x) => x.field === field && x.op === 'eq');
  return f && !Array.isArray(f.value) && f.value !== undefined ? String(f.value) : undefined;
};

/** /message-history with the history's own URL filters (its dates are days; a period is shown as its days). */
function historyScreen(q: Question, days?: { from: string; to: string }): string {
  const params = new URLSearchParams();
  const view = one(q, 'view');
  if (view) params.set('view', view);
  for (const key of ['channel', 'status'] as const) {
    const v = one(q, key);
    if (v) params.set(key, v);
  }
  const reason = one(q, 'reason');
  if (reason) params.set('error_code', reason);
  const campaign = one(q, 'campaign');
  if (campaign && /^\d+$/.test(campaign)) params.set('campaign', campaign);
  if (days) {
    params.set('from', days.from);
    params.set('to', days.to);
  }
  const text = params.toString();
  return `/message-history${text ? `?${text}` : ''}`;
}

export const messagesEntity: EntityDef = {
  words: w(
    ['messages', 'message', 'sends', 'texts', 'sms', 'emails', 'deliveries'],
    ['الرسائل', 'رسالة', 'رسائل', 'المرسلة', 'ارسال', 'الإرسال'],
  ),
  permission: 'message_history',
  fields: {
    channel: channelField(),
    status: enumField(w(['status', 'state'], ['الحالة']), MESSAGE_STATES, STATUS_WORDS),
    view: enumField(w(['outcome', 'result'], ['النتيجة']), MESSAGE_VIEW_NAMES, VIEW_WORDS),
    reason: {
      type: 'text',
      ops: [...EQ_OPS, 'exists', 'not_exists'],
      words: w(['failure reason', 'reason', 'error'], ['سبب الفشل', 'السبب', 'الخطأ']),
      vocabulary: 'failure_reasons',
    },
    campaign: {
      type: 'ref',
      ops: [...EQ_OPS, 'exists', 'not_exists'],
      words: w(['campaign'], ['الحملة', 'حملة']),
      vocabulary: 'campaigns',
    },
    sender: { type: 'text', ops: TEXT_OPS, words: w(['sender', 'sender id', 'from'], ['المرسل', 'اسم المرسل']), vocabulary: 'senders' },
    brand: { type: 'ref', ops: EQ_OPS, words: w(['brand'], ['العلامة التجارية']), vocabulary: 'brands' },
    template: { type: 'ref', ops: [...EQ_OPS, 'exists', 'not_exists'], words: w(['template'], ['القالب']), vocabulary: 'templates' },
    recipient: { type: 'text', ops: ['eq', 'contains'], words: w(['recipient', 'to', 'number'], ['المستلم', 'الرقم']) },
    credits: { type: 'number', ops: ['eq', 'gte', 'lte', 'between'], words: w(['credits', 'parts'], ['الرصيد المستهلك', 'الأجزاء']) },
    // the funnel's steps as filters ("how many emails were opened"): the same steps the rates count
    opened: { type: 'bool', ops: ['eq'], words: w(['opened'], ['مفتوحة']) },
    clicked: { type: 'bool', ops: ['eq'], words: w(['clicked'], ['نقر عليها']) },
    created: dateField(w(['sent', 'created', 'date'], ['أرسلت', 'التاريخ'])),
  },
  measures: ['count', 'share', 'sum', 'avg', 'rate', 'list'],
  groupings: ['channel', 'status', 'reason', 'day', 'hour', 'weekday', 'month', 'campaign', 'sender'],
  numbers: {
    credits: { words: w(['credits used', 'credits'], ['الرصيد المستهلك', 'الرصيد']), unit: 'credits' },
    parts: { words: w(['message parts', 'parts'], ['أجزاء الرسائل', 'الأجزاء']), unit: 'count' },
    cost: { words: w(['cost', 'spend'], ['التكلفة', 'الإنفاق']), unit: 'sar' },
  },
  rates: MESSAGE_RATES,
  values: {},
  sortable: ['created', 'status', 'recipient'],
  dateField: 'created',
  screen: historyScreen,
};

export const campaignsEntity: EntityDef = {
  words: w(['campaigns', 'campaign'], ['الحملات', 'حملة', 'حملات', 'الحمله']),
  permission: 'campaign',
  fields: {
    status: enumField(w(['status', 'state'], ['الحالة']), CAMPAIGN_STATES, STATUS_WORDS),
    channel: channelField(),
    brand: { type: 'ref', ops: [...EQ_OPS, 'exists', 'not_exists'], words: w(['brand'], ['العلامة التجارية']), vocabulary: 'brands' },
    name: { ...nameField(), vocabulary: 'campaigns' },
    ab_test: { type: 'bool', ops: ['eq'], words: w(['A/B test', 'ab test', 'split test'], ['اختبار A/B', 'اختبار أ/ب']) },
    ai_plan: { type: 'bool', ops: ['eq'], words: w(['from an AI plan', 'AI plan'], ['من خطة الذكاء الاصطناعي']) },
    launched: dateField(w(['launched', 'started', 'sent'], ['أطلقت', 'بدأت'])),
    created: created,
  },
  measures: ['count', 'share', 'sum', 'avg', 'rate', 'list'],
  groupings: ['status', 'channel', 'brand', 'campaign', 'month'],
  numbers: {
    targeted: { words: w(['targeted', 'audience size', 'recipients'], ['المستهدفين', 'حجم الجمهور']), unit: 'count' },
    estimated_cost: { words: w(['estimated cost', 'cost'], ['التكلفة التقديرية', 'التكلفة']), unit: 'sar' },
  },
  rates: MESSAGE_RATES,
  values: {},
  sortable: ['created', 'launched', 'name', 'status', 'delivered_rate', 'opened_rate', 'read_rate', 'clicked_rate', 'failed_rate'],
  dateField: 'created',
  screen: (q) => {
    const params = new URLSearchParams();
    const status = one(q, 'status');
    const channel = one(q, 'channel');
    if (status) params.set('status', status);
    if (channel) params.set('channel', channel);
    const text = params.toString();
    return `/campaignhistory${text ? `?${text}` : ''}`;
  },
};

export const creditsEntity: EntityDef = {
  words: w(['credits', 'credit', 'balance', 'message credits'], ['الرصيد', 'رصيد', 'الأرصدة', 'رصيدي', 'النقاط']),
  permission: 'message_history',
  fields: { channel: channelField() },
  measures: ['sum', 'value', 'list'],
  groupings: ['channel'],
  numbers: {
    balance: { words: w(['balance', 'credits left', 'remaining'], ['الرصيد المتبقي', 'المتبقي']), unit: 'credits' },
    consumed: { words: w(['consumed', 'used', 'spent'], ['المستهلك', 'المستخدم']), unit: 'credits' },
  },
  rates: [],
  values: {
    balance: { words: w(['balance', 'credits left', 'remaining'], ['الرصيد المتبقي', 'المتبقي']), unit: 'credits' },
    consumed: { words: w(['consumed', 'used', 'spent'], ['المستهلك', 'المستخدم']), unit: 'credits' },
  },
  sortable: ['channel'],
  dateField: null,
  screen: () => '/message-history',
};
