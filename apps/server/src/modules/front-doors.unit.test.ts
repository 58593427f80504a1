/**
 * Modules with a front door. Outside a module — another module, the worker, the channels, main.ts —
 * only `modules/<area>/index.ts` is imported; what else is in the folder can change without anyone
 * else noticing. The routes table mounts `*.routes.ts` directly. (Tests may reach inside: they test
 * it.) The import rules themselves are dependency-cruiser's (.dependency-cruiser.mjs at the root):
 * this test runs it, so `npm test` fails on a back door or a cycle of run-time imports.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const ROOT = path.resolve(SRC, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

const moduleOf = (file: string) => {
  const rel = path.relative(path.join(SRC, 'modules'), file).split(path.sep);
  return rel[0] === '..' || rel.length < 2 ? null : rel[0];
};

describe('module front doors', () => {
  it('dependency-cruiser finds no back door and no cycle of run-time imports', () => {
    const bin = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
    const res = spawnSync(process.execPath, [bin, '--config', '.dependency-cruiser.mjs', '--output-type', 'err', 'apps/server/src'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(`${res.stdout}${res.stderr}`.trim()).toMatch(/no dependency violations found/);
    expect(res.status).toBe(0);
  }, 60_000);

  it('front doors offer verbs, never a transaction helper, a queue or an index builder', () => {
    // what only a module's own stages may call: how their transactions are tuned, which queue holds
    // what, how rows are bulk-inserted. Another module asks for the outcome (enqueueCampaignChunk,
    // pauseSends, …) instead.
    const internal =
      /^(stageTx|byIndex|queueChunks|dequeueWaiting|enqueueMessages|queueSms|takeInflight|unclaim)$|Tx$|^(queue|dequeue)[A-Z]/;
    const problems: string[] = [];
    for (const m of readdirSync(path.join(SRC, 'modules'), { withFileTypes: true }).filter((e) => e.isDirectory())) {
      const door = path.join(SRC, 'modules', m.name, 'index.ts');
      const text = readFileSync(door, 'utf8');
      const names = [...text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((e) =>
        (e[1] as string)
          .split(',')
          .map(
            (s) =>
              s
                .trim()
                .replace(/^type\s+/, '')
                .split(/\s+as\s+/)
                .pop() as string,
          )
          .filter(Boolean),
      );
      for (const name of names) {
        if (internal.test(name)) problems.push(`modules/${m.name}/index.ts offers ${name}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("only messaging and the job registry name the pipeline's queues", () => {
    const found = sources(SRC).filter((f) => {
      const rel = path.relative(SRC, f);
      if (moduleOf(f) === 'messaging' || rel === path.join('jobs', 'registry.ts') || rel === 'metrics-db.ts') return false;
      return /'messages_(route|channel_send)'/.test(readFileSync(f, 'utf8'));
    });
    expect(found.map((f) => path.relative(SRC, f))).toEqual([]);
  });

  it('every module has a front door', () => {
    const modules = readdirSync(path.join(SRC, 'modules'), { withFileTypes: true }).filter((e) => e.isDirectory());
    const without = modules.filter((m) => !readdirSync(path.join(SRC, 'modules', m.name)).includes('index.ts')).map((m) => m.name);
    expect(without).toEqual([]);
  });

  it('long-running parts live in the AppContext, started once, not in per-context WeakMaps or a route hook', () => {
    const found: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      if (/WeakMap<AppContext\b/.test(text)) found.push(`${path.relative(SRC, file)}: WeakMap<AppContext>`);
      if (file.endsWith('.routes.ts') && /addHook\('onReady'/.test(text)) found.push(`${path.relative(SRC, file)}: onReady`);
    }
    expect(found).toEqual([]);
  });
});
