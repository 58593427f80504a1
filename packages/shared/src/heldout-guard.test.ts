/**
 * The assistant's held-out questions (scripts/eval-ai-heldout.mjs, docs/eval-held-out.md) measure
 * it only while nobody tunes on them: this fails when one of them — folded for case, whitespace,
 * punctuation, Arabic letter variants and digits — appears in any other source, test, fixture or
 * lexicon of the repository. It also keeps the set's own rules (size, languages, declines, shape).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELD_OUT } from '../../../scripts/eval-ai-heldout.mjs';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SCANNED = ['apps', 'packages', 'scripts', 'e2e'];
const EXTENSIONS = /\.(ts|tsx|mts|cts|mjs|cjs|js|json|csv|txt)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'coverage']);
/** the set itself and its declaration; nothing else may hold a question */
const OWN = new Set(['scripts/eval-ai-heldout.mjs', 'scripts/eval-ai-heldout.d.mts']);

/** Folds what a copy could change without changing the question. */
function foldQuestion(text: string): string {
  return (
    text
      // \uXXXX escapes (JSON, JS strings) to the letters they stand for
      .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      .normalize('NFKC')
      .toLowerCase()
      // harakat, superscript alef, tatweel
      .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
      .replace(/[أإآٱ]/g, 'ا')
      .replace(/[ىی]/g, 'ي')
      .replace(/ک/g, 'ك')
      .replace(/ة/g, 'ه')
      .replace(/ؤ/g, 'و')
      .replace(/ئ/g, 'ي')
      .replace(/ء/g, '')
      .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660))
      .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x6f0))
      // punctuation, symbols (quotes, +, ?, ؟, ،) and invisible format marks (bidi isolates)
      .replace(/[\p{P}\p{S}\p{Cf}]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith('.') || SKIPPED_DIRS.has(e.name)) return [];
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return EXTENSIONS.test(e.name) ? [p] : [];
  });
}

describe('held-out questions', () => {
  it('fold the variants a copy could bring', () => {
    expect(foldQuestion('  How MANY customers—in Jeddah?? ')).toBe('how many customers in jeddah');
    expect(foldQuestion('كم عميلاً عندي في جدّة؟')).toBe(foldQuestion('كم عميلا عندي في جده'));
    expect(foldQuestion('أكثر إيميل آخر مسؤول')).toBe(foldQuestion('اكثر ايميل اخر مسوول'));
    expect(foldQuestion('آخر ٧ أيام')).toBe('اخر 7 ايام');
    expect(foldQuestion("'how many ' +\n  'customers'")).toBe('how many customers');
    expect(foldQuestion('"\\u0643\\u0645 \\u0639\\u0645\\u064a\\u0644"')).toBe('كم عميل');
  });

  it('keep the set’s own rules', () => {
    const ids = HELD_OUT.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(HELD_OUT.length).toBeGreaterThanOrEqual(160);
    const en = HELD_OUT.filter((e) => e.lang === 'en').length;
    expect(en).toBe(HELD_OUT.length - en);
    const declines = HELD_OUT.filter((e) => e.expect.kind === 'cannot' || e.expect.kind === 'refuse_action').length;
    expect(declines / HELD_OUT.length).toBeGreaterThanOrEqual(0.15);
    const folded = HELD_OUT.map((e) => foldQuestion(e.q));
    expect(new Set(folded).size).toBe(folded.length);
    for (const e of HELD_OUT) {
      expect(e.id, e.id).toMatch(/^h\d{3,}$/);
      expect(e.covers.some((c) => c.startsWith('entity:')) || e.expect.kind === 'cannot', e.id).toBe(true);
      if ('sql' in e.expect) {
        // scoped to the asker's account, one statement
        expect(e.expect.sql, e.id).toMatch(/\$1\b/);
        expect(e.expect.sql, e.id).not.toMatch(/;/);
      }
    }
  });

  it('appear nowhere else in the repository', () => {
    const questions = HELD_OUT.map((e) => ({ id: e.id, folded: foldQuestion(e.q) }));
    const leaks: string[] = [];
    for (const file of SCANNED.flatMap((d) => files(path.join(ROOT, d)))) {
      const rel = path.relative(ROOT, file).split(path.sep).join('/');
      if (OWN.has(rel)) continue;
      const text = foldQuestion(readFileSync(file, 'utf8'));
      for (const q of questions) {
        if (text.includes(q.folded)) leaks.push(`${q.id} in ${rel}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
