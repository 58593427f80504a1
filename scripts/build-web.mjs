/**
 * Builds the web app when its sources are newer than the last build (or there is none), then
 * writes a brotli (.br) and a gzip (.gz) copy of every compressible file beside it, which the
 * server sends as they are (@fastify/static `preCompressed`): compressed once at the highest
 * level, never per request. Used by `npm start`, `npm run build`, the E2E run and the benchmark,
 * so a fresh checkout needs no extra step.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

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

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** smaller files gain less than the bytes of the Content-Encoding header */
const MIN_BYTES = 512;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/**
 * Writes `<file>.br` and `<file>.gz` for every compressible file of `dir` worth compressing (the
 * copy is kept only when it saves a tenth or more). Returns how many files were compressed.
 */
export async function precompress(dir) {
  const files = filesUnder(dir).filter((f) => COMPRESSIBLE.test(f));
  let count = 0;
  // zlib runs on libuv's thread pool: a few files at a time keep every core busy
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const raw = await readFile(file);
      if (raw.length < MIN_BYTES) continue;
      const [br, gzipped] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gz(raw, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length <= raw.length * 0.9) await writeFile(`${file}.br`, br);
      if (gzipped.length <= raw.length * 0.9) await writeFile(`${file}.gz`, gzipped);
      count += 1;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return count;
}

export async function buildWebIfStale({ force = false } = {}) {
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
  // always React's production build: a NODE_ENV inherited from the caller (vitest sets `test`) would
  // otherwise ship the development build, two to three times the size
  const env = { ...process.env, NODE_ENV: 'production' };
  const res = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit', env });
  if (res.status !== 0) throw new Error('web build failed');
  await precompress(path.join(web, 'dist'));
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildWebIfStale({ force: process.argv.includes('--force') });
}
