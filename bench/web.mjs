/**
 * What a browser downloads and how soon it paints, measured in Debian's
 * Chromium against a running server on loopback, every visit with a cold cache:
 * - JavaScript transferred (encoded bytes, as the server sent them: brotli or gzip) by /login and
 *   by /dashboard for a signed-in user; targets ≤ 200 KB and ≤ 350 KB;
 * - Largest Contentful Paint of /login (median of 5 visits); target < 1 s.
 * Run alone against a server with `npm exec -- node bench/web.mjs http://localhost:3000`
 * (signs in as the demo account).
 */
import { chromium } from '@playwright/test';
import { pathToFileURL } from 'node:url';

const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
};

/** Loads `path` in a fresh context (cold cache) and sums what its responses transferred. */
async function transferred(browser, baseUrl, path, storageState) {
  const context = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const responses = [];
  page.on('requestfinished', (request) => responses.push(request));
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  const rows = await Promise.all(
    responses.map(async (request) => {
      const sizes = await request.sizes();
      const response = await request.response();
      return {
        type: request.resourceType(),
        body: sizes.responseBodySize,
        headers: sizes.responseHeadersSize,
        encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
      };
    }),
  );
  const url = page.url();
  await context.close();
  const scripts = rows.filter((r) => r.type === 'script');
  const encodings = [...new Set(scripts.map((r) => r.encoding))].join('/');
  return {
    url,
    scripts: scripts.length,
    scriptBytes: scripts.reduce((a, r) => a + r.body, 0),
    encodings,
    allBytes: rows.reduce((a, r) => a + r.body + r.headers, 0),
    requests: rows.length,
  };
}

/** Largest Contentful Paint of a cold visit, in ms (the last candidate once the page is idle). */
async function lcp(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  const ms = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1].startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return ms;
}

async function signedInState(browser, baseUrl, email, password) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  const state = await context.storageState();
  await context.close();
  return state;
}

export async function benchWeb(report, baseUrl, { email = 'demo@risala.local', password = 'Demo@2026', visits = 5 } = {}) {
  const browser = await chromium.launch(LAUNCH);
  try {
    const kb = (n) => (n / 1024).toFixed(1);
    const login = await transferred(browser, baseUrl, '/login');
    report(
      `JavaScript transferred by /login (${login.scripts} files, ${login.encodings}; whole page ${kb(login.allBytes)} KB in ${login.requests} requests)`,
      kb(login.scriptBytes),
      'KB',
      '≤ 200 KB',
      login.scriptBytes <= 200 * 1024,
    );
    const state = await signedInState(browser, baseUrl, email, password);
    const dashboard = await transferred(browser, baseUrl, '/dashboard', state);
    if (!new URL(dashboard.url).pathname.startsWith('/dashboard')) throw new Error(`/dashboard ended on ${dashboard.url}`);
    report(
      `JavaScript transferred by /dashboard, signed in (${dashboard.scripts} files, ${dashboard.encodings}; whole page ${kb(dashboard.allBytes)} KB in ${dashboard.requests} requests)`,
      kb(dashboard.scriptBytes),
      'KB',
      '≤ 350 KB',
      dashboard.scriptBytes <= 350 * 1024,
    );
    const paints = [];
    for (let i = 0; i < visits; i++) paints.push(await lcp(browser, `${baseUrl}/login`));
    paints.sort((a, b) => a - b);
    const median = Math.round(paints[Math.floor((visits - 1) / 2)]);
    report(
      `Largest Contentful Paint of /login on loopback (median of ${visits} cold visit${visits === 1 ? '' : 's'}; ${paints.map(Math.round).join(', ')} ms)`,
      median,
      'ms',
      '< 1000 ms',
      median < 1000,
    );
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchWeb(
    (name, value, unit, target, pass) =>
      process.stdout.write(`${pass ? 'OK  ' : 'MISS'}  ${name}: ${value} ${unit}   (target ${target})\n`),
    process.argv[2] ?? 'http://localhost:3000',
  );
}
