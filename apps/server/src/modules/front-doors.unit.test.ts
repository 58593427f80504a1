/**
 * Modules with a front door. Outside a module — another module, the routes table,
 * the worker, the channels, main.ts — only `modules/<area>/index.ts` is imported; what else is in
 * the folder can change without anyone else noticing. (Tests may reach inside: they test it.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');

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
  it('every import from outside a module goes through its index.ts', () => {
    const backdoors: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/from '(\.[^']+)'/g)) {
        const target = path.resolve(path.dirname(file), m[1] as string);
        const owner = moduleOf(target);
        if (!owner || owner === moduleOf(file)) continue;
        if (path.relative(path.join(SRC, 'modules', owner), target) !== 'index.ts') {
          backdoors.push(`${path.relative(SRC, file)} → ${path.relative(SRC, target)}`);
        }
      }
    }
    expect(backdoors).toEqual([]);
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
