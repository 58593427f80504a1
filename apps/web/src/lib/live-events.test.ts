import { describe, expect, it } from 'vitest';
import { afterStreamEnd } from './live-events.ts';

describe('the end of a live stream', () => {
  it('reconnects after the stream lifetime (the EventSource resumes after its last event), stops when the session is over', () => {
    expect(afterStreamEnd('{"reason":"reconnect"}')).toBe('reconnect');
    expect(afterStreamEnd('{"reason":"session"}')).toBe('close');
    expect(afterStreamEnd('not json')).toBe('reconnect');
  });
});
