import { describe, expect, it } from 'vitest';
import { createSmsSenderSchema, guessSenderType, senderIdError } from './senders.ts';

describe('sender id rules (§5)', () => {
  it('alphanumeric: 1–11 of letters, digits, space, - and ., with a letter', () => {
    for (const ok of ['A', 'Risala', 'ACME-Shop.1', 'Acme Store', 'a1']) expect(senderIdError(ok, 'alphanumeric'), ok).toBeNull();
    for (const bad of ['', 'AcmeStore12X', '12345', 'Acme_Shop', 'شركة', '...'])
      expect(senderIdError(bad, 'alphanumeric'), bad).toBe('validation.senderId');
  });
  it('numeric: 3–15 digits', () => {
    expect(senderIdError('123456789012345', 'numeric')).toBeNull();
    for (const bad of ['12', '1234567890123456', '+96650', '12a']) expect(senderIdError(bad, 'numeric'), bad).toBe('validation.senderId');
  });
  it('short code: 3–8 digits', () => {
    expect(senderIdError('700', 'short_code')).toBeNull();
    expect(senderIdError('12345678', 'short_code')).toBeNull();
    for (const bad of ['12', '123456789', '7007A']) expect(senderIdError(bad, 'short_code'), bad).toBe('validation.shortCode');
  });
  it('infers the type and reports the field', () => {
    expect(guessSenderType('966501234567')).toBe('numeric');
    expect(guessSenderType('Acme')).toBe('alphanumeric');
    const res = createSmsSenderSchema.safeParse({ sender_id: 'TooLongSender1' });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]).toMatchObject({ path: ['sender_id'], message: 'validation.senderId' });
  });
});
