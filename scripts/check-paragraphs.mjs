#!/usr/bin/env node
/**
 * Nothing lost when a document is reordered: every paragraph (a block between blank lines) of the
 * old text is in the new one, as often as before. Headings match whatever their level (`##` may
 * become `###`). The old text may be a file or a git object (`main:docs/decisions.md`).
 *
 *   npm exec -- node scripts/check-paragraphs.mjs main:docs/decisions.md docs/decisions.md
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const [oldRef, newPath] = process.argv.slice(2);
if (!oldRef || !newPath) {
  console.error('usage: check-paragraphs.mjs <old file | rev:path> <new file>');
  process.exit(2);
}
const read = (ref) => (existsSync(ref) ? readFileSync(ref, 'utf8') : execFileSync('git', ['show', ref], { encoding: 'utf8' }));

/** Paragraphs with trailing spaces trimmed; a heading is one of its own, counted without its `#` marks. */
function paragraphs(text) {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/^#{1,6} (.*)$/gm, '\n# $1\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.replace(/[ \t]+$/gm, '').trim())
    .filter(Boolean);
}

const have = new Map();
for (const p of paragraphs(readFileSync(newPath, 'utf8'))) have.set(p, (have.get(p) ?? 0) + 1);
const old = paragraphs(read(oldRef));
const lost = [];
for (const p of old) {
  const n = have.get(p) ?? 0;
  if (n === 0) lost.push(p);
  else have.set(p, n - 1);
}
if (lost.length) {
  for (const p of lost) console.error(`missing:\n${p}\n`);
  console.error(`${lost.length} of ${old.length} paragraphs of ${oldRef} are not in ${newPath}`);
  process.exit(1);
}
const added = [...have].flatMap(([p, n]) => Array(n).fill(p));
console.log(`all ${old.length} paragraphs of ${oldRef} are in ${newPath}; ${added.length} new:`);
for (const p of added) console.log(`  ${p.split('\n')[0]}`);
