/**
 * The parser's Arabic development set: Modern Standard Arabic and the dialect words marketers type
 * (Gulf وش/ابغى, Levantine شو/قديش/بيحكوا, Egyptian كام/عايز), spellings without hamza, Arabic-Indic
 * digits and typos — each with the whole typed question it must become, or the honest outcome.
 */
import { describe, expect, it } from 'vitest';
import { type Expect, f, parse, Q, shown } from './parse-fixtures.ts';

const cases: [string, Expect][] = [
  // customers
  ['عدد عملائنا في جدة كم؟', Q('customers', 'count', [f('city', 'eq', 'Jeddah')])],
  ['كم عدد العملاء اللي يتكلمون عربي؟', Q('customers', 'count', [f('language', 'eq', 'ar')])],
  ['وش عدد زبائني في الرياض؟', Q('customers', 'count', [f('city', 'eq', 'Riyadh')])],
  ['كام عميل عندي في دبي؟', Q('customers', 'count', [f('city', 'eq', 'Dubai')])],
  ['قديش عدد الزباين اللي بيحكوا انجليزي؟', Q('customers', 'count', [f('language', 'eq', 'en')])],
  ['ما نسبة العملاء الذين وافقوا على الرسائل النصية؟', Q('customers', { kind: 'share', where: [f('consent_sms', 'eq', true)] })],
  ['كم عميل ما عنده بريد إلكتروني؟', Q('customers', 'count', [f('email', 'not_exists')])],
  ['كم عميل عليه وسم vip؟', Q('customers', 'count', [f('tag', 'eq', 'vip')])],
  ['كم مشترك في النشرة البريدية؟', Q('customers', 'count', [f('tag', 'eq', 'newsletter')])],
  ['العملاء حسب المدينة', Q('customers', 'count', [], { group_by: 'city' })],
  ['وزع العملاء حسب اللغة', Q('customers', 'count', [], { group_by: 'language' })],
  ['أي مدينة فيها أكثر عملاء؟', Q('customers', 'count', [], { group_by: 'city', rank: { n: 1, order: 'desc' } })],
  ['كم عميل انضم هذا الشهر؟', Q('customers', 'count', [], { period: { preset: 'this_month' } })],
  ['كم عميلا في الرياض وجدة؟', Q('customers', 'count', [f('city', 'in', ['Riyadh', 'Jeddah'])])],
  ['كم عميلاً في المملكة؟', Q('customers', 'count', [f('country', 'eq', 'SA')])],
  ['كم عميل من الإمارات؟', Q('customers', 'count', [f('country', 'eq', 'AE')])],
  ['عملائي في الرياض اللي عندهم ايميل', Q('customers', 'count', [f('city', 'eq', 'Riyadh'), f('email', 'exists')])],
  ['كم عميل في جده ما وافق على الواتساب', Q('customers', 'count', [f('city', 'eq', 'Jeddah'), f('consent_whatsapp', 'eq', false)])],
  ['لعملائنا في الدمام كم عددهم', Q('customers', 'count', [f('city', 'eq', 'Dammam')])],
  ['كم عميل في مجموعة Demo customers؟', Q('customers', 'count', [f('group', 'eq', 'Demo customers')])],
  ['كم عضو في مجموعة Demo customers؟', Q('customers', 'count', [f('group', 'eq', 'Demo customers')])],
  [
    'نسبة العملاء في دبي اللي يتكلمون انجليزي',
    Q('customers', { kind: 'share', where: [f('language', 'eq', 'en')] }, [f('city', 'eq', 'Dubai')]),
  ],
  // groups
  ['كم مجموعة عندي؟', Q('groups', 'count')],
  ['ما أكبر مجموعة؟', Q('groups', 'list', [], { sort: 'size', rank: { n: 1, order: 'desc' } })],
  ['اعرض الشرائح', Q('groups', 'list')],
  // messages
  ['كم رسالة أرسلت أمس؟', Q('messages', 'count', [], { period: { preset: 'yesterday' } })],
  [
    'كم رسالة نصية فشلت الأسبوع الماضي؟',
    Q('messages', 'count', [f('channel', 'eq', 'sms'), f('view', 'eq', 'failed')], { period: { preset: 'last_week' } }),
  ],
  [
    'ما نسبة التسليم للرسائل النصية الشهر الماضي؟',
    Q('messages', { kind: 'rate', of: 'delivered' }, [f('channel', 'eq', 'sms')], { period: { preset: 'last_month' } }),
  ],
  [
    'كم رسالة واتساب وصلت هذا الأسبوع؟',
    Q('messages', 'count', [f('channel', 'eq', 'whatsapp'), f('view', 'eq', 'delivered')], { period: { preset: 'this_week' } }),
  ],
  ['ما أفضل وقت لإرسال الرسائل؟', Q('messages', { kind: 'rate', of: 'opened' }, [], { group_by: 'hour' })],
  ['متى أرسل رسائل الواتساب؟', Q('messages', { kind: 'rate', of: 'read' }, [f('channel', 'eq', 'whatsapp')], { group_by: 'hour' })],
  [
    'أي يوم في الأسبوع أفضل للإيميلات؟',
    Q('messages', { kind: 'rate', of: 'opened' }, [f('channel', 'eq', 'email')], { group_by: 'weekday' }),
  ],
  ['لماذا فشلت الرسائل؟', Q('messages', 'count', [f('view', 'eq', 'failed')], { group_by: 'reason' })],
  ['ليش الرسايل ما وصلت؟', Q('messages', 'count', [f('view', 'eq', 'failed')], { group_by: 'reason' })],
  ['الرسائل حسب القناة هذا الشهر', Q('messages', 'count', [], { group_by: 'channel', period: { preset: 'this_month' } })],
  ['كم رسالة أرسلت بين 1 نوفمبر و 15 نوفمبر؟', Q('messages', 'count', [], { period: { from: '2026-11-01', to: '2026-11-15' } })],
  ['كم رسالة أرسلت في آخر ٧ أيام؟', Q('messages', 'count', [], { period: { preset: 'last_7_days' } })],
  ['كم رسالة أرسلت منذ ١/١١/٢٠٢٦؟', Q('messages', 'count', [], { period: { from: '2026-11-01', to: '2026-12-07' } })],
  [
    'كم ايميل ارسلت في شهر مارس',
    Q('messages', 'count', [f('channel', 'eq', 'email')], { period: { from: '2026-03-01', to: '2026-03-31' } }),
  ],
  ['شو عدد المسجات اللي انبعتت اليوم؟', Q('messages', 'count', [], { period: { preset: 'today' } })],
  ['عدد الرسائل المحظورة', Q('messages', 'count', [f('view', 'eq', 'blocked')])],
  ['كم كلفتني الرسائل الشهر الماضي', Q('messages', { kind: 'sum', of: 'cost' }, [], { period: { preset: 'last_month' } })],
  ['كم استهلكت من الرصيد هذا الشهر؟', Q('messages', { kind: 'sum', of: 'credits' }, [], { period: { preset: 'this_month' } })],
  // campaigns
  ['كم حملة قيد التشغيل؟', Q('campaigns', 'count', [f('status', 'eq', 'RUNNING')])],
  ['ما نتائج حملتي الأخيرة؟', Q('campaigns', 'list', [], { sort: 'launched', rank: { n: 1, order: 'desc' } })],
  [
    'كيف كانت حملة Weekend offer؟',
    Q('campaigns', 'list', [f('name', 'eq', 'Weekend offer')], { sort: 'launched', rank: { n: 1, order: 'desc' } }),
  ],
  ['أفضل 3 حملات حسب نسبة النقر', Q('campaigns', 'list', [], { sort: 'clicked_rate', rank: { n: 3, order: 'desc' } })],
  ['أي حملة لديها أعلى نسبة فتح؟', Q('campaigns', 'list', [], { sort: 'opened_rate', rank: { n: 1, order: 'desc' } })],
  ['كم حملة مجدولة؟', Q('campaigns', 'count', [f('status', 'eq', 'SCHEDULED')])],
  // templates, senders, brands, credits, plans, notifications, account
  ['كم قالب بانتظار المراجعة؟', Q('templates', 'count', [f('status', 'eq', 'PENDING_REVIEW')])],
  ['القوالب حسب الحالة', Q('templates', 'count', [], { group_by: 'status' })],
  ['كم قالب واتساب معتمد؟', Q('whatsapp_templates', 'count', [f('status', 'eq', 'APPROVED')])],
  ['اعرض أسماء المرسلين', Q('senders', 'list')],
  ['كم مرسل بريد نشط؟', Q('senders', 'count', [f('channel', 'eq', 'email'), f('status', 'eq', 'ACTIVE')])],
  ['كم علامة تجارية لدي؟', Q('brands', 'count')],
  ['كم رصيدي المتبقي من الرسائل النصية؟', Q('credits', { kind: 'value', of: 'balance' }, [f('channel', 'eq', 'sms')])],
  ['ما رصيد الواتساب؟', Q('credits', { kind: 'value', of: 'balance' }, [f('channel', 'eq', 'whatsapp')])],
  ['كم خطة بانتظار الموافقة؟', Q('ai_plans', 'count', [f('status', 'eq', 'PENDING_APPROVAL')])],
  ['كم إشعار غير مقروء عندي؟', Q('notifications', 'count', [f('status', 'eq', 'unread')])],
  ['ما المنطقة الزمنية لحسابي؟', Q('account', { kind: 'value', of: 'timezone' })],
  ['ما باقتي الحالية؟', Q('account', { kind: 'value', of: 'plan' })],
  // typos and spellings without hamza
  ['عملاء جده كم عددهم', Q('customers', 'count', [f('city', 'eq', 'Jeddah')])],
  ['كم العملااء في الرياض', Q('customers', 'count', [f('city', 'eq', 'Riyadh')])],
  ['اكثر مدينه فيها عملاء', Q('customers', 'count', [], { group_by: 'city', rank: { n: 1, order: 'desc' } })],
  // what it cannot answer
  ['كم عميل سيشتري الشهر القادم؟', { kind: 'cannot', unsupported: 'prediction' }],
  ['كم إيراداتي هذا الشهر؟', { kind: 'cannot', unsupported: 'revenue' }],
  ['كم عميل عمره فوق 30؟', { kind: 'cannot', unsupported: 'age' }],
  ['ما عدد العملاء الذهبيين؟', { kind: 'cannot', unsupported: 'tier' }],
  ['كم عميل في باريس؟', { kind: 'cannot', unplaced: ['باريس'] }],
  ['كم عميل اشترى عباية؟', { kind: 'cannot', unsupported: 'purchases' }],
  // requests to act, drafts, how-to, greetings
  ['أرسل رسالة لكل عملاء جدة', { kind: 'refuse_action', verb: 'send' }],
  ['امسح لي مجموعة Demo customers من فضلك', { kind: 'refuse_action', verb: 'delete' }],
  ['وافق على القوالب المعلقة', { kind: 'refuse_action', verb: 'approve' }],
  ['اكتب رسالة واتساب لعيد الفطر', { kind: 'draft', what: 'template', channel: 'whatsapp' }],
  [
    'أنشئ حملة رسائل نصية لمجموعة Demo customers غدا الساعة 10',
    { kind: 'draft', what: 'campaign', channel: 'sms', group: 'Demo customers' },
  ],
  ['كيف أضيف اسم مرسل؟', { kind: 'help' }],
  ['مرحبا', { kind: 'greeting', capabilities: false }],
  ['ماذا تستطيع أن تفعل؟', { kind: 'greeting', capabilities: true }],
];

describe('parseQuestion, Arabic', () => {
  it.each(cases)('%s', (text, expected) => {
    const got = parse(text);
    if ('entity' in expected) expect(shown(got)).toEqual(expected);
    else expect(got).toMatchObject(expected);
  });
});
