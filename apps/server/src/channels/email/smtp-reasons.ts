/**
 * Why a mail could not go out through a tenant's relay, as reasons a user can act on (catalogue
 * keys, read in the reader's language) instead of nodemailer's words ("Greeting never received",
 * "connect ECONNREFUSED 10.0.0.5:25") — the same idea as channels/sms/link-reasons.ts for SMPP.
 * What the server itself answered stays as the reason's detail, untranslated.
 */
import type { Reason } from '@risala/shared/i18n/index.ts';

interface MailError extends Error {
  code?: string;
  /** nodemailer keeps the socket's own code here when it reports ESOCKET / EDNS / ECONNECTION */
  originalCode?: string;
  /** which of nodemailer's timeouts ran out (CONNECTION_TIMEOUT, GREETING_TIMEOUT, SOCKET_TIMEOUT) */
  timeoutType?: string;
  response?: string;
  responseCode?: number;
}

/** Host names and server answers keep their own direction inside an Arabic sentence. */
const isolate = (value: string | number) => `\u2068${value}\u2069`;

const TLS_CODES = /^(?:ERR_SSL_|ERR_TLS_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(?:GET|VERIFY)_|EPROTO$)/;

const key = (name: string) => `senders.email.reasons.${name}`;

/** The reason, followed by what the server answered when it said anything. */
function withDetail(reason: Reason, detail: string | undefined): Reason {
  const text = detail?.trim().slice(0, 300);
  return text ? { key: key('withDetail'), params: { reason, detail: isolate(text) } } : reason;
}

/** A failed SMTP send (connect, greeting, TLS, login or the message itself) to `host:port`. */
export function smtpFailureReason(err: unknown, host: string, port: number): Reason {
  const e = (err ?? {}) as MailError;
  const code = e.code ?? '';
  const socket = e.originalCode ?? code;
  const where = { host: isolate(host), port };
  if (['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'ENODATA'].includes(socket) || code === 'EDNS') {
    return { key: key('hostNotFound'), params: { host: isolate(host) } };
  }
  if (socket === 'ECONNREFUSED') return { key: key('refused'), params: where };
  if (['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN'].includes(socket)) return { key: key('unreachable'), params: where };
  if (code === 'ETIMEDOUT' || socket === 'ETIMEDOUT') {
    // connected, but no "220" banner: usually TLS on a STARTTLS port or the other way round
    if (e.timeoutType === 'GREETING_TIMEOUT') return { key: key('noGreeting'), params: where };
    if (e.timeoutType === 'SOCKET_TIMEOUT') return { key: key('noAnswer'), params: where };
    return { key: key('unreachable'), params: where };
  }
  if (code === 'EAUTH' || code === 'ENOAUTH') return withDetail({ key: key('authFailed') }, e.response);
  if (code === 'ETLS' || code === 'EREQUIRETLS' || TLS_CODES.test(socket))
    return withDetail({ key: key('tls'), params: where }, e.response);
  if (socket === 'ECONNRESET' || socket === 'EPIPE' || code === 'ECONNECTION')
    return withDetail({ key: key('closed'), params: where }, e.response);
  if (typeof e.responseCode === 'number' && e.response)
    return { key: key('rejected'), params: { detail: isolate(e.response.slice(0, 300)) } };
  return { key: key('failed'), params: { detail: isolate((e.response || e.message || code || 'SMTP').slice(0, 300)) } };
}

/** A send that failed without a relay of the tenant's (the platform's own mailer): its words as the detail. */
export function mailFailureReason(err: unknown): Reason {
  const e = (err ?? {}) as MailError;
  return { key: key('failed'), params: { detail: isolate((e.response || e.message || e.code || 'SMTP').slice(0, 300)) } };
}

/** SendGrid refused or could not be reached (status 0). */
export function sendgridFailureReason(status: number, detail: string): Reason {
  if (status === 0) return withDetail({ key: key('sendgridUnreachable') }, detail);
  if (status === 401 || status === 403) return withDetail({ key: key('sendgridKey') }, detail);
  return withDetail({ key: key('sendgridRefused'), params: { status } }, detail);
}
