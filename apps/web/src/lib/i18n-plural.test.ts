import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { initI18n, loadAreaMessages, preloadLanguage } from './i18n.ts';

beforeAll(async () => {
  await initI18n();
  await loadAreaMessages(); // the product areas' texts, as the signed-in layouts load them
  await preloadLanguage('ar');
});

const ar = i18n.getFixedT('ar');
const en = i18n.getFixedT('en');

describe('plural texts', () => {
  it('English picks one / other', () => {
    expect(en('groups.count.customers', { count: 1 })).toBe('customer matches');
    expect(en('groups.count.customers', { count: 7 })).toBe('customers match');
    expect(en('customers.bulk.title.delete', { count: 1 })).toBe('Delete 1 customer');
    expect(en('messages.compose.sent', { count: 3 })).toBe('Sending started: 3 messages queued');
  });

  it('Arabic picks among its six forms', () => {
    expect(ar('groups.count.customers', { count: 2 })).toBe('عميلان مطابقان');
    expect(ar('groups.count.customers', { count: 5 })).toBe('عملاء مطابقين');
    expect(ar('groups.count.customers', { count: 11 })).toBe('عميلًا مطابقًا');
    expect(ar('messages.compose.scheduled', { count: 1 })).toBe('تمت الجدولة: رسالة واحدة');
    expect(ar('campaigns.launcher.preview.parts', { count: 3, encoding: 'UCS-2' })).toBe('3 أجزاء · UCS-2');
  });

  it('the templates list counts its templates in both languages (not "3 قالب")', () => {
    expect(en('templates.list.total', { count: 1 })).toBe('1 template');
    expect(en('templates.list.total', { count: 23 })).toBe('23 templates');
    expect(ar('templates.list.total', { count: 0 })).toBe('لا قوالب');
    expect(ar('templates.list.total', { count: 1 })).toBe('قالب واحد');
    expect(ar('templates.list.total', { count: 2 })).toBe('قالبان');
    expect(ar('templates.list.total', { count: 3 })).toBe('3 قوالب');
    expect(ar('templates.list.total', { count: 11 })).toBe('11 قالبًا');
    expect(ar('templates.list.total', { count: 100 })).toBe('100 قالب');
  });

  it('counts are grouped in the interface language; a pre-formatted count passes through', () => {
    expect(en('customers.bulk.title.delete', { count: 12500 })).toBe('Delete 12,500 customers');
    expect(en('groups.members.total', { count: 1000000 })).toBe('Members: 1,000,000');
    expect(ar('groups.members.total', { count: 1234 })).toMatch(/^[^\d]*1,234$/);
    expect(en('customers.bulk.done.delete', { count: '7' as unknown as number })).toBe('Deleted: 7');
  });

  it('an Arabic text with one wording for every number stays Arabic (never the English plural)', () => {
    for (const count of [0, 1, 2, 5, 11, 100]) {
      expect(ar('customers.bulk.confirmDelete', { count }), String(count)).toBe(`حذف ${count} من العملاء؟ لا يمكن التراجع عن ذلك.`);
    }
  });
});
