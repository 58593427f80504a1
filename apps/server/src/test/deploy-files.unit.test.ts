/**
 * What production runs is reproducible and closed by default: the image installs exactly the
 * lockfile (`npm ci`, never `npm install`), compose.yaml pins every image it pulls by version, and
 * it passes the operator endpoints' settings through (tokens, or an explicit opening).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('the Dockerfile', () => {
  it('installs from the lockfile with npm ci in every stage', () => {
    const installs = read('Dockerfile')
      .split('\n')
      .filter((l) => /\bnpm (install|i|ci|clean-install)\b/.test(l) && !l.trimStart().startsWith('#'));
    expect(installs.length).toBeGreaterThanOrEqual(2);
    for (const line of installs) expect(line, line).toMatch(/\bnpm ci\b/);
  });
});

describe('compose.yaml', () => {
  const compose = read('compose.yaml');

  it('pins every image it pulls by version (no latest, no bare name)', () => {
    const images = [...compose.matchAll(/^\s*image:\s*(\S+)/gm)].map((m) => m[1] as string);
    const pulled = images.filter((i) => i !== 'risala:local'); // built here from the Dockerfile
    expect(pulled.length).toBeGreaterThanOrEqual(3);
    for (const image of pulled) {
      const tag = image.includes('@sha256:') ? 'digest' : (image.split(':')[1] ?? '');
      expect(tag, image).not.toBe('');
      expect(tag, image).not.toMatch(/latest/i);
      // a version with its minor (17.6) or a release stamp, not a moving major tag (17)
      expect(tag, image).toMatch(/^(digest|\d+\.\d+[\w.-]*|RELEASE\.\d{4}-\d{2}-\d{2}T[\w-]+)$/);
    }
  });

  it('passes the tokens of /metrics and /api/docs (and their explicit opening) to Risala', () => {
    for (const name of ['METRICS_TOKEN', 'API_DOCS_TOKEN', 'METRICS_PUBLIC', 'API_DOCS_PUBLIC']) {
      expect(compose).toMatch(new RegExp(`^\\s+${name}: \\$\\{${name}:-[^}]*\\}`, 'm'));
    }
  });
});
