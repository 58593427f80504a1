/**
 * The ZATCA simplified-invoice QR payload (phase 1): five TLV fields — 1 seller name, 2 seller VAT
 * number, 3 timestamp (ISO 8601), 4 invoice total with VAT, 5 VAT total — each a tag byte, a length
 * byte (of the UTF-8 value) and the value, all base64-encoded.
 */
export interface ZatcaFields {
  sellerName: string;
  vatNumber: string;
  timestamp: string;
  totalWithVat: string;
  vatAmount: string;
}

export function zatcaQrPayload(f: ZatcaFields): string {
  const values = [f.sellerName, f.vatNumber, f.timestamp, f.totalWithVat, f.vatAmount];
  const parts = values.map((v, i) => {
    const bytes = Buffer.from(v, 'utf8');
    if (bytes.length > 255) throw new Error(`ZATCA field ${i + 1} is longer than 255 bytes`);
    return Buffer.concat([Buffer.from([i + 1, bytes.length]), bytes]);
  });
  return Buffer.concat(parts).toString('base64');
}

/** The fields back from a payload (tag → value), for tests and for checking a stored invoice. */
export function decodeZatcaQr(base64: string): Record<number, string> {
  const buf = Buffer.from(base64, 'base64');
  const out: Record<number, string> = {};
  let i = 0;
  while (i + 2 <= buf.length) {
    const tag = buf[i];
    const len = buf[i + 1];
    out[tag] = buf.subarray(i + 2, i + 2 + len).toString('utf8');
    i += 2 + len;
  }
  return out;
}

/** Halalas as the decimal SAR string ZATCA expects ("1150.00"). */
export function sarString(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
