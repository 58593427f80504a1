import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { BackgroundWork } from './background.ts';

describe('BackgroundWork', () => {
  it('starts work after the current turn, and drain waits for it and for what it starts', async () => {
    const bg = new BackgroundWork(pino({ level: 'silent' }));
    const order: string[] = [];
    bg.run('outer', async () => {
      order.push('outer');
      bg.run('inner', async () => {
        await new Promise((r) => setTimeout(r, 20));
        order.push('inner');
      });
    });
    order.push('answered');
    await bg.drain();
    expect(order).toEqual(['answered', 'outer', 'inner']);
  });

  it('logs a failure instead of throwing it', async () => {
    const logged: unknown[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    const bg = new BackgroundWork(log);
    bg.run('reset mail', async () => {
      throw new Error('relay down');
    });
    await bg.drain();
    expect(logged).toMatchObject([{ work: 'reset mail', msg: 'background work failed', err: { message: 'relay down' } }]);
  });
});
