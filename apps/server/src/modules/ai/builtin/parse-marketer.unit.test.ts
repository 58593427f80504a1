/**
 * The parser's third development set, written as a marketer who sees only the screens would ask:
 * every entity, measure, filter and grouping of the query catalogue, in English and in Arabic (Gulf,
 * Egyptian and Levantine words, typos, Arabic-Indic digits), with the whole typed question each must
 * become — or the honest outcome when it cannot be one (never a broader figure). The account here
 * has a group whose name is English inside an Arabic question ("VIP Riyadh") and a group whose name
 * contains "SMS", which the word SMS alone must not pull in. Filters compare as a set: their order
 * in the question is not part of its meaning.
 */
import type { QueryFilter, Question } from '@risala/shared/schemas/ai-query';
import { describe, expect, it } from 'vitest';
import { questionLanguage } from '../language.ts';
import type { Vocabulary } from '../query/index.ts';
import { CLOCK, DEMO_VOCABULARY, type Expect, f, Q } from './parse-fixtures.ts';
import { type ParseOutcome, parseQuestion } from './parse.ts';

const VOCABULARY: Vocabulary = {
  ...DEMO_VOCABULARY,
  groups: [...DEMO_VOCABULARY.groups, 'VIP Riyadh'],
  campaigns: [...DEMO_VOCABULARY.campaigns, 'Black Friday'],
};

const parse = (text: string): ParseOutcome => parseQuestion(text, /[\u0600-\u06FF]/.test(text) ? 'ar' : 'en', VOCABULARY, CLOCK);

const key = (x: QueryFilter) => `${x.field}:${x.op}:${JSON.stringify(x.value)}`;
/** The outcome with its filters (and a share's condition) in one order, so only their set counts. */
function canonical(outcome: ParseOutcome): unknown {
  if (outcome.kind !== 'query') return outcome;
  const q = outcome.question;
  const sorted = (xs: QueryFilter[]) => [...xs].sort((a, b) => key(a).localeCompare(key(b)));
  return {
    ...q,
    filters: sorted(q.filters),
    measure: q.measure.where ? { ...q.measure, where: sorted(q.measure.where) } : q.measure,
  };
}

const NOV_1_15 = { period: { from: '2026-11-01', to: '2026-11-15' } };
const failedReasons = (channel?: string, extra = {}) =>
  Q('messages', 'count', [...(channel ? [f('channel', 'eq', channel)] : []), f('view', 'eq', 'failed')], { group_by: 'reason', ...extra });
const balance = (channel?: string) =>
  channel
    ? Q('credits', { kind: 'value', of: 'balance' }, [f('channel', 'eq', channel)])
    : Q('credits', { kind: 'value', of: 'balance' }, [], { group_by: 'channel' });
const bestCampaign = (sort: string, extra = {}) => Q('campaigns', 'list', [], { rank: { n: 1, order: 'desc' }, sort, ...extra });

const english: [string, Expect][] = [
  // customers
  ['How many of my customers speak English?', Q('customers', 'count', [f('language', 'eq', 'en')])],
  ['how many clients in Dammam speak arabic', Q('customers', 'count', [f('city', 'eq', 'Dammam'), f('language', 'eq', 'ar')])],
  ['customers tagged newsletter in Jeddah', Q('customers', 'count', [f('tag', 'eq', 'newsletter'), f('city', 'eq', 'Jeddah')])],
  ['number of customers from Saudi Arabia', Q('customers', 'count', [f('country', 'eq', 'SA')])],
  ['How many customers have an email address?', Q('customers', 'count', [f('email', 'exists')])],
  ['How many customers have no mobile number?', Q('customers', 'count', [f('mobile', 'not_exists')])],
  ['how many customers accept email', Q('customers', 'count', [f('consent_email', 'eq', true)])],
  ['How many customers accept SMS?', Q('customers', 'count', [f('consent_sms', 'eq', true)])],
  ['How many customers opted out of email?', Q('customers', 'count', [f('consent_email', 'eq', false)])],
  ['Which customers live in Dubai?', Q('customers', 'list', [f('city', 'eq', 'Dubai')])],
  ['customers by city', Q('customers', 'count', [], { group_by: 'city' })],
  ['customers per tag', Q('customers', 'count', [], { group_by: 'tag' })],
  ['How many customers joined yesterday?', Q('customers', 'count', [], { period: { preset: 'yesterday' } })],
  ['How many customers were added between 1 and 15 Nov?', Q('customers', 'count', [], NOV_1_15)],
  ['how many customers are in the VIP Riyadh group', Q('customers', 'count', [f('group', 'eq', 'VIP Riyadh')])],
  ['How many people are in Riyadh SMS subscribers?', Q('customers', 'count', [f('group', 'eq', 'Riyadh SMS subscribers')])],
  ['What share of customers accept SMS?', Q('customers', { kind: 'share', where: [f('consent_sms', 'eq', true)] })],
  ['what percentage of my customers are tagged vip', Q('customers', { kind: 'share', where: [f('tag', 'eq', 'vip')] })],
  [
    'customers who speak arabic and accept whatsapp',
    Q('customers', 'count', [f('language', 'eq', 'ar'), f('consent_whatsapp', 'eq', true)]),
  ],
  ['how many customers in riyadh have no email', Q('customers', 'count', [f('city', 'eq', 'Riyadh'), f('email', 'not_exists')])],
  ['how many customers are in the UAE and speak English', Q('customers', 'count', [f('country', 'eq', 'AE'), f('language', 'eq', 'en')])],
  ['How many customers bought something last month?', { kind: 'cannot' }],
  ['What is the average age of my customers?', { kind: 'cannot', unsupported: 'age' }],
  ['how many loyal customers do I have', { kind: 'cannot' }],
  ['How many customers speak French?', { kind: 'cannot' }],
  ['how many customers live in Cairo', { kind: 'cannot', unplaced: expect.arrayContaining(['Cairo']) }],
  // groups
  ['How many segments do I have?', Q('groups', 'count')],
  ['list my groups', Q('groups', 'list')],
  ['How many static groups are there?', Q('groups', 'count', [f('type', 'eq', 'static')])],
  ['which segment is the smallest', Q('groups', 'list', [], { sort: 'size', rank: { n: 1, order: 'asc' } })],
  ['How many active groups?', Q('groups', 'count', [f('status', 'eq', 'ACTIVE')])],
  // messages
  ['How many SMS did I send last week?', Q('messages', 'count', [f('channel', 'eq', 'sms')], { period: { preset: 'last_week' } })],
  ['how many emails went out today', Q('messages', 'count', [f('channel', 'eq', 'email')], { period: { preset: 'today' } })],
  [
    'how many WhatsApp messages were delivered this month',
    Q('messages', 'count', [f('channel', 'eq', 'whatsapp'), f('view', 'eq', 'delivered')], { period: { preset: 'this_month' } }),
  ],
  ['How many messages failed today?', Q('messages', 'count', [f('view', 'eq', 'failed')], { period: { preset: 'today' } })],
  ['messages by status', Q('messages', 'count', [], { group_by: 'status' })],
  ['How many messages per channel last week?', Q('messages', 'count', [], { group_by: 'channel', period: { preset: 'last_week' } })],
  ['messages sent per hour yesterday', Q('messages', 'count', [], { group_by: 'hour', period: { preset: 'yesterday' } })],
  [
    'What was my email click rate last week?',
    Q('messages', { kind: 'rate', of: 'clicked' }, [f('channel', 'eq', 'email')], { period: { preset: 'last_week' } }),
  ],
  [
    'WhatsApp read rate this month',
    Q('messages', { kind: 'rate', of: 'read' }, [f('channel', 'eq', 'whatsapp')], { period: { preset: 'this_month' } }),
  ],
  ['what is my failure rate', Q('messages', { kind: 'rate', of: 'failed' })],
  ['delivery rate by channel', Q('messages', { kind: 'rate', of: 'delivered' }, [], { group_by: 'channel' })],
  ['which errors did the SMSC return', failedReasons('sms')],
  ['what error codes did my SMS get', failedReasons('sms')],
  ['what errors did my sms get from the operator', failedReasons('sms')],
  ['Why did my emails fail last week?', failedReasons('email', { period: { preset: 'last_week' } })],
  ['How many messages did RisalaDemo send?', Q('messages', 'count', [f('sender', 'eq', 'RisalaDemo')])],
  ['How many messages did the Black Friday campaign send', Q('messages', 'count', [f('campaign', 'eq', 'Black Friday')])],
  ['messages sent between 1 and 15 Nov', Q('messages', 'count', [], NOV_1_15)],
  [
    'how many SMS were sent on 3 December',
    Q('messages', 'count', [f('channel', 'eq', 'sms')], { period: { from: '2026-12-03', to: '2026-12-03' } }),
  ],
  [
    'How many credits did SMS use last month?',
    Q('messages', { kind: 'sum', of: 'credits' }, [f('channel', 'eq', 'sms')], { period: { preset: 'last_month' } }),
  ],
  ['How many messages were blocked this week?', Q('messages', 'count', [f('view', 'eq', 'blocked')], { period: { preset: 'this_week' } })],
  ['messages sent per weekday', Q('messages', 'count', [], { group_by: 'weekday' })],
  // pending: the message state of that name (the first meaning messages allow)
  ['How many SMS are still pending?', Q('messages', 'count', [f('channel', 'eq', 'sms'), f('status', 'eq', 'PENDING')])],
  [
    'How many messages were sent by campaign last month',
    Q('messages', 'count', [], { group_by: 'campaign', period: { preset: 'last_month' } }),
  ],
  [
    'which day had the most messages this month',
    Q('messages', 'count', [], { group_by: 'day', rank: { n: 1, order: 'desc' }, period: { preset: 'this_month' } }),
  ],
  ['how many sms since a week ago', Q('messages', 'count', [f('channel', 'eq', 'sms')], { period: { preset: 'last_7_days' } })],
  ['how many messages did customers reply to', { kind: 'cannot' }],
  // campaigns
  ['Which campaign had the best click rate?', bestCampaign('clicked_rate')],
  ['which campaign had the highest open rate last month', bestCampaign('opened_rate', { period: { preset: 'last_month' } })],
  ['what was my best campaign by delivery rate', bestCampaign('delivered_rate')],
  ['How many campaigns are completed?', Q('campaigns', 'count', [f('status', 'eq', 'COMPLETED')])],
  ['How many campaigns are paused?', Q('campaigns', 'count', [f('status', 'eq', 'PAUSED')])],
  ['How many SMS campaigns this month?', Q('campaigns', 'count', [f('channel', 'eq', 'sms')], { period: { preset: 'this_month' } })],
  ['list my draft campaigns', Q('campaigns', 'list', [f('status', 'eq', 'DRAFT')])],
  ['campaigns by status', Q('campaigns', 'count', [], { group_by: 'status' })],
  ['campaigns per channel', Q('campaigns', 'count', [], { group_by: 'channel' })],
  ['How many campaigns are waiting for approval?', Q('campaigns', 'count', [f('status', 'eq', 'WAITING_FOR_APPROVAL')])],
  ['what share of my campaigns used whatsapp', Q('campaigns', { kind: 'share', where: [f('channel', 'eq', 'whatsapp')] })],
  ['which campaign made the most money', { kind: 'cannot', unsupported: 'revenue' }],
  // templates and WhatsApp templates
  ['How many templates are approved?', Q('templates', 'count', [f('status', 'eq', 'APPROVED')])],
  ['how many templates are waiting for review', Q('templates', 'count', [f('status', 'eq', 'PENDING_REVIEW')])],
  ['list draft templates', Q('templates', 'list', [f('status', 'eq', 'DRAFT')])],
  ['templates by channel', Q('templates', 'count', [], { group_by: 'channel' })],
  ['how many otp templates do I have', Q('templates', 'count', [f('category', 'eq', 'otp')])],
  ['How many transactional email templates?', Q('templates', 'count', [f('category', 'eq', 'transactional'), f('channel', 'eq', 'email')])],
  ['how many whatsapp templates were rejected', Q('whatsapp_templates', 'count', [f('status', 'eq', 'REJECTED')])],
  ['list my whatsapp templates', Q('whatsapp_templates', 'list')],
  ['how many utility whatsapp templates', Q('whatsapp_templates', 'count', [f('category', 'eq', 'UTILITY')])],
  // senders, brands
  ['How many senders do I have?', Q('senders', 'count')],
  ['which is my default sender', Q('senders', 'list', [f('default', 'eq', true)])],
  ['how many whatsapp senders are active', Q('senders', 'count', [f('channel', 'eq', 'whatsapp'), f('status', 'eq', 'ACTIVE')])],
  ['how many sender names were rejected', Q('senders', 'count', [f('status', 'eq', 'REJECTED')])],
  ['What brands do I have?', Q('brands', 'list')],
  // credits
  ['do I have enough SMS credit', balance('sms')],
  ['do I have enough credits', balance()],
  ['is my whatsapp balance enough', balance('whatsapp')],
  ['how much email credit is left', balance('email')],
  ['how many credits do I have', balance()],
  // AI plans, notifications, the account
  ['How many AI plans do I have?', Q('ai_plans', 'count')],
  ['list approved AI plans', Q('ai_plans', 'list', [f('status', 'eq', 'APPROVED')])],
  ['how many notifications do I have', Q('notifications', 'count')],
  ['list my unread alerts', Q('notifications', 'list', [f('status', 'eq', 'unread')])],
  ['What time zone is my account in?', Q('account', { kind: 'value', of: 'timezone' })],
  ['How many users are on my account?', Q('account', { kind: 'value', of: 'users' })],
  // what it cannot answer, requests to act
  ['What will my delivery rate be next month?', { kind: 'cannot', unsupported: 'prediction' }],
  ['How many customers are male?', { kind: 'cannot', unsupported: 'gender' }],
  ['how many customers clicked on instagram', { kind: 'cannot' }],
  ['delete the failed messages', { kind: 'refuse_action', verb: 'delete' }],
  ['send the Weekend offer campaign now', { kind: 'refuse_action', verb: 'send' }],
  // one figure per group is not their total; a "not" before "have any"
  ['What is the size of each group?', Q('groups', 'list', [], { sort: 'size' })],
  ['how many members in each group', Q('groups', 'list', [], { sort: 'size' })],
  ['What is the total size of my groups?', Q('groups', { kind: 'sum', of: 'size' })],
  ['How many customers do not have any tags?', Q('customers', 'count', [f('tag', 'not_exists')])],
  ['how many marketing whatsapp templates', Q('whatsapp_templates', 'count', [f('category', 'eq', 'MARKETING')])],
  ['how many marketing templates', Q('templates', 'count', [f('category', 'eq', 'marketing')])],
  [
    'what is the best day to send emails',
    Q('messages', { kind: 'rate', of: 'opened' }, [f('channel', 'eq', 'email')], { group_by: 'weekday' }),
  ],
  ['which plan am i subscribed to', Q('account', { kind: 'value', of: 'plan' })],
  ['how many customers per operator', { kind: 'cannot' }],
  ['do I have enough customers', { kind: 'cannot', unplaced: ['enough'] }],
  ['How many customers in Riyadh accept SMS?', Q('customers', 'count', [f('city', 'eq', 'Riyadh'), f('consent_sms', 'eq', true)])],
  [
    'How many customers in Riyadh SMS subscribers are tagged vip?',
    Q('customers', 'count', [f('group', 'eq', 'Riyadh SMS subscribers'), f('tag', 'eq', 'vip')]),
  ],
  ['how many messages in the SMS channel', Q('messages', 'count', [f('channel', 'eq', 'sms')])],
  // a sender's or a campaign's name with a sending verb counts the messages; "top" before one
  [
    'How many SMS did RisalaDemo send yesterday?',
    Q('messages', 'count', [f('channel', 'eq', 'sms'), f('sender', 'eq', 'RisalaDemo')], { period: { preset: 'yesterday' } }),
  ],
  [
    'how many emails did offers@shop.example send this week',
    Q('messages', 'count', [f('channel', 'eq', 'email'), f('sender', 'eq', 'offers@shop.example')], { period: { preset: 'this_week' } }),
  ],
  ['Is RisalaDemo active?', Q('senders', 'count', [f('name', 'eq', 'RisalaDemo'), f('status', 'eq', 'ACTIVE')])],
  ['top campaign by delivery rate', bestCampaign('delivered_rate')],
  ['top campaigns by open rate', Q('campaigns', 'list', [], { rank: { n: 5, order: 'desc' }, sort: 'opened_rate' })],
  ['What is my sender ID?', Q('senders', 'list')],
  ["what's my brand", Q('brands', 'list')],
  // periods said another way; a language ranking
  ['How many messages were sent over the last 30 days?', Q('messages', 'count', [], { period: { preset: 'last_30_days' } })],
  ['messages sent since the start of the month', Q('messages', 'count', [], { period: { preset: 'this_month' } })],
  ['how many emails during last week', Q('messages', 'count', [f('channel', 'eq', 'email')], { period: { preset: 'last_week' } })],
  ['how many customers over 30', { kind: 'cannot' }],
  ['which language do most of my customers speak', Q('customers', 'count', [], { group_by: 'language', rank: { n: 1, order: 'desc' } })],
  // typos
  ['wich campaign had the best clik rate', bestCampaign('clicked_rate')],
  ['how many templats are aproved', Q('templates', 'count', [f('status', 'eq', 'APPROVED')])],
  ['how many custmers speek arabic', Q('customers', 'count', [f('language', 'eq', 'ar')])],
];

const arabic: [string, Expect][] = [
  // customers
  ['كم عميل يتكلم عربي؟', Q('customers', 'count', [f('language', 'eq', 'ar')])],
  ['كم عدد زبائني في جدة؟', Q('customers', 'count', [f('city', 'eq', 'Jeddah')])],
  ['كم عميل عندي في الدمام يتكلمون انجليزي', Q('customers', 'count', [f('city', 'eq', 'Dammam'), f('language', 'eq', 'en')])],
  ['عدد العملاء اللي عندهم وسم newsletter', Q('customers', 'count', [f('tag', 'eq', 'newsletter')])],
  ['كم عميل من الامارات', Q('customers', 'count', [f('country', 'eq', 'AE')])],
  ['كم عميل ما عنده ايميل', Q('customers', 'count', [f('email', 'not_exists')])],
  ['كم عميل عنده رقم جوال', Q('customers', 'count', [f('mobile', 'exists')])],
  ['كم عميل وافق على الايميل', Q('customers', 'count', [f('consent_email', 'eq', true)])],
  ['كم عميل ما وافق على الرسائل النصية', Q('customers', 'count', [f('consent_sms', 'eq', false)])],
  ['مين العملاء اللي ساكنين في دبي', Q('customers', 'list', [f('city', 'eq', 'Dubai')])],
  ['العملاء حسب المدينة', Q('customers', 'count', [], { group_by: 'city' })],
  ['العملاء حسب اللغة', Q('customers', 'count', [], { group_by: 'language' })],
  ['توزيع العملاء حسب الدولة', Q('customers', 'count', [], { group_by: 'country' })],
  ['كم عميل انضاف امس', Q('customers', 'count', [], { period: { preset: 'yesterday' } })],
  ['كم عميل سجل منذ أسبوع', Q('customers', 'count', [], { period: { preset: 'last_7_days' } })],
  ['كم عميل في مجموعة VIP Riyadh', Q('customers', 'count', [f('group', 'eq', 'VIP Riyadh')])],
  ['كم عضو في مجموعة Riyadh SMS subscribers', Q('customers', 'count', [f('group', 'eq', 'Riyadh SMS subscribers')])],
  ['اعرض العملاء في مجموعة VIP Riyadh', Q('customers', 'list', [f('group', 'eq', 'VIP Riyadh')])],
  ['كم عميل يقبل رسائل SMS', Q('customers', 'count', [f('consent_sms', 'eq', true)])],
  ['ما نسبة عملائي اللي وافقوا على الايميل', Q('customers', { kind: 'share', where: [f('consent_email', 'eq', true)] })],
  ['نسبة العملاء اللي عندهم وسم vip', Q('customers', { kind: 'share', where: [f('tag', 'eq', 'vip')] })],
  ['وين اكثر مدينة فيها زبائن', Q('customers', 'count', [], { group_by: 'city', rank: { n: 1, order: 'desc' } })],
  [
    'كم عميل في الرياض يتكلم عربي ويقبل الواتساب',
    Q('customers', 'count', [f('city', 'eq', 'Riyadh'), f('language', 'eq', 'ar'), f('consent_whatsapp', 'eq', true)]),
  ],
  ['كم عميل اشترى الشهر الماضي', { kind: 'cannot' }],
  ['كم عمر عملائي', { kind: 'cannot', unsupported: 'age' }],
  ['كم عميل يتكلم فرنسي', { kind: 'cannot' }],
  ['عندي كام عميل في القاهرة', { kind: 'cannot', unplaced: ['القاهرة'] }],
  ['عندي كام عميل بيتكلم انجليزي', Q('customers', 'count', [f('language', 'eq', 'en')])],
  ['قديش في زباين بالرياض', Q('customers', 'count', [f('city', 'eq', 'Riyadh')])],
  // a typo in a short word is not guessed: the word is named
  ['كم عمبل في جده', { kind: 'cannot', unplaced: ['عمبل'] }],
  ['كم عميل انضم من ١ الى ٧ ديسمبر', Q('customers', 'count', [], { period: { from: '2026-12-01', to: '2026-12-07' } })],
  // groups
  ['كم مجموعة عندي', Q('groups', 'count')],
  ['اعرض مجموعاتي', Q('groups', 'list')],
  ['كم شريحة ديناميكية', Q('groups', 'count', [f('type', 'eq', 'dynamic')])],
  ['ايش اكبر مجموعة', Q('groups', 'list', [], { sort: 'size', rank: { n: 1, order: 'desc' } })],
  ['كم مجموعة ثابتة عندي', Q('groups', 'count', [f('type', 'eq', 'static')])],
  // messages
  ['كم رسالة SMS أرسلت امس', Q('messages', 'count', [f('channel', 'eq', 'sms')], { period: { preset: 'yesterday' } })],
  ['كم رسالة واتساب انرسلت الاسبوع الماضي', Q('messages', 'count', [f('channel', 'eq', 'whatsapp')], { period: { preset: 'last_week' } })],
  ['كم ايميل ارسلت هذا الشهر', Q('messages', 'count', [f('channel', 'eq', 'email')], { period: { preset: 'this_month' } })],
  ['الرسائل حسب الحالة', Q('messages', 'count', [], { group_by: 'status' })],
  ['الرسائل حسب القناة الشهر الماضي', Q('messages', 'count', [], { group_by: 'channel', period: { preset: 'last_month' } })],
  ['الرسائل حسب الساعة', Q('messages', 'count', [], { group_by: 'hour' })],
  ['الرسائل حسب اليوم هذا الاسبوع', Q('messages', 'count', [], { group_by: 'day', period: { preset: 'this_week' } })],
  ['ما نسبة التسليم للرسائل النصية', Q('messages', { kind: 'rate', of: 'delivered' }, [f('channel', 'eq', 'sms')])],
  [
    'نسبة فتح الايميلات الشهر الماضي',
    Q('messages', { kind: 'rate', of: 'opened' }, [f('channel', 'eq', 'email')], { period: { preset: 'last_month' } }),
  ],
  ['نسبة القراءة في الواتساب', Q('messages', { kind: 'rate', of: 'read' }, [f('channel', 'eq', 'whatsapp')])],
  ['نسبة النقر حسب القناة', Q('messages', { kind: 'rate', of: 'clicked' }, [], { group_by: 'channel' })],
  ['ايش الاخطاء اللي رجعت من SMSC', failedReasons('sms')],
  ['وش اسباب فشل الرسائل النصية', failedReasons('sms')],
  ['ايش اكواد الخطأ اللي جات للرسايل النصية', failedReasons('sms')],
  ['ليش فشلت رسايلي امس', failedReasons(undefined, { period: { preset: 'yesterday' } })],
  ['كم رسالة ارسلت بين ١ و ١٥ نوفمبر', Q('messages', 'count', [], NOV_1_15)],
  ['كم رسالة انرسلت من ١ الى ١٥ نوفمبر', Q('messages', 'count', [], NOV_1_15)],
  ['كم رسالة ارسلتها حملة Black Friday', Q('messages', 'count', [f('campaign', 'eq', 'Black Friday')])],
  ['كم رسالة ارسلها المرسل RisalaDemo', Q('messages', 'count', [f('sender', 'eq', 'RisalaDemo')])],
  [
    'كم رصيد استهلكت الرسائل النصية الشهر الماضي',
    Q('messages', { kind: 'sum', of: 'credits' }, [f('channel', 'eq', 'sms')], { period: { preset: 'last_month' } }),
  ],
  ['كم رسالة معلقة', Q('messages', 'count', [f('status', 'eq', 'PENDING')])],
  ['الرسائل حسب الحملة', Q('messages', 'count', [], { group_by: 'campaign' })],
  ['كم رسالة نصية من أسبوع', Q('messages', 'count', [f('channel', 'eq', 'sms')], { period: { preset: 'last_7_days' } })],
  // campaigns
  ['اي حملة عندها افضل نسبة نقر', bestCampaign('clicked_rate')],
  ['وش الحملة اللي جابت اعلى نسبة فتح الشهر الماضي', bestCampaign('opened_rate', { period: { preset: 'last_month' } })],
  ['كم حملة مكتملة', Q('campaigns', 'count', [f('status', 'eq', 'COMPLETED')])],
  ['كم حملة متوقفة مؤقتا', Q('campaigns', 'count', [f('status', 'eq', 'PAUSED')])],
  ['كم حملة SMS هالشهر', Q('campaigns', 'count', [f('channel', 'eq', 'sms')], { period: { preset: 'this_month' } })],
  ['اعرض الحملات المسودة', Q('campaigns', 'list', [f('status', 'eq', 'DRAFT')])],
  ['الحملات حسب الحالة', Q('campaigns', 'count', [], { group_by: 'status' })],
  ['الحملات حسب القناة', Q('campaigns', 'count', [], { group_by: 'channel' })],
  ['كم حملة بانتظار الموافقة', Q('campaigns', 'count', [f('status', 'eq', 'WAITING_FOR_APPROVAL')])],
  ['كم حملة فيها اختبار A/B', Q('campaigns', 'count', [f('ab_test', 'eq', true)])],
  ['نسبة الحملات اللي استخدمت الواتساب', Q('campaigns', { kind: 'share', where: [f('channel', 'eq', 'whatsapp')] })],
  [
    'افضل ٣ حملات من ناحية التسليم هالشهر',
    Q('campaigns', 'list', [], { rank: { n: 3, order: 'desc' }, sort: 'delivered_rate', period: { preset: 'this_month' } }),
  ],
  ['اي حملة جابت اكثر مبيعات', { kind: 'cannot' }],
  // templates and WhatsApp templates
  ['كم قالب معتمد', Q('templates', 'count', [f('status', 'eq', 'APPROVED')])],
  ['كم قالب بانتظار المراجعة', Q('templates', 'count', [f('status', 'eq', 'PENDING_REVIEW')])],
  ['القوالب حسب القناة', Q('templates', 'count', [], { group_by: 'channel' })],
  ['كم قالب تسويقي', Q('templates', 'count', [f('category', 'eq', 'marketing')])],
  ['اعرض قوالب الايميل المرفوضة', Q('templates', 'list', [f('channel', 'eq', 'email'), f('status', 'eq', 'REJECTED')])],
  ['كم قالب واتساب مرفوض', Q('whatsapp_templates', 'count', [f('status', 'eq', 'REJECTED')])],
  ['اعرض قوالب الواتساب', Q('whatsapp_templates', 'list')],
  // senders, brands
  ['كم مرسل عندي', Q('senders', 'count')],
  ['اعرض اسماء المرسلين', Q('senders', 'list')],
  ['مين المرسل الافتراضي', Q('senders', 'list', [f('default', 'eq', true)])],
  ['كم مرسل واتساب نشط', Q('senders', 'count', [f('channel', 'eq', 'whatsapp'), f('status', 'eq', 'ACTIVE')])],
  ['كم علامة تجارية عندي', Q('brands', 'count')],
  ['اعرض علاماتي التجارية', Q('brands', 'list')],
  // credits
  ['هل رصيدي يكفي', balance()],
  ['هل رصيدي كافي', balance()],
  ['كم باقي من رصيد الرسائل النصية', balance('sms')],
  ['كم رصيد الايميل', balance('email')],
  ['هل عندي رصيد واتساب كافي', balance('whatsapp')],
  ['رصيد الرسايل النصية يكفي؟', balance('sms')],
  // AI plans, notifications, the account
  ['كم خطة ذكاء اصطناعي عندي', Q('ai_plans', 'count')],
  ['كم خطة بانتظار الموافقة', Q('ai_plans', 'count', [f('status', 'eq', 'PENDING_APPROVAL')])],
  ['كم اشعار غير مقروء', Q('notifications', 'count', [f('status', 'eq', 'unread')])],
  ['اعرض التنبيهات', Q('notifications', 'list')],
  ['ايش المنطقة الزمنية لحسابي', Q('account', { kind: 'value', of: 'timezone' })],
  ['ايش باقتي', Q('account', { kind: 'value', of: 'plan' })],
  // one figure per group; a best day; a word of another question stays named
  ['كم عضو في كل مجموعة', Q('groups', 'list', [], { sort: 'size' })],
  ['ما هو حجم كل مجموعة', Q('groups', 'list', [], { sort: 'size' })],
  ['افضل يوم لارسال الايميلات', Q('messages', { kind: 'rate', of: 'opened' }, [f('channel', 'eq', 'email')], { group_by: 'weekday' })],
  ['الرسائل حسب اليوم', Q('messages', 'count', [], { group_by: 'day' })],
  ['هل عندي عملاء كفاية', { kind: 'cannot' }],
  ['كم عميل في الرياض يقبل SMS', Q('customers', 'count', [f('city', 'eq', 'Riyadh'), f('consent_sms', 'eq', true)])],
  ['كم عميل حسب المشغل', { kind: 'cannot' }],
  ['كم عميل جديد هذا الشهر', Q('customers', 'count', [], { period: { preset: 'this_month' } })],
  ['كم عميل جديد', { kind: 'cannot', unplaced: ['جديد'] }],
  ['كم اشعار جديد', Q('notifications', 'count', [f('status', 'eq', 'unread')])],
  ['كم عميل ضفت الاسبوع اللي فات', Q('customers', 'count', [], { period: { preset: 'last_week' } })],
  ['كم حملة واتساب اطلقت الشهر الماضي', Q('campaigns', 'count', [f('channel', 'eq', 'whatsapp')], { period: { preset: 'last_month' } })],
  ['كم عضو في فريقي', Q('account', { kind: 'value', of: 'users' })],
  [
    'كم رسالة نصية ارسل RisalaDemo امس',
    Q('messages', 'count', [f('channel', 'eq', 'sms'), f('sender', 'eq', 'RisalaDemo')], { period: { preset: 'yesterday' } }),
  ],
  ['ايش اسم المرسل', Q('senders', 'list')],
  ['ما اسم علامتي التجارية', Q('brands', 'list')],
  ['كم رسالة ارسلت من بداية الشهر', Q('messages', 'count', [], { period: { preset: 'this_month' } })],
  ['كم رسالة خلال اخر ٣٠ يوم', Q('messages', 'count', [], { period: { preset: 'last_30_days' } })],
  ['كم عميل ضاف من ١ نوفمبر', Q('customers', 'count', [], { period: { from: '2026-11-01', to: '2026-12-07' } })],
  ['اي لغة يتكلمها اغلب عملائي', Q('customers', 'count', [], { group_by: 'language', rank: { n: 1, order: 'desc' } })],
  // what it cannot answer, requests to act
  ['كم عميل راح يشتري الشهر الجاي', { kind: 'cannot', reason: 'unsupported' }],
  ['كم ربحت من الحملات', { kind: 'cannot' }],
  ['كم عميل عنده سيارة', { kind: 'cannot', unplaced: ['سيارة'] }],
  ['احذف العملاء اللي في جدة', { kind: 'refuse_action', verb: 'delete' }],
];

describe('parseQuestion, a marketer’s questions', () => {
  it('answers an Arabic question naming an English group in Arabic', () => {
    expect(questionLanguage('كم عميل في مجموعة VIP Riyadh', 'en')).toBe('ar');
    expect(questionLanguage('كم عضو في مجموعة Riyadh SMS subscribers', 'en')).toBe('ar');
  });
  it('has at least 200 questions, half of each language', () => {
    expect(english.length + arabic.length).toBeGreaterThanOrEqual(200);
    expect(Math.abs(english.length - arabic.length)).toBeLessThanOrEqual(12);
  });
  it.each([...english, ...arabic])('%s', (text, expected) => {
    const got = parse(text);
    if ('entity' in expected) expect(canonical(got)).toEqual(canonical({ kind: 'query', question: expected as Question, focus: null }));
    else expect(got).toMatchObject(expected);
  });
});
