/**
 * The server as one ESM file, `apps/server/dist/main.js` (esbuild): our TypeScript and
 * `@risala/shared` are compiled in, npm packages stay `import`s resolved from node_modules at run
 * time (installed with `npm install --omit=dev`: no TypeScript runner, no dev dependency). The
 * files the server reads at run time relative to its own code go beside it: the SQL migrations
 * (db/migrate.ts) and the help articles (modules/ai/help/help-index.ts).
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** Packages compiled into the bundle: workspace code shipped as TypeScript. */
const INLINE = ['@risala/shared'];

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { external: true };
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      return INLINE.includes(name) ? null : { external: true };
    });
  },
};

export async function buildServer(root) {
  const server = path.join(root, 'apps/server');
  const out = path.join(server, 'dist');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const result = await build({
    entryPoints: [path.join(server, 'src/main.ts')],
    outfile: path.join(out, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    plugins: [externalPackages],
  });
  cpSync(path.join(server, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
  cpSync(path.join(server, 'src/modules/ai/help/articles'), path.join(out, 'articles'), { recursive: true });
  // what the bundle imports at run time, for the check that it needs no dev dependency
  const imports = [
    ...new Set(Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path))),
  ].sort();
  writeFileSync(path.join(out, 'imports.json'), `${JSON.stringify(imports, null, 2)}\n`);
  return { file: path.join(out, 'main.js'), bytes: readFileSync(path.join(out, 'main.js')).length, imports };
}
