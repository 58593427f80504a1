/**
 * Screenshots of key screens for the README (docs/screenshots/*.png), taken with Playwright and
 * Debian's chromium against a real server on a throw-away database: `node scripts/screenshots.mjs`.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildWebIfStale, root } from './build-web.mjs';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

await buildWebIfStale();
const dir = mkdtempSync(path.join(tmpdir(), 'risala-shots-'));
chmodSync(dir, 0o755);
const out = path.join(root, 'docs/screenshots');
mkdirSync(out, { recursive: true });
const port = await freePort();
const base = `http://localhost:${port}`;
const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dir, EMBEDDED_PG_PORT: '0', SANDBOX_SMTP_PORT: '0', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  let buf = '';
  server.stdout.on('data', (c) => {
    buf += c;
    if (buf.includes('Risala is ready')) resolve();
  });
  server.once('exit', (code) => reject(new Error(`server exited ${code}`)));
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const shot = (name) => page.screenshot({ path: path.join(out, `${name}.png`) });
  await page.goto(`${base}/login`);
  await page.getByTestId('login-email').waitFor();
  await shot('login');
  await page.getByTestId('login-email').fill('demo@risala.local');
  await page.getByTestId('login-password').fill('Demo@2026');
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/dashboard/);
  await page.getByTestId('getting-started').waitFor();
  await page.getByTestId('kpi-creditsLeft-value').waitFor();
  await shot('dashboard');
  await page.getByTestId('notification-bell').click();
  await page.getByTestId('notification-item').first().waitFor();
  await page.waitForTimeout(300);
  await shot('shell-notifications');
  await page.keyboard.press('Escape');
  // the demo account comes with its data (apps/server/src/demo-data.ts)
  await page.goto(`${base}/customer`);
  await page.waitForTimeout(1600);
  await shot('customers');
  await page.goto(`${base}/canvas-editor`);
  await page.getByTestId('canvas-add-rect').click();
  await page.getByTestId('canvas-add-text').click();
  await page.getByTestId('canvas-text-input').fill('قهوة الصباح بخصم ٢٠٪');
  await page.waitForTimeout(600);
  await shot('canvas-editor');
  await page.goto(`${base}/template/new/sms`);
  await page.waitForTimeout(1600);
  await shot('template-sms');
  // messages to the demo segment through the sandbox pipeline, then the sending screens
  const { data: groups } = await (await page.request.get(`${base}/api/groups?type=dynamic`)).json();
  await page.request.post(`${base}/api/messages/sms`, {
    data: { recipients: { group_ids: groups.items.map((g) => g.id) }, text: 'Risala Demo Store: 20% off everything this weekend!' },
  });
  await page.goto(`${base}/message-history`);
  await page.waitForTimeout(3500);
  await shot('message-history');
  await page.goto(`${base}/message-history/new-sms`);
  await page.waitForTimeout(1600);
  await shot('new-sms');
  await page.goto(`${base}/campaign`);
  await page.waitForTimeout(1600);
  await shot('campaign-launcher');
  await page.goto(`${base}/user-profile`);
  await page.waitForTimeout(1600);
  await shot('user-profile');
  // the assistant (built-in engine): a count and a campaign draft
  await page.goto(`${base}/dashboard`);
  await page.getByTestId('chat-toggle').click();
  for (const q of [
    'How many customers are in the Demo customers group?',
    'Create an SMS campaign for the Demo customers group tomorrow at 10',
  ]) {
    await page.getByTestId('chat-input').fill(q);
    await page.getByTestId('chat-input').press('Enter');
    await page.getByTestId('chat-thinking').waitFor({ state: 'detached' });
  }
  await page.waitForTimeout(400);
  await shot('assistant');
  await page.getByTestId('chat-minimize').click();
  await page.getByTestId('language-toggle').click();
  await page.goto(`${base}/dashboard`);
  await page.waitForTimeout(1600);
  await shot('shell-arabic');
  await page.goto(`${base}/subscriptionplan`);
  await page.waitForTimeout(1600);
  await shot('plans-arabic');
  process.stdout.write(`screenshots written to ${out}\n`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
