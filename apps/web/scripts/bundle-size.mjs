/**
 * Measures the JavaScript a route loads from the production build, gzip-compressed:
 * the entry chunk named in dist/index.html plus every chunk it imports statically, plus the
 * lazy page chunk(s) matching the given name and their static imports (each chunk counted once).
 *
 *   node apps/web/scripts/bundle-size.mjs [PageChunkPrefix …]   (default: LoginPage)
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const assets = join(dist, 'assets');
const pages = process.argv.slice(2);
if (pages.length === 0) pages.push('LoginPage');

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = html.match(/<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/)?.[1];
if (!entry) throw new Error('No entry script in dist/index.html');

/** Static imports of a chunk: `import … from "./x.js"` and `import "./x.js"`, not `import("./x.js")`. */
function staticImports(file) {
  const code = readFileSync(join(assets, file), 'utf8');
  const found = new Set();
  for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) found.add(m[1]);
  return [...found];
}

function closure(start, seen = new Set()) {
  const stack = [start];
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...staticImports(file));
  }
  return seen;
}

const files = closure(entry);
const chunks = readdirSync(assets).filter((f) => f.endsWith('.js'));
for (const page of pages) {
  const match = chunks.filter((f) => f.startsWith(`${page}-`));
  if (match.length === 0) throw new Error(`No chunk named ${page}-*.js`);
  for (const file of match) closure(file, files);
}

let raw = 0;
let gzip = 0;
const rows = [...files].map((file) => {
  const bytes = readFileSync(join(assets, file));
  const gz = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzip += gz;
  return { file, raw: bytes.length, gzip: gz };
});
rows.sort((a, b) => b.gzip - a.gzip);
for (const r of rows)
  console.log(`${(r.gzip / 1024).toFixed(1).padStart(7)} KB gz  ${(r.raw / 1024).toFixed(1).padStart(7)} KB  ${r.file}`);
console.log(
  `${(gzip / 1024).toFixed(1).padStart(7)} KB gz  ${(raw / 1024).toFixed(1).padStart(7)} KB  TOTAL for entry + ${pages.join(', ')}`,
);
