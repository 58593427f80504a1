/**
 * SMPP command_status codes (ESME_R*) → readable texts (i18n keys gateway.smpp.<NAME>, English and
 * Arabic in packages/shared/src/i18n/{en,ar}/gateway.json) and whether a submit that got one may be
 * retried later (congestion, system errors) or failed for good (bad address, bad content, …).
 */
import { type Reason, translate } from '@risala/shared/i18n/index.ts';

export const ESME = {
  ESME_ROK: 0x00,
  ESME_RINVMSGLEN: 0x01,
  ESME_RINVCMDLEN: 0x02,
  ESME_RINVCMDID: 0x03,
  ESME_RINVBNDSTS: 0x04,
  ESME_RALYBND: 0x05,
  ESME_RINVPRTFLG: 0x06,
  ESME_RINVREGDLVFLG: 0x07,
  ESME_RSYSERR: 0x08,
  ESME_RINVSRCADR: 0x0a,
  ESME_RINVDSTADR: 0x0b,
  ESME_RINVMSGID: 0x0c,
  ESME_RBINDFAIL: 0x0d,
  ESME_RINVPASWD: 0x0e,
  ESME_RINVSYSID: 0x0f,
  ESME_RCANCELFAIL: 0x11,
  ESME_RREPLACEFAIL: 0x13,
  ESME_RMSGQFUL: 0x14,
  ESME_RINVSERTYP: 0x15,
  ESME_RINVNUMDESTS: 0x33,
  ESME_RINVDLNAME: 0x34,
  ESME_RINVDESTFLAG: 0x40,
  ESME_RINVSUBREP: 0x42,
  ESME_RINVESMCLASS: 0x43,
  ESME_RCNTSUBDL: 0x44,
  ESME_RSUBMITFAIL: 0x45,
  ESME_RINVSRCTON: 0x48,
  ESME_RINVSRCNPI: 0x49,
  ESME_RINVDSTTON: 0x50,
  ESME_RINVDSTNPI: 0x51,
  ESME_RINVSYSTYP: 0x53,
  ESME_RINVREPFLAG: 0x54,
  ESME_RINVNUMMSGS: 0x55,
  ESME_RTHROTTLED: 0x58,
  ESME_RINVSCHED: 0x61,
  ESME_RINVEXPIRY: 0x62,
  ESME_RINVDFTMSGID: 0x63,
  ESME_RX_T_APPN: 0x64,
  ESME_RX_P_APPN: 0x65,
  ESME_RX_R_APPN: 0x66,
  ESME_RQUERYFAIL: 0x67,
  ESME_RINVTLVSTREAM: 0xc0,
  ESME_RTLVNOTALLWD: 0xc1,
  ESME_RINVTLVLEN: 0xc2,
  ESME_RMISSINGTLV: 0xc3,
  ESME_RINVTLVVAL: 0xc4,
  ESME_RDELIVERYFAILURE: 0xfe,
  ESME_RUNKNOWNERR: 0xff,
} as const;
export type EsmeName = keyof typeof ESME;

const BY_CODE = new Map<number, EsmeName>(Object.entries(ESME).map(([name, code]) => [code, name as EsmeName]));

/** Temporary conditions: keep the message and submit it again later (throttling backs off first). */
const RETRYABLE = new Set<EsmeName>([
  'ESME_RTHROTTLED',
  'ESME_RMSGQFUL',
  'ESME_RSYSERR',
  'ESME_RX_T_APPN',
  'ESME_RSUBMITFAIL',
  'ESME_RDELIVERYFAILURE',
  'ESME_RUNKNOWNERR',
  'ESME_RINVBNDSTS',
]);

export interface EsmeInfo {
  code: number;
  /** ESME_R… or ESME_0x… for codes outside the table (vendor-specific 0x400–0x4FF …) */
  name: string;
  /** i18n key of the readable text */
  key: string;
  retryable: boolean;
  throttled: boolean;
}

export function esmeInfo(code: number): EsmeInfo {
  const name = BY_CODE.get(code);
  if (!name) {
    return {
      code,
      name: `ESME_0x${code.toString(16).padStart(4, '0').toUpperCase()}`,
      key: 'gateway.smpp.VENDOR',
      retryable: false,
      throttled: false,
    };
  }
  return { code, name, key: `gateway.smpp.${name}`, retryable: RETRYABLE.has(name), throttled: name === 'ESME_RTHROTTLED' };
}

/** "ESME_RINVDSTADR (0x0B): Invalid destination address" as a reason, for any language. */
export function esmeReason(code: number): Reason {
  const info = esmeInfo(code);
  const hex = `0x${code.toString(16).padStart(2, '0').toUpperCase()}`;
  return { key: 'sending.esme', params: { name: info.name, code: hex, text: { key: info.key, params: { code: hex } } } };
}

/** The same in the given language. */
export function esmeText(code: number, lang: 'en' | 'ar' = 'en'): string {
  const r = esmeReason(code);
  return translate(lang, r.key, r.params);
}

/** A failure the SMSC answered with a command_status. */
export class EsmeError extends Error {
  readonly status: number;
  readonly info: EsmeInfo;
  constructor(status: number, context = 'submit_sm') {
    super(`${context}: ${esmeText(status)}`);
    this.name = 'EsmeError';
    this.status = status;
    this.info = esmeInfo(status);
  }
}
