import { describe, expect, it } from 'vitest';
import { sendSmsSchema, sendWhatsappSchema, smsTestSchema } from './messages.ts';

const recipients = { numbers: ['+966501234567'] };
const messageOf = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? null : r.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);

describe('message texts (§5: a message needs at least one letter)', () => {
  it('refuses a text of digits and symbols only, in every send schema', () => {
    expect(messageOf(sendSmsSchema.safeParse({ recipients, text: '12345 !!' }))).toEqual(['text:validation.nameLetter']);
    expect(messageOf(sendWhatsappSchema.safeParse({ recipients, text: '2026' }))).toEqual(['text:validation.nameLetter']);
    expect(messageOf(smsTestSchema.safeParse({ to: '+966501234567', text: '0000' }))).toEqual(['text:validation.nameLetter']);
  });

  it('accepts a letter in any script, and leaves a blank text to the text-or-template rule', () => {
    expect(sendSmsSchema.safeParse({ recipients, text: 'رمزك 1234' }).success).toBe(true);
    expect(sendSmsSchema.safeParse({ recipients, text: 'Code 1234' }).success).toBe(true);
    expect(messageOf(sendSmsSchema.safeParse({ recipients, text: '   ' }))).toEqual(['text:messages.validation.textOrTemplate']);
    expect(sendSmsSchema.safeParse({ recipients, text: '', template_id: 3 }).success).toBe(true);
  });
});
