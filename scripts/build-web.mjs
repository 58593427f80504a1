/**
 * Builds the web app when its sources are newer than the last build (or there is none).
 * Used by `npm start`, the E2E run and the benchmark, so a fresh checkout needs no extra step.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

export function buildWebIfStale({ force = false } = {}) {
  const sources = [
    path.join(web, 'src'),
    path.join(web, 'index.html'),
    path.join(web, 'vite.config.ts'),
    path.join(root, 'packages/shared/src'),
  ];
  const built = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  if (!force && built && Math.max(...sources.map(newest)) <= built) return false;
  process.stdout.write('Building the web app…\n');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const res = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('web build failed');
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildWebIfStale({ force: process.argv.includes('--force') });
}
