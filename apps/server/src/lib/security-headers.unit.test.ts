import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.ts';

async function headersFor(publicUrl: string, s3: { endpoint?: string } | null = null) {
  const app = Fastify();
  await registerSecurityHeaders(app, { publicUrl, s3: s3 as never });
  app.get('/', async () => ({ ok: true }));
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return res.headers;
}

const directives = (csp: unknown) =>
  Object.fromEntries(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([k, ...v]) => [k, v]),
  );

describe('security headers', () => {
  it('sends a CSP for the single-page app, no framing, no referrer, nosniff', async () => {
    const h = await headersFor('http://localhost:3000');
    const csp = directives(h['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['cross-origin-resource-policy']).toBe('cross-origin');
    // plain http: no HSTS and no upgrade of subresources (a LAN instance keeps working)
    expect(h['strict-transport-security']).toBeUndefined();
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });

  it('adds HSTS and upgrade-insecure-requests behind https, and a plain-http S3 store’s origin for images', async () => {
    const h = await headersFor('https://portal.example', { endpoint: 'http://minio.lan:9000' });
    expect(h['strict-transport-security']).toMatch(/max-age=31536000/);
    const csp = directives(h['content-security-policy']);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(csp['img-src']).toContain('http://minio.lan:9000');
  });

  it("loads images only from the product's own origins and data: (no https: wildcard)", async () => {
    const local = directives((await headersFor('http://localhost:3000'))['content-security-policy'])['img-src'];
    expect(local).toEqual(["'self'", 'data:', 'blob:', 'http://localhost:3000']);
    const aws = directives(
      (await headersFor('https://portal.example', { region: 'me-south-1', bucket: 'risala-files', forcePathStyle: false } as never))[
        'content-security-policy'
      ],
    )['img-src'];
    expect(aws).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://portal.example',
      'https://s3.me-south-1.amazonaws.com',
      'https://risala-files.s3.me-south-1.amazonaws.com',
    ]);
    expect(aws).not.toContain('https:');
  });
});
