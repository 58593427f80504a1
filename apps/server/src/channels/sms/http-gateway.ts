/**
 * HTTP SMS gateways (connections of type `http`), on the model of Jasmin's HTTP API.
 *
 * Submit — one request per message: `POST <post_url>`, `Content-Type: application/x-www-form-urlencoded`,
 *   username=<http_username>&password=<http_password>&to=<recipient, no "+">&from=<sender>
 *   &content=<the whole text, UTF-8>&coding=<0 GSM-7 | 8 UCS-2>&dlr=yes&dlr-url=<our receipt URL>
 *   &dlr-level=3&dlr-method=POST
 * The gateway splits long texts itself, so a message is one request and one id (whatever its parts).
 * Answers: 2xx with `Success "<id>"` (Jasmin) or JSON `{ "message_id": "<id>" }` (also `id`,
 * `messageId`) → accepted with that id; another 2xx body → refused (no id to match receipts by);
 * 4xx → refused, the body (≤ 300 characters) is the reason; 5xx, a network error or no answer
 * within response_timeout_s → transient (the sender retries). Redirects are never followed (a 3xx
 * is refused). The socket goes to the address the SSRF guard checked (`lookup`), and a proxy is
 * given as the checked address of proxy_host. A proxy (proxy_host/port, optional credentials) is
 * used through Node's own `http.Agent({ proxyEnv })`: absolute-form requests for http, CONNECT
 * tunnels for https.
 *
 * Receipts — the gateway calls `dlr-url` = `<PUBLIC_URL>/webhooks/http-dlr/<connection id>/<token>`
 * (GET query or POST form/JSON), token = HMAC-SHA256 of the connection id with the server's secret,
 * with Jasmin's fields: `id` (the id the submit answered), `message_status` (DELIVRD, UNDELIV,
 * REJECTD, EXPIRED, DELETED, ACCEPTD, UNKNOWN, ENROUTE — or, for a level-1 DLR, the SMSC's answer
 * ESME_ROK = accepted / ESME_R… = rejected), `level`, `err`, `sub`, `dlvrd`, `subdate`, `donedate`,
 * `text`. We answer `ACK/Jasmin` once the receipt is stored (Jasmin resends unacknowledged ones).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Reason } from '@risala/shared/i18n/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Receipt } from './dlr.ts';
import { mapStat } from './dlr.ts';

export interface HttpSubmit {
  username: string;
  password: string;
  to: string;
  from: string;
  content: string;
  coding: 0 | 8;
  dlrUrl: string;
}

export function submitForm(s: HttpSubmit): string {
  return new URLSearchParams({
    username: s.username,
    password: s.password,
    to: s.to,
    from: s.from,
    content: s.content,
    coding: String(s.coding),
    dlr: 'yes',
    'dlr-url': s.dlrUrl,
    'dlr-level': '3',
    'dlr-method': 'POST',
  }).toString();
}

export type SubmitAnswer =
  | { kind: 'accepted'; id: string }
  /** `reason`: the gateway's own words; `why`: our reason instead, when we refused before asking */
  | { kind: 'refused'; code: string; reason: string; why?: Reason }
  | { kind: 'transient'; code: string; reason: string };

const MAX_REASON = 300;
const clip = (s: string) => (s.length > MAX_REASON ? `${s.slice(0, MAX_REASON)}…` : s);

/** What an HTTP answer to a submit means. */
export function parseSubmitAnswer(status: number, body: string): SubmitAnswer {
  const text = body.trim();
  const why = clip(`HTTP ${status}${text ? `: ${text}` : ''}`);
  if (status >= 500) return { kind: 'transient', code: `HTTP_${status}`, reason: why };
  if (status < 200 || status >= 300) return { kind: 'refused', code: `HTTP_${status}`, reason: why };
  const jasmin = /^Success\s+"([^"]+)"/i.exec(text);
  if (jasmin) return { kind: 'accepted', id: jasmin[1] as string };
  try {
    const j = JSON.parse(text) as Record<string, unknown>;
    const id = j.message_id ?? j.messageId ?? j.id;
    if (typeof id === 'string' || typeof id === 'number') return { kind: 'accepted', id: String(id) };
  } catch {
    // not JSON: falls through
  }
  return { kind: 'refused', code: 'HTTP_NO_MESSAGE_ID', reason: why };
}

export interface PostOptions {
  timeoutMs: number;
  /** resolves the target's name for the socket: the SSRF guard's `checkedLookup`, which refuses private answers */
  lookup?: LookupFunction;
  /** http://[user:pass@]host:port of a forward proxy */
  proxyUrl: string | null;
  maxBodyBytes?: number;
  /** aborts the request (a stopped connection) */
  signal?: AbortSignal;
}

/** Thrown for a request that got no answer; `maybeSent`: the request left, the gateway may have it. */
export class HttpTransportError extends Error {
  constructor(
    message: string,
    readonly maybeSent: boolean,
  ) {
    super(message);
  }
}

/** POSTs a form; resolves with the status and (capped) body, never follows redirects. */
export function postForm(url: URL, form: string, o: PostOptions): Promise<{ status: number; body: string }> {
  const lib = url.protocol === 'https:' ? https : http;
  const agent = o.proxyUrl
    ? new lib.Agent({ proxyEnv: url.protocol === 'https:' ? { HTTPS_PROXY: o.proxyUrl } : { HTTP_PROXY: o.proxyUrl } })
    : undefined;
  const max = o.maxBodyBytes ?? 64 * 1024;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    let sent = false;
    const req = lib.request(
      url,
      {
        method: 'POST',
        agent,
        lookup: o.lookup,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(form),
          accept: 'text/plain, application/json',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < max) chunks.push(c);
          size += c.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, max).toString('utf8') }));
        res.on('error', (err) => reject(new HttpTransportError(err.message, true)));
      },
    );
    req.setTimeout(o.timeoutMs, () => req.destroy(new HttpTransportError(`no answer within ${Math.round(o.timeoutMs / 1000)} s`, true)));
    const abort = () => req.destroy(new HttpTransportError('connection stopped', sent));
    if (o.signal?.aborted) abort();
    o.signal?.addEventListener('abort', abort, { once: true });
    req.on('close', () => o.signal?.removeEventListener('abort', abort));
    req.on('finish', () => {
      sent = true;
    });
    // a refused address (AppError from the lookup) never connected: passed on as it is
    req.on('error', (err) =>
      reject(err instanceof HttpTransportError || err instanceof AppError ? err : new HttpTransportError(err.message, sent)),
    );
    req.end(form);
  });
  return answer.finally(() => agent?.destroy());
}

/** The proxy URL of a connection, or null. */
export function proxyUrl(
  p: { proxy_host: string | null; proxy_port: number | null; proxy_username: string | null },
  password: string,
): string | null {
  if (!p.proxy_host) return null;
  const auth = p.proxy_username ? `${encodeURIComponent(p.proxy_username)}:${encodeURIComponent(password)}@` : '';
  const host = p.proxy_host.includes(':') && !p.proxy_host.startsWith('[') ? `[${p.proxy_host}]` : p.proxy_host;
  return `http://${auth}${host}:${p.proxy_port ?? 8080}`;
}

const tokenOf = (secret: string, connectionId: number) =>
  createHmac('sha256', `http-dlr:${secret}`).update(String(connectionId)).digest('base64url').slice(0, 32);

/** The receipt URL given to the gateway for a connection. */
export function dlrUrl(publicUrl: string, secret: string, connectionId: number): string {
  return `${publicUrl}/webhooks/http-dlr/${connectionId}/${tokenOf(secret, connectionId)}`;
}

export function verifyDlrToken(secret: string, connectionId: number, token: string): boolean {
  const expected = Buffer.from(tokenOf(secret, connectionId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const field = (f: Record<string, unknown>, k: string) => {
  const v = f[k];
  return typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
};

/** A receipt from Jasmin's DLR fields; null when `id` or `message_status` is missing. */
export function parseHttpDlr(f: Record<string, unknown>): Receipt | null {
  const id = field(f, 'id');
  const status = field(f, 'message_status').toUpperCase();
  if (!id || !status) return null;
  // level 1: the SMSC's answer to submit_sm — accepted, or a rejection named by its ESME code
  const esme = status.startsWith('ESME_');
  const stat = esme ? (status === 'ESME_ROK' ? 'ACCEPTD' : 'REJECTD') : status;
  const num = (v: string) => (/^\d+$/.test(v) ? Number(v) : null);
  return {
    id,
    stat,
    ...mapStat(stat),
    err: (esme && status !== 'ESME_ROK' ? status : field(f, 'err')) || null,
    sub: num(field(f, 'sub')),
    dlvrd: num(field(f, 'dlvrd')),
    submitDate: field(f, 'subdate') || null,
    doneDate: field(f, 'donedate') || null,
    text: field(f, 'text') || null,
  };
}
