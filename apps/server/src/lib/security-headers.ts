import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Security headers on every response (@fastify/helmet): a Content-Security-Policy cut to what the
 * single-page app really loads, no framing by anyone (clickjacking), no referrer (reset links
 * carry their token in the URL), nosniff, and HSTS / upgrade-insecure-requests only when the
 * public address is https (a plain-http instance on a LAN must keep working).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'publicUrl' | 's3'>) {
  const https = config.publicUrl.startsWith('https://');
  // signed links of an S3-compatible store that is not https (MinIO on a LAN): its own origin
  const s3Origin = config.s3?.endpoint && !config.s3.endpoint.startsWith('https://') ? [new URL(config.s3.endpoint).origin] : [];
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
        // uploads and signed S3 links, data:/blob: for the canvas editor and picture previews, and
        // the remote images of an email shown in its (sandboxed, srcdoc) preview
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...s3Origin],
        fontSrc: ["'self'", 'data:'],
        // the canvas editor turns its data: URL into a blob with fetch
        connectSrc: ["'self'", 'data:', 'blob:'],
        frameSrc: ["'self'", ...s3Origin],
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
