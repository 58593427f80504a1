import { describe, expect, it } from 'vitest';
import { previewSms, previewWhatsapp, valuesOf } from './preview.ts';

describe('per-recipient preview', () => {
  const layla = valuesOf({ id: 1, first_name: 'Layla', last_name: null, mobile_number: '+966500000001', email: null, country: 'SA' });

  it('fills variables with the recipient, fallbacks otherwise, and counts SMS parts', () => {
    expect(previewSms('Hi {{first_name}}, {{last_name|friend}}', layla).text).toBe('Hi Layla, friend');
    expect(previewSms('Hi {{first_name|there}}', valuesOf(null)).text).toBe('Hi there');
    expect(previewSms('مرحبا', layla).count.encoding).toBe('UCS-2');
  });

  it('puts personalised parameters into a WhatsApp body', () => {
    expect(previewWhatsapp('Hi {{1}}, order {{2}} {{3}}', ['{{first_name}}', '#12'], layla)).toBe('Hi Layla, order #12 {{3}}');
  });
});
