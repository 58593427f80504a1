import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Security headers on every response (@fastify/helmet): a Content-Security-Policy cut to what the
 * single-page app really loads, no framing by anyone (clickjacking), no referrer (reset links
 * carry their token in the URL), nosniff, and HSTS / upgrade-insecure-requests only when the
 * public address is https (a plain-http instance on a LAN must keep working).
 */
/**
 * The origins a signed link of the account's S3-compatible store points at: the endpoint (path
 * style) and the bucket's own host (virtual-hosted style); AWS's regional endpoint without one.
 */
export function storageOrigins(s3: Config['s3']): string[] {
  if (!s3) return [];
  const endpoint = new URL(s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`);
  const origins = [endpoint.origin];
  if (!s3.forcePathStyle) origins.push(`${endpoint.protocol}//${s3.bucket}.${endpoint.host}`);
  return origins;
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'publicUrl' | 's3'>) {
  const https = config.publicUrl.startsWith('https://');
  // the product's own origins besides this one: its public address (links in mails, when the app
  // is reached under another name) and its file store's signed links
  const own = [...new Set([new URL(config.publicUrl).origin, ...storageOrigins(config.s3)])];
  // frames: a plain-http S3 store (MinIO on a LAN) serves previews from its own origin
  const s3Frames = config.s3?.endpoint && !config.s3.endpoint.startsWith('https://') ? [new URL(config.s3.endpoint).origin] : [];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Mantine sets style attributes and injects its CSS variables in <style> at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        // only the product's own images: uploads and signed S3 links, data:/blob: for the canvas
        // editor and picture previews. No other origin: an image from elsewhere tells that site
        // who looks at what (a name in an answer, a preview). An email's remote images do not
        // show in its (srcdoc) preview, which inherits this policy; the sent email is unaffected.
        imgSrc: ["'self'", 'data:', 'blob:', ...own],
        fontSrc: ["'self'", 'data:'],
        // the canvas editor turns its data: URL into a blob with fetch
        connectSrc: ["'self'", 'data:', 'blob:'],
        frameSrc: ["'self'", ...s3Frames],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // tracking pixels, short links and signed downloads are loaded by mail clients on other
    // origins; the session cookie is SameSite=Strict, so nothing private rides along
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000 } : false,
  });
}
