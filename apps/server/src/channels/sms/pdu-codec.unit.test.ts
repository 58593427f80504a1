import smpp from 'smpp';
import { describe, expect, it } from 'vitest';
import { buildParts } from './concat.ts';
import { CMD, decodePdu, encodeHeader, encodeResponse, encodeSm, encodeSubmitSm, type SmFields, splitUdh } from './pdu-codec.ts';

const base = { source_addr_ton: 5, source_addr_npi: 0, dest_addr_ton: 1, dest_addr_npi: 1, registered_delivery: 1 };

/** The library's own encoding of the same PDU. */
const reference = (command: string, f: object, seq: number) => {
  const pdu = new smpp.PDU(command, { ...f });
  pdu.sequence_number = seq;
  return pdu.toBuffer() as Buffer;
};

const cases: [string, string, string][] = [
  ['Risala', '966500000001', 'Hello from Risala {€}'],
  ['12345', '966500000002', 'مرحبا بكم في رسالة'],
  ['Promo', '966500000003', 'x'.repeat(400)],
  ['Promo', '966500000004', 'عرض '.repeat(60)],
];

describe('submit_sm and deliver_sm', () => {
  it('writes the same submit_sm bytes as the smpp library: GSM-7, UCS-2 Arabic, concatenated parts with UDH', () => {
    let seq = 1;
    for (const [source, destination, text] of cases) {
      for (const part of buildParts(text, 42)) {
        const f: SmFields = {
          ...base,
          source_addr: source,
          destination_addr: destination,
          esm_class: part.esm_class,
          data_coding: part.data_coding,
          short_message: part.short_message,
        };
        const ours = encodeSubmitSm(f, seq);
        expect(ours.equals(reference('submit_sm', f, seq)), `${text.slice(0, 10)} part ${part.seq}`).toBe(true);
        // the library reads it back as the same submit_sm, and so do we (raw short_message, UDH split by esm_class)
        expect(smpp.PDU.fromBuffer(ours)).toMatchObject({
          command: 'submit_sm',
          sequence_number: seq,
          source_addr: source,
          destination_addr: destination,
        });
        const back = decodePdu(ours);
        expect(back).toMatchObject({
          command: 'submit_sm',
          command_id: CMD.submit_sm,
          sequence_number: seq,
          source_addr: source,
          destination_addr: destination,
          data_coding: part.data_coding,
          esm_class: part.esm_class,
          registered_delivery: 1,
        });
        expect(back.short_message?.equals(part.short_message)).toBe(true);
        const { udh } = splitUdh(part.esm_class, part.short_message);
        expect(udh === null).toBe(buildParts(text, 42).length === 1);
        seq++;
      }
    }
  });

  it("writes a receipt deliver_sm with its TLVs as the library does, and reads the library's back", () => {
    const text = Buffer.from(
      'id:1A2B sub:001 dlvrd:001 submit date:2611241200 done date:2611241201 stat:DELIVRD err:000 text:Hello',
      'latin1',
    );
    const f: SmFields = {
      ...base,
      registered_delivery: 0,
      source_addr: '966500000001',
      destination_addr: 'Risala',
      esm_class: 4,
      data_coding: 0,
      short_message: text,
      receipted_message_id: '1A2B',
      message_state: 2,
    };
    const ours = encodeSm(CMD.deliver_sm, f, 7);
    const lib = reference('deliver_sm', f, 7);
    expect(ours.equals(lib)).toBe(true);
    const back = decodePdu(lib);
    expect(back).toMatchObject({
      command: 'deliver_sm',
      sequence_number: 7,
      esm_class: 4,
      receipted_message_id: '1A2B',
      message_state: 2,
      source_addr: '966500000001',
    });
    expect(back.short_message?.toString('latin1')).toBe(text.toString('latin1'));
  });

  it('sends a body over 254 bytes as message_payload and reads it back', () => {
    const long = Buffer.from('y'.repeat(300));
    const f: SmFields = { ...base, source_addr: 'A', destination_addr: '1', esm_class: 0, data_coding: 0, short_message: long };
    const ours = encodeSm(CMD.deliver_sm, f, 3);
    const lib = smpp.PDU.fromBuffer(ours);
    expect(lib.short_message).toEqual({ message: '' });
    expect(String(lib.message_payload.message)).toBe('y'.repeat(300));
    expect(decodePdu(ours).short_message?.equals(long)).toBe(true);
  });

  it('refuses a body that runs past the PDU', () => {
    const ok = encodeSubmitSm(
      { ...base, source_addr: 'A', destination_addr: '1', esm_class: 0, data_coding: 0, short_message: Buffer.from('hello') },
      1,
    );
    const cut = Buffer.from(ok.subarray(0, ok.length - 3));
    cut.writeUInt32BE(cut.length, 0);
    expect(() => decodePdu(cut)).toThrow(/runs past/);
  });
});

describe('responses and header-only PDUs', () => {
  it('matches the library for submit_sm_resp, deliver_sm_resp, bind responses, errors, enquire_link and unbind', () => {
    const submit = { command_id: CMD.submit_sm, sequence_number: 11 };
    expect(encodeResponse(submit, 0, '1A2B').equals(reference('submit_sm_resp', { message_id: '1A2B' }, 11))).toBe(true);
    expect(encodeResponse(submit, 0x58).equals(reference('submit_sm_resp', { command_status: 0x58 }, 11))).toBe(true);
    expect(encodeResponse({ command_id: CMD.deliver_sm, sequence_number: 12 }).equals(reference('deliver_sm_resp', {}, 12))).toBe(true);
    expect(
      encodeResponse({ command_id: 0x09, sequence_number: 1 }, 0, 'SMSC').equals(
        reference('bind_transceiver_resp', { system_id: 'SMSC' }, 1),
      ),
    ).toBe(true);
    expect(encodeResponse({ command_id: CMD.enquire_link, sequence_number: 5 }).equals(reference('enquire_link_resp', {}, 5))).toBe(true);
    expect(encodeHeader(CMD.unbind, 6).equals(reference('unbind', {}, 6))).toBe(true);
    expect(decodePdu(reference('submit_sm_resp', { message_id: 'ABC' }, 9))).toMatchObject({
      command: 'submit_sm_resp',
      command_status: 0,
      sequence_number: 9,
      message_id: 'ABC',
    });
  });

  it('answers a request it does not know with generic_nack ESME_RINVCMDID', () => {
    const nack = decodePdu(encodeResponse({ command_id: 0x103, sequence_number: 4 }));
    expect(nack).toMatchObject({ command: 'generic_nack', command_status: 3, sequence_number: 4 });
  });

  it('leaves the other PDUs to the library', () => {
    const bind = reference('bind_transceiver', { system_id: 'client', password: 'secret', interface_version: 0x34 }, 1);
    expect(decodePdu(bind)).toMatchObject({ command: 'bind_transceiver', system_id: 'client', password: 'secret' });
  });
});
