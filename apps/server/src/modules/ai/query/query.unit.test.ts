/** Periods in the account's zone and a question said in words, in both languages. */
import type { Question } from '@risala/shared/schemas/ai-query';
import { describe, expect, it } from 'vitest';
import { describeQuestion, resolvePeriod } from './index.ts';

const iso = (d: Date) => d.toISOString();

describe('periods in the account zone', () => {
  // Tuesday 2026-03-10 01:30 in Riyadh (UTC+3) is still Monday 22:30 UTC
  const now = new Date('2026-03-09T22:30:00Z');

  it("reads today and yesterday as the zone's calendar days, not UTC's", () => {
    expect(resolvePeriod({ preset: 'today' }, 'Asia/Riyadh', now)).toMatchObject({ firstDay: '2026-03-10', lastDay: '2026-03-10' });
    const y = resolvePeriod({ preset: 'yesterday' }, 'Asia/Riyadh', now);
    expect([iso(y.from), iso(y.to)]).toEqual(['2026-03-08T21:00:00.000Z', '2026-03-09T21:00:00.000Z']);
  });

  it('starts weeks on Sunday and months on the 1st; last month is the whole previous month', () => {
    expect(resolvePeriod({ preset: 'this_week' }, 'Asia/Riyadh', now)).toMatchObject({ firstDay: '2026-03-08', lastDay: '2026-03-10' });
    expect(resolvePeriod({ preset: 'last_week' }, 'Asia/Riyadh', now)).toMatchObject({ firstDay: '2026-03-01', lastDay: '2026-03-07' });
    expect(resolvePeriod({ preset: 'last_month' }, 'Asia/Riyadh', now)).toMatchObject({ firstDay: '2026-02-01', lastDay: '2026-02-28' });
    expect(resolvePeriod({ preset: 'last_7_days' }, 'Asia/Riyadh', now)).toMatchObject({ firstDay: '2026-03-04', lastDay: '2026-03-10' });
  });

  it('takes two days in either order, inclusive, across a DST change', () => {
    const p = resolvePeriod({ from: '2026-03-31', to: '2026-03-28' }, 'Europe/Berlin', new Date('2026-04-02T10:00:00Z'));
    // CET before 29 March, CEST after
    expect([iso(p.from), iso(p.to)]).toEqual(['2026-03-27T23:00:00.000Z', '2026-03-31T22:00:00.000Z']);
  });
});

describe('a question in words', () => {
  it('says filters, period, measure, grouping and rank in English and Arabic', () => {
    const q: Question = {
      entity: 'messages',
      measure: { kind: 'rate', of: 'delivered' },
      filters: [{ field: 'channel', op: 'in', value: ['sms', 'whatsapp'] }],
      period: { preset: 'last_week' },
      group_by: 'campaign',
      rank: { n: 3, order: 'desc' },
    };
    expect(describeQuestion(q, 'en')).toBe('messages · channel in SMS, WhatsApp · last week · delivery rate · by campaign · top 3');
    expect(describeQuestion(q, 'ar')).toBe('الرسائل · القناة ضمن SMS، واتساب · الأسبوع الماضي · نسبة التسليم · حسب الحملة · أعلى 3');
  });

  it('says a share by its condition', () => {
    const q: Question = {
      entity: 'customers',
      measure: { kind: 'share', where: [{ field: 'consent_email', op: 'eq', value: true }] },
      filters: [],
    };
    expect(describeQuestion(q, 'en')).toBe('customers · share where email consent = yes');
  });
});
