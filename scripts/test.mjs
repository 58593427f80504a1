/**
 * `npm test`: every check, in order, stopping at the first failure —
 * lint → type checks → unit tests → server integration tests (real PostgreSQL) → bench smoke (every
 * bench function once with tiny sizes: a broken bench fails here) → browser E2E.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './build-web.mjs';

const bin = (p) => path.join(root, 'node_modules', p);
const steps = [
  ['lint', [bin('@biomejs/biome/bin/biome'), 'check', '.']],
  ['typecheck: shared', [bin('typescript/bin/tsc'), '-p', 'packages/shared', '--noEmit']],
  ['typecheck: server', [bin('typescript/bin/tsc'), '-p', 'apps/server', '--noEmit']],
  ['typecheck: web', [bin('typescript/bin/tsc'), '-p', 'apps/web', '--noEmit']],
  ['typecheck: e2e', [bin('typescript/bin/tsc'), '-p', 'e2e', '--noEmit']],
  ['unit tests', [bin('vitest/vitest.mjs'), 'run', '--project', 'unit']],
  ['integration tests', [bin('vitest/vitest.mjs'), 'run', '--project', 'integration']],
  ['bench smoke', [path.join(root, 'bench/run.mjs'), '--smoke']],
  ['e2e tests', [path.join(root, 'scripts/e2e.mjs')]],
];

const only = process.argv.slice(2);
const results = [];
for (const [name, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  const started = Date.now();
  process.stdout.write(`\n── ${name} ──\n`);
  const res = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });
  const ok = res.status === 0;
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  if (!ok) break;
}
process.stdout.write('\n── summary ──\n');
for (const r of results) process.stdout.write(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds} s)\n`);
const failed = results.filter((r) => !r.ok).length;
process.stdout.write(`${results.length - failed} passed, ${failed} failed\n`);
process.exit(failed ? 1 : 0);
