/**
 * `npm run build`, the production build (the Dockerfile runs it, and so does the CI test of the
 * production start): the web app (Vite, then brotli and gzip copies) and the server bundled into
 * apps/server/dist/main.js. Run the result with `node apps/server/dist/main.js` — nothing is built
 * at start. The web app is always built here: a release never trusts file dates.
 */
import { buildServer } from './build-server.mjs';
import { buildWebIfStale, root } from './build-web.mjs';

const t0 = performance.now();
await buildWebIfStale({ force: true });
const t1 = performance.now();
const server = await buildServer(root);
const t2 = performance.now();
process.stdout.write(
  `Built the web app in ${((t1 - t0) / 1000).toFixed(1)} s and the server (${(server.bytes / 1024 / 1024).toFixed(1)} MB, ` +
    `${server.imports.length} packages imported at run time) in ${((t2 - t1) / 1000).toFixed(1)} s.\n` +
    'Start it with: node apps/server/dist/main.js\n',
);
