/**
 * Why an SMPP link failed, as reasons a user can act on (kept as catalogue keys, shown in the
 * reader's language) instead of the socket's own words ("getaddrinfo ENOTFOUND smsc.example").
 */
import { type Reason, translate } from '@risala/shared/i18n/index.ts';
import { esmeInfo } from './esme.ts';

/** A failure carrying its reason; the message is the English text, for logs. */
export class ReasonError extends Error {
  readonly reason: Reason;
  constructor(reason: Reason) {
    super(translate('en', reason.key, reason.params));
    this.name = 'ReasonError';
    this.reason = reason;
  }
}

/** A socket error to `host:port` (Node's error codes) as the reason people understand. */
export function socketReason(err: NodeJS.ErrnoException, host: string, port: number): Reason {
  switch (err.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return { key: 'gateway.smpp.hostNotFound', params: { host } };
    case 'ECONNREFUSED':
      return { key: 'gateway.smpp.refused', params: { host, port } };
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EHOSTDOWN':
      return { key: 'gateway.smpp.unreachable', params: { host, port } };
    case 'ECONNRESET':
    case 'EPIPE':
      return { key: 'gateway.smpp.reset' };
    default:
      return { key: 'gateway.smpp.connectFailed', params: { reason: err.code ?? err.message } };
  }
}

/** The SMSC answered the bind with an error status (wrong password, unknown system id…). */
export function bindRefusedReason(status: number): Reason {
  const info = esmeInfo(status);
  const code = `0x${status.toString(16).padStart(2, '0').toUpperCase()}`;
  return { key: 'gateway.smpp.bindRefused', params: { name: info.name, detail: { key: info.key, params: { code } } } };
}
