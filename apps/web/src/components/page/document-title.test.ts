import en from '@risala/shared/i18n/en.ts';
import ar from '@risala/shared/i18n/ar.ts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title.ts';

async function instance(lng: 'en' | 'ar') {
  const i = i18next.createInstance();
  await i.init({ lng, resources: { en: { translation: en }, ar: { translation: ar } }, interpolation: { escapeValue: false } });
  return i;
}

describe('documentTitle', () => {
  it('names each screen, then the product, in the reader’s language', async () => {
    const en18 = await instance('en');
    expect(documentTitle('/customer', en18)).toBe('Customers · Risala');
    expect(documentTitle('/customer/groups/12', en18)).toBe('Groups · Risala');
    expect(documentTitle('/login', en18)).toBe('Sign in · Risala');
    expect(documentTitle('/message-history/new-email', en18)).toBe('New email · Risala');
    expect(documentTitle('/message-history', en18)).toBe('Message History · Risala');
    expect(documentTitle('/customers-old', en18)).toBe('Page not found · Risala');
    const ar18 = await instance('ar');
    expect(documentTitle('/customer', ar18)).toBe(`${ar18.t('customers.title')} · رسالة`);
  });
});
