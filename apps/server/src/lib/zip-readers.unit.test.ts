/**
 * Every zip a tenant sends is opened through the zip guard: outside the guard and the readers
 * built on it, no server code imports a library that inflates archives. A new zip format (an
 * .odt, a .pptx) goes through lib/zip-guard.ts too, or this test says where it does not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const ZIP_LIBRARIES = /(?:from |import\()\s*'(yauzl|mammoth|exceljs|jszip|unzipper|adm-zip|fflate|pako|node-stream-zip|xlsx|decompress)'/g;
/** who may import which: the guard itself, and the reader that runs mammoth after it */
const ALLOWED: Record<string, string[]> = {
  'lib/zip-guard.ts': ['yauzl'],
  'lib/docx.ts': ['mammoth'],
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' || e.name === 'test' ? [] : sources(p);
    // tests and their fixtures write archives, they read none from a tenant
    const support = e.name.endsWith('.test.ts') || e.name.endsWith('.fixture.ts') || e.name === 'test-files.ts';
    return e.name.endsWith('.ts') && !support ? [p] : [];
  });
}

describe('zip readers', () => {
  it('only the zip guard (and the DOCX reader behind it) import an archive library', () => {
    const found: string[] = [];
    for (const file of sources(SRC)) {
      const rel = path.relative(SRC, file).split(path.sep).join('/');
      for (const m of readFileSync(file, 'utf8').matchAll(ZIP_LIBRARIES)) {
        if (!ALLOWED[rel]?.includes(m[1] as string)) found.push(`${rel} imports ${m[1]}`);
      }
    }
    expect(found).toEqual([]);
  });
});
