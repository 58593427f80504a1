/**
 * SMPP 3.4 PDUs of the sending hot path, written and read straight from Buffers: submit_sm and
 * deliver_sm (the same body layout), their responses, and the header-only PDUs. The `smpp`
 * library builds and parses every PDU through generic field tables and filters (≈ 28 µs per
 * submit_sm, and a GSM decode of every body); at thousands of parts a second on both ends of the
 * link that was the largest CPU cost of SMPP after the socket writes. Everything else (bind,
 * unbind, outbind, data_sm…) still goes through the library (`decodePdu` falls back to it). The
 * unit test checks these bytes against the library's own encoder and decoder.
 */
import smpp from 'smpp';

export const CMD = {
  generic_nack: 0x80000000,
  submit_sm: 0x00000004,
  submit_sm_resp: 0x80000004,
  deliver_sm: 0x00000005,
  deliver_sm_resp: 0x80000005,
  unbind: 0x00000006,
  unbind_resp: 0x80000006,
  enquire_link: 0x00000015,
  enquire_link_resp: 0x80000015,
} as const;

const NAMES = new Map<number, string>(Object.entries(CMD).map(([name, id]) => [id, name]));
const HEADER = 16;
/** the library's limit too */
export const MAX_PDU_LENGTH = 16384;

const TLV = { receipted_message_id: 0x001e, network_error_code: 0x0423, message_payload: 0x0424, message_state: 0x0427 } as const;

/** The fields of a submit_sm or deliver_sm. */
export interface SmFields {
  service_type?: string;
  source_addr_ton: number;
  source_addr_npi: number;
  source_addr: string;
  dest_addr_ton: number;
  dest_addr_npi: number;
  destination_addr: string;
  esm_class: number;
  registered_delivery: number;
  data_coding: number;
  /** already encoded: UDH (when esm_class has UDHI) + body; over 254 bytes it goes as message_payload */
  short_message: Buffer;
  /** deliver_sm receipts */
  receipted_message_id?: string;
  message_state?: number;
}

/** A decoded PDU: the header, and for submit_sm / deliver_sm their fields (short_message raw, UDH included). */
export interface Pdu extends Partial<SmFields> {
  command: string;
  command_id: number;
  command_status: number;
  sequence_number: number;
  /** submit_sm_resp */
  message_id?: string;
  network_error_code?: Buffer;
  // bind PDUs and the rest, as the library decodes them
  [field: string]: unknown;
}

export type SubmitFields = SmFields;

function header(b: Buffer, length: number, commandId: number, status: number, sequence: number) {
  b.writeUInt32BE(length, 0);
  b.writeUInt32BE(commandId, 4);
  b.writeUInt32BE(status, 8);
  b.writeUInt32BE(sequence, 12);
}

/** submit_sm or deliver_sm. */
export function encodeSm(commandId: number, f: SmFields, sequence: number): Buffer {
  const service = Buffer.byteLength(f.service_type ?? '');
  const src = Buffer.byteLength(f.source_addr);
  const dst = Buffer.byteLength(f.destination_addr);
  const payload = f.short_message.length > 254;
  const sm = payload ? 0 : f.short_message.length;
  const receipted = f.receipted_message_id === undefined ? -1 : Buffer.byteLength(f.receipted_message_id);
  let tlvs = 0;
  if (payload) tlvs += 4 + f.short_message.length;
  if (receipted >= 0) tlvs += 4 + receipted + 1;
  if (f.message_state !== undefined) tlvs += 5;
  // service_type (n+1) + ton/npi (2) + source (n+1) + ton/npi (2) + destination (n+1) + esm_class,
  // protocol_id, priority_flag (3) + schedule "" (1) + validity "" (1) + registered_delivery,
  // replace_if_present, data_coding, sm_default_msg_id, sm_length (5) + short_message + TLVs
  const length = HEADER + service + 1 + 2 + src + 1 + 2 + dst + 1 + 3 + 1 + 1 + 5 + sm + tlvs;
  const b = Buffer.allocUnsafe(length);
  header(b, length, commandId, 0, sequence);
  let o = HEADER;
  if (service) o += b.write(f.service_type as string, o, 'latin1');
  b[o++] = 0;
  b[o++] = f.source_addr_ton;
  b[o++] = f.source_addr_npi;
  o += b.write(f.source_addr, o);
  b[o++] = 0;
  b[o++] = f.dest_addr_ton;
  b[o++] = f.dest_addr_npi;
  o += b.write(f.destination_addr, o);
  b[o++] = 0;
  b[o++] = f.esm_class;
  b[o++] = 0; // protocol_id
  b[o++] = 0; // priority_flag
  b[o++] = 0; // schedule_delivery_time ""
  b[o++] = 0; // validity_period ""
  b[o++] = f.registered_delivery;
  b[o++] = 0; // replace_if_present_flag
  b[o++] = f.data_coding;
  b[o++] = 0; // sm_default_msg_id
  b[o++] = sm;
  if (!payload) o += f.short_message.copy(b, o);
  if (payload) {
    b.writeUInt16BE(TLV.message_payload, o);
    b.writeUInt16BE(f.short_message.length, o + 2);
    o += 4 + f.short_message.copy(b, o + 4);
  }
  if (receipted >= 0) {
    b.writeUInt16BE(TLV.receipted_message_id, o);
    b.writeUInt16BE(receipted + 1, o + 2);
    o += 4 + b.write(f.receipted_message_id as string, o + 4, 'latin1');
    b[o++] = 0;
  }
  if (f.message_state !== undefined) {
    b.writeUInt16BE(TLV.message_state, o);
    b.writeUInt16BE(1, o + 2);
    b[o + 4] = f.message_state;
    o += 5;
  }
  return b;
}

export const encodeSubmitSm = (f: SmFields, sequence: number) => encodeSm(CMD.submit_sm, f, sequence);

/** A PDU of just its header: enquire_link, unbind, their responses, generic_nack, any error response. */
export function encodeHeader(commandId: number, sequence: number, status = 0): Buffer {
  const b = Buffer.allocUnsafe(HEADER);
  header(b, HEADER, commandId, status, sequence);
  return b;
}

/** requests whose response carries an id: bind_receiver, bind_transmitter, submit_sm, deliver_sm, bind_transceiver */
const RESPONSE_WITH_ID = new Set([0x01, 0x02, 0x04, 0x05, 0x09]);
/** requests answered with a header: unbind, enquire_link */
const RESPONSE_HEADER_ONLY = new Set([0x06, 0x15]);
const ESME_RINVCMDID = 0x00000003;

/**
 * The response to a request. submit_sm_resp and deliver_sm_resp carry a message_id (deliver_sm's
 * is empty) and bind responses a system_id; an error status sends the header alone, as the
 * library does. A request this codec does not answer gets generic_nack ESME_RINVCMDID.
 */
export function encodeResponse(request: Pick<Pdu, 'command_id' | 'sequence_number'>, status = 0, id = ''): Buffer {
  const c = request.command_id;
  if (!RESPONSE_WITH_ID.has(c) && !RESPONSE_HEADER_ONLY.has(c))
    return encodeHeader(CMD.generic_nack, request.sequence_number, ESME_RINVCMDID);
  const commandId = (c | 0x80000000) >>> 0;
  if (status !== 0 || RESPONSE_HEADER_ONLY.has(c)) return encodeHeader(commandId, request.sequence_number, status);
  const n = Buffer.byteLength(id, 'latin1');
  const b = Buffer.allocUnsafe(HEADER + n + 1);
  header(b, b.length, commandId, 0, request.sequence_number);
  b.write(id, HEADER, 'latin1');
  b[HEADER + n] = 0;
  return b;
}

/** A PDU the library builds (bind and the other rare ones). */
export function encodeWithLibrary(command: string, fields: Record<string, unknown>, sequence: number): Buffer {
  const pdu = new smpp.PDU(command, fields);
  pdu.sequence_number = sequence;
  return pdu.toBuffer();
}

function cstring(b: Buffer, at: number, end: number): [string, number] {
  let z = at;
  while (z < end && b[z] !== 0) z++;
  return [b.toString('latin1', at, z), Math.min(end, z + 1)];
}

function decodeSm(b: Buffer, p: Pdu, end: number) {
  let o = HEADER;
  [p.service_type, o] = cstring(b, o, end);
  p.source_addr_ton = b[o++] as number;
  p.source_addr_npi = b[o++] as number;
  [p.source_addr, o] = cstring(b, o, end);
  p.dest_addr_ton = b[o++] as number;
  p.dest_addr_npi = b[o++] as number;
  [p.destination_addr, o] = cstring(b, o, end);
  p.esm_class = b[o++] as number;
  o += 2; // protocol_id, priority_flag
  [, o] = cstring(b, o, end); // schedule_delivery_time
  [, o] = cstring(b, o, end); // validity_period
  p.registered_delivery = b[o++] as number;
  o += 1; // replace_if_present_flag
  p.data_coding = b[o++] as number;
  o += 1; // sm_default_msg_id
  const sm = b[o++] as number;
  if (o + sm > end) throw new Error('short_message runs past the PDU');
  p.short_message = Buffer.from(b.subarray(o, o + sm));
  o += sm;
  while (o + 4 <= end) {
    const tag = b.readUInt16BE(o);
    const len = b.readUInt16BE(o + 2);
    const v = o + 4;
    if (v + len > end) throw new Error('TLV runs past the PDU');
    if (tag === TLV.receipted_message_id) p.receipted_message_id = cstring(b, v, v + len)[0];
    else if (tag === TLV.message_state && len >= 1) p.message_state = b[v] as number;
    else if (tag === TLV.network_error_code) p.network_error_code = Buffer.from(b.subarray(v, v + len));
    else if (tag === TLV.message_payload && sm === 0) p.short_message = Buffer.from(b.subarray(v, v + len));
    o = v + len;
  }
}

/** One whole PDU (its length already checked by the framer). Throws on a malformed body. */
export function decodePdu(b: Buffer): Pdu {
  const commandId = b.readUInt32BE(4);
  const name = NAMES.get(commandId);
  if (!name) return smpp.PDU.fromBuffer(b) as unknown as Pdu;
  const end = b.readUInt32BE(0);
  const p: Pdu = { command: name, command_id: commandId, command_status: b.readUInt32BE(8), sequence_number: b.readUInt32BE(12) };
  if (commandId === CMD.submit_sm || commandId === CMD.deliver_sm) decodeSm(b, p, end);
  else if (commandId === CMD.submit_sm_resp && end > HEADER) p.message_id = cstring(b, HEADER, end)[0];
  return p;
}

export const isResponse = (p: Pick<Pdu, 'command_id'>) => (p.command_id & 0x80000000) !== 0;

/** A short_message's UDH (length byte included) and body, by esm_class's UDHI bit (0x40). */
export function splitUdh(esmClass: number, sm: Buffer): { udh: Buffer | null; body: Buffer } {
  if ((esmClass & 0x40) === 0 || sm.length === 0) return { udh: null, body: sm };
  const n = 1 + (sm[0] as number);
  return { udh: sm.subarray(0, n), body: sm.subarray(n) };
}
