/**
 * The SMPP server's pure parts: receipt stats and text, text decoding of submit_sm PDUs as the
 * `smpp` package parses them off the wire, number forms, concatenation put back together.
 */
import smpp from 'smpp';
import { describe, expect, it } from 'vitest';
import { ESME } from '../../channels/sms/esme.ts';
import { receiptPdu, receiptText, statOf, textStart } from './receipts.ts';
import type { ReceiptRow } from './smpp-server.repo.ts';
import { decodeSubmit, numberOf, Reassembler } from './submit.ts';

/** A submit_sm as the server receives it: encoded, then parsed from its bytes. */
const wire = (fields: Record<string, unknown>) =>
  smpp.PDU.fromBuffer(new smpp.PDU('submit_sm', { destination_addr: '966500000001', ...fields }).toBuffer());

describe('receipts', () => {
  it('final states map to stats; other states give none', () => {
    expect(statOf('DELIVERED', null)).toBe('DELIVRD');
    expect(statOf('FAILED', 'UNDELIV')).toBe('UNDELIV');
    expect(statOf('FAILED', 'EXPIRED')).toBe('EXPIRED');
    expect(statOf('NOT_ALLOWED', null)).toBe('REJECTD');
    expect(statOf('CANCELLED', null)).toBe('DELETED');
    expect(statOf('SENT', null)).toBeNull();
    expect(statOf('ACCEPTED', null)).toBeNull();
  });

  it('the receipt text and TLVs name the message id', () => {
    const row: ReceiptRow = {
      id: '1',
      message_id: '4711',
      stat: 'DELIVRD',
      err: '000',
      delivered: true,
      source_addr: 'Risala',
      dest_addr: '966500000001',
      text_start: textStart('مرحبا Hello there, a long text'),
      submitted_at: new Date('2026-12-07T10:05:00Z'),
      done_at: new Date('2026-12-07T10:06:30Z'),
    };
    expect(receiptText(row)).toBe(
      'id:4711 sub:001 dlvrd:001 submit date:2612071005 done date:2612071006 stat:DELIVRD err:000 text:????? Hello there, a',
    );
    const pdu = smpp.PDU.fromBuffer(new smpp.PDU('deliver_sm', receiptPdu(row)).toBuffer());
    expect(pdu).toMatchObject({ esm_class: 4, receipted_message_id: '4711', message_state: 2, destination_addr: 'Risala' });
  });
});

describe('submit_sm', () => {
  it('decodes GSM, UCS-2 and message_payload texts', () => {
    expect(decodeSubmit(wire({ short_message: 'Hello {x}' }))).toEqual({ ok: true, text: 'Hello {x}', concat: null });
    expect(decodeSubmit(wire({ short_message: 'مرحبا' }))).toMatchObject({ ok: true, text: 'مرحبا' });
    expect(decodeSubmit(wire({ message_payload: 'from the payload' }))).toMatchObject({ ok: true, text: 'from the payload' });
  });

  it('refuses empty, too long, scheduled and binary messages', () => {
    expect(decodeSubmit(wire({ short_message: '' }))).toEqual({ ok: false, status: ESME.ESME_RINVMSGLEN });
    expect(decodeSubmit(wire({ message_payload: 'x'.repeat(1601) }))).toEqual({ ok: false, status: ESME.ESME_RINVMSGLEN });
    expect(decodeSubmit(wire({ short_message: 'x', schedule_delivery_time: '261208000000000R' }))).toEqual({
      ok: false,
      status: ESME.ESME_RINVSCHED,
    });
    expect(decodeSubmit(wire({ data_coding: 4, short_message: Buffer.from([1, 2, 3]) }))).toEqual({
      ok: false,
      status: ESME.ESME_RSUBMITFAIL,
    });
  });

  it('reads 8- and 16-bit concatenation headers', () => {
    const eight = wire({ esm_class: 0x40, short_message: { udh: Buffer.from([5, 0, 3, 9, 2, 1]), message: 'part one' } });
    expect(decodeSubmit(eight)).toEqual({ ok: true, text: 'part one', concat: { ref: 9, total: 2, seq: 1 } });
    const sixteen = wire({ esm_class: 0x40, short_message: { udh: Buffer.from([6, 8, 4, 1, 2, 3, 3]), message: 'three' } });
    expect(decodeSubmit(sixteen)).toMatchObject({ concat: { ref: 258, total: 3, seq: 3 } });
  });

  it('numbers: digits become international, anything else stays as given (and fails later)', () => {
    expect(numberOf('966500000001')).toBe('+966500000001');
    expect(numberOf('00966500000001')).toBe('+966500000001');
    expect(numberOf('+966500000001')).toBe('+966500000001');
    expect(numberOf('abc')).toBe('abc');
    expect(numberOf(undefined)).toBe('');
  });

  it('puts parts back together in order, whatever order they come in', () => {
    const r = new Reassembler();
    expect(r.add('a|b', { ref: 1, total: 3, seq: 3 }, 'C')).toHaveProperty('partId');
    expect(r.add('a|b', { ref: 1, total: 3, seq: 1 }, 'A')).toHaveProperty('partId');
    // another message with the same reference to another number stays apart
    expect(r.add('a|c', { ref: 1, total: 2, seq: 1 }, 'X')).toHaveProperty('partId');
    expect(r.add('a|b', { ref: 1, total: 3, seq: 2 }, 'B')).toEqual({ whole: 'ABC' });
    expect(r.add('a|c', { ref: 1, total: 2, seq: 2 }, 'Y')).toEqual({ whole: 'XY' });
  });
});
