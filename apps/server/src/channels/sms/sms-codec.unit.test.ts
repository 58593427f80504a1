import { countSms, GSM_BASIC, GSM_EXTENSION } from '@risala/shared/sms';
import { describe, expect, it } from 'vitest';
import { buildParts, concatUdh, ESM_CLASS_UDHI, parseConcatUdh, splitText } from './concat.ts';
import { isReceiptEsmClass, mapStat, messageIdKeys, normalizeMessageId, parseReceipt, parseReceiptText, sameMessageId } from './dlr.ts';
import { decodeGsm7, decodeText, decodeUcs2, EXTENSION_CODES, encodeGsm7, encodeText, encodeUcs2, encodingOf } from './encoding.ts';
import { ESME, esmeInfo, esmeText } from './esme.ts';

describe('encoding', () => {
  it('encodes the GSM default alphabet one byte per character and round-trips', () => {
    expect([...encodeGsm7('@A£')]).toEqual([0x00, 0x41, 0x01]);
    expect(decodeGsm7(encodeGsm7('Hello @ £5 Ää ñ'))).toBe('Hello @ £5 Ää ñ');
  });
  it('codes every character the shared counter calls GSM-7, at its 03.38 position', () => {
    expect([...encodeGsm7('ÆæßÉ !')]).toEqual([0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x21]); // after the escape's own position
    expect([...encodeGsm7('¡ §¿àü')]).toEqual([0x40, 0x20, 0x5f, 0x60, 0x7f, 0x7e]);
    const all = GSM_BASIC + GSM_EXTENSION;
    expect(decodeGsm7(encodeGsm7(all))).toBe(all);
    expect(Object.keys(EXTENSION_CODES).sort()).toEqual([...GSM_EXTENSION].sort());
  });
  it('escapes extension characters with 0x1B', () => {
    expect([...encodeGsm7('€[')]).toEqual([0x1b, 0x65, 0x1b, 0x3c]);
    expect(decodeGsm7(encodeGsm7('{a}|~^\\€'))).toBe('{a}|~^\\€');
  });
  it('refuses non-GSM characters in GSM-7', () => {
    expect(() => encodeGsm7('مرحبا')).toThrow(RangeError);
  });
  it('uses UCS-2 big-endian for anything else', () => {
    expect(encodingOf('مرحبا')).toBe('UCS-2');
    expect(encodingOf('hello')).toBe('GSM-7');
    expect([...encodeUcs2('م')]).toEqual([0x06, 0x45]);
    expect(decodeUcs2(encodeUcs2('مرحبا 😀'))).toBe('مرحبا 😀');
    expect(decodeText(encodeText('مرحبا'), 8)).toBe('مرحبا');
    expect(decodeText(encodeText('hi€'), 0)).toBe('hi€');
  });
});

describe('concat', () => {
  it('keeps a single part without a header', () => {
    const parts = buildParts('a'.repeat(160), 7);
    expect(parts).toHaveLength(1);
    expect(parts[0]?.esm_class).toBe(0);
    expect(parts[0]?.data_coding).toBe(0);
    expect(parts[0]?.short_message.length).toBe(160);
  });
  it('splits GSM-7 into 153-septet parts with the 6-byte UDH', () => {
    const parts = buildParts('a'.repeat(161), 0x2a);
    expect(parts).toHaveLength(2);
    expect(parts[0]?.esm_class).toBe(ESM_CLASS_UDHI);
    expect([...(parts[0]?.short_message.subarray(0, 6) ?? [])]).toEqual([5, 0, 3, 0x2a, 2, 1]);
    expect([...(parts[1]?.short_message.subarray(0, 6) ?? [])]).toEqual([5, 0, 3, 0x2a, 2, 2]);
    expect(parts[0]?.short_message.length).toBe(6 + 153);
  });
  it('splits Arabic into 67-unit UCS-2 parts, agreeing with the shared counter', () => {
    const text = 'مرحبا بكم في رسالة '.repeat(10);
    const parts = buildParts(text, 1);
    expect(parts).toHaveLength(countSms(text).parts);
    expect(parts.every((p) => p.data_coding === 8)).toBe(true);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts[0]?.short_message.length).toBe(6 + 67 * 2);
  });
  it('never splits an extension character or a surrogate pair', () => {
    const gsm = splitText(`${'a'.repeat(152)}€b`, 'GSM-7', 153);
    expect(gsm[0]).toBe('a'.repeat(152));
    const ucs = splitText(`${'م'.repeat(66)}😀`, 'UCS-2', 67);
    expect(ucs[0]).toBe('م'.repeat(66));
    expect(ucs[1]).toBe('😀');
  });
  it('honours a smaller single-part length from the connection', () => {
    expect(buildParts('a'.repeat(100), 1, { gsm: 90 })).toHaveLength(2);
  });
  it('parses the UDH back', () => {
    expect(parseConcatUdh(Buffer.concat([concatUdh(9, 3, 2), Buffer.from('x')]))).toEqual({ ref: 9, total: 3, seq: 2, bodyOffset: 6 });
    expect(parseConcatUdh(Buffer.from([6, 8, 4, 1, 2, 3, 1]))).toEqual({ ref: 0x0102, total: 3, seq: 1, bodyOffset: 7 });
  });
});

describe('delivery receipts', () => {
  const text = 'id:1A2B sub:001 dlvrd:001 submit date:2611220301 done date:2611220302 stat:DELIVRD err:000 text:Hello there';
  it('parses the Appendix B text', () => {
    expect(parseReceiptText(text)).toEqual({
      id: '1A2B',
      stat: 'DELIVRD',
      err: '000',
      sub: 1,
      dlvrd: 1,
      submitDate: '2611220301',
      doneDate: '2611220302',
      text: 'Hello there',
    });
    expect(parseReceiptText('just a message')).toBeNull();
  });
  it('maps every stat to our states', () => {
    expect(mapStat('DELIVRD')).toEqual({ state: 'DELIVERED', final: true });
    expect(mapStat('UNDELIV').state).toBe('FAILED');
    expect(mapStat('REJECTD').state).toBe('FAILED');
    expect(mapStat('EXPIRED').state).toBe('EXPIRED');
    expect(mapStat('DELETED').state).toBe('DELETED');
    expect(mapStat('ACCEPTD')).toEqual({ state: 'ACCEPTED', final: false });
    expect(mapStat('ENROUTE')).toEqual({ state: 'ENROUTE', final: false });
    expect(mapStat('UNKNOWN').state).toBe('UNKNOWN');
    expect(mapStat('WHATEVER').state).toBe('UNKNOWN');
  });
  it('prefers the TLVs and reads the text from a decoded short_message', () => {
    const r = parseReceipt({ short_message: Buffer.from(text, 'latin1'), receipted_message_id: '6699', message_state: 5 });
    expect(r?.id).toBe('6699');
    expect(r?.stat).toBe('UNDELIV');
    expect(r?.state).toBe('FAILED');
    expect(r?.err).toBe('000');
    expect(parseReceipt({ short_message: Buffer.from(text) })?.state).toBe('DELIVERED');
    expect(parseReceipt({ short_message: 'hello' })).toBeNull();
  });
  it('matches hex and decimal representations of one id', () => {
    expect(sameMessageId('1A2B', '6699')).toBe(true);
    expect(sameMessageId('6699', '1a2b')).toBe(true);
    expect(sameMessageId('001A2B', '1a2b')).toBe(true);
    expect(sameMessageId('1A2B', '1A2C')).toBe(false);
    expect(sameMessageId('abc-123', 'ABC-123')).toBe(true);
    expect(messageIdKeys('1A2B')[0]).toBe(normalizeMessageId('1A2B'));
  });
  it('recognises receipt esm_class bits', () => {
    expect(isReceiptEsmClass(0x04)).toBe(true);
    expect(isReceiptEsmClass(0x00)).toBe(false);
  });
});

describe('ESME codes', () => {
  it('gives readable English and Arabic texts', () => {
    expect(esmeText(ESME.ESME_RINVDSTADR)).toBe('ESME_RINVDSTADR (0x0B): Invalid destination address');
    expect(esmeText(ESME.ESME_RINVPASWD, 'ar')).toContain('كلمة المرور');
    expect(esmeText(0x401)).toContain('SMSC-specific error 0x401');
  });
  it('separates retryable from permanent', () => {
    expect(esmeInfo(ESME.ESME_RTHROTTLED)).toMatchObject({ retryable: true, throttled: true });
    expect(esmeInfo(ESME.ESME_RMSGQFUL).retryable).toBe(true);
    expect(esmeInfo(ESME.ESME_RSYSERR).retryable).toBe(true);
    expect(esmeInfo(ESME.ESME_RINVDSTADR).retryable).toBe(false);
    expect(esmeInfo(ESME.ESME_RINVSRCADR).retryable).toBe(false);
  });
});
