/**
 * One owner of message states. Nothing outside this folder updates `messages`
 * or writes `message_events`, no route file holds SQL, and the transition table keeps its promises
 * (a final state only refines DELIVERED → READ; every state is reachable from PENDING).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FINAL_STATES, MESSAGE_STATES, MESSAGE_TRANSITIONS, type MessageState, statesBefore } from '@risala/shared/schemas/messages';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../..');
const HERE = import.meta.dirname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' || e.name === 'node_modules' ? [] : sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('the owner of message states', () => {
  it('is the only writer of messages updates and message events', () => {
    const writers = sources(SRC)
      .filter((f) => !f.startsWith(HERE))
      .filter((f) => {
        const text = readFileSync(f, 'utf8');
        return (
          /\bupdate\s+messages\b/i.test(text) || /insert\s+into\s+message_events\b/i.test(text) || /\.update\(\s*messages\s*\)/.test(text)
        );
      })
      .map((f) => path.relative(SRC, f));
    expect(writers).toEqual([]);
  });

  it('leaves no SQL in route files', () => {
    const withSql = sources(SRC)
      .filter((f) => /\.routes\.ts$/.test(f))
      .filter((f) => /\bsql`|\.execute\(/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(SRC, f));
    // the health check's `select 1` is the one query a route may run (it tests the database itself)
    expect(withSql).toEqual(['modules/system/system.routes.ts']);
  });
});

describe('MESSAGE_TRANSITIONS', () => {
  it('lets no final state move, but DELIVERED → READ', () => {
    for (const s of FINAL_STATES) expect(MESSAGE_TRANSITIONS[s], s).toEqual(s === 'DELIVERED' ? ['READ'] : []);
  });

  it('never goes back to where a message waits before the network once it has reached it', () => {
    for (const s of ['SENT', 'PARTIALLY_SENT', 'ACCEPTED', ...FINAL_STATES] as MessageState[]) {
      for (const back of ['PENDING', 'SCHEDULED', 'QUEUED'] as MessageState[])
        expect(MESSAGE_TRANSITIONS[s], `${s} → ${back}`).not.toContain(back);
    }
  });

  it('reaches every state from PENDING', () => {
    const seen = new Set<MessageState>();
    const visit = (s: MessageState) => {
      if (seen.has(s)) return;
      seen.add(s);
      for (const next of MESSAGE_TRANSITIONS[s]) visit(next);
    };
    visit('PENDING');
    expect([...seen].sort()).toEqual([...MESSAGE_STATES].sort());
  });

  it('answers where a state can be reached from', () => {
    expect(statesBefore('QUEUED')).toEqual(['PENDING']);
    expect(statesBefore('READ').sort()).toEqual(['ACCEPTED', 'DELIVERED', 'PARTIALLY_SENT', 'SENT']);
    expect(statesBefore('PENDING')).toEqual(['SCHEDULED']);
  });
});
