import { describe, expect, it } from 'vitest';
import { waPreview, waTemplateInputSchema, waVariableCount } from './whatsapp.ts';

describe('WhatsApp template helpers', () => {
  it('counts sequential variables, null on gaps', () => {
    expect(waVariableCount('no variables')).toBe(0);
    expect(waVariableCount('{{1}} {{2}} {{1}}')).toBe(2);
    expect(waVariableCount('{{2}}')).toBeNull();
    expect(waVariableCount('{{1}} {{3}}')).toBeNull();
  });

  it('previews with examples substituted', () => {
    const p = waPreview([
      { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['#7'] } },
      { type: 'BODY', text: 'Hi {{1}}, {{2}}', example: { body_text: [['Sara']] } },
      { type: 'FOOTER', text: 'Bye' },
    ]);
    expect(p).toEqual({ header: { format: 'TEXT', text: 'Order #7' }, body: 'Hi Sara, {{2}}', footer: 'Bye', buttons: [] });
  });

  it('keeps validation messages as validation.whatsapp keys', () => {
    const r = waTemplateInputSchema.safeParse({ name: 'ok', language: 'ar', category: 'UTILITY', components: [] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('validation.whatsapp.bodyRequired');
  });
});
