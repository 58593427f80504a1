/**
 * What must not reach a log: secrets that travel in URLs. Query parameters that carry a session, a
 * reset or download signature, a one-time code or a webhook handshake are replaced, and so are the
 * secret path segments of our own signed URLs (HTTP gateway receipts, tracking links).
 */
const SECRET_PARAMS = new Set([
  'token',
  'access_token',
  'refresh_token',
  'reset_token',
  'id_token',
  'otp',
  'code',
  'password',
  'secret',
  'sig',
  'signature',
  'ticket',
  'hub.verify_token',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
]);

/**
 * Path shapes with a secret segment: /webhooks/http-dlr/:connection/:token, /t/{o,c,u}/:id/:sig and
 * /api/s3/public/:sig/:key (an image's lasting address). The router matches these paths exactly,
 * so a secret in a path it would not route never reaches a handler anyway.
 */
const SECRET_SEGMENT = /^(\/webhooks\/http-dlr\/[^/]+\/|\/t\/[ocu]\/[^/]+\/|\/api\/s3\/public\/)[^/?#]+/;

export const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(SECRET_SEGMENT, `$1${REDACTED}`);
  if (q < 0) return path;
  const query = url.slice(q + 1);
  const parts = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    let key = rawKey;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    } catch {
      // a malformed key is kept as it came
    }
    return eq >= 0 && SECRET_PARAMS.has(key.toLowerCase()) ? `${rawKey}=${REDACTED}` : pair;
  });
  return `${path}?${parts.join('&')}`;
}
