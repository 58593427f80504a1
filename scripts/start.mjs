/**
 * `npm start`: build the web app if needed, then run the whole product in this process
 * (embedded PostgreSQL, migrations, sandbox peers, API, worker) — see apps/server/src/main.ts.
 */
import { register } from 'tsx/esm/api';
import { buildWebIfStale } from './build-web.mjs';

const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  process.stderr.write(
    `Risala needs Node 24 (running ${process.version}). Use "npm start", which runs the Node 24 installed by "npm install".\n`,
  );
  process.exit(1);
}

await buildWebIfStale();
register();
await import('../apps/server/src/main.ts');
