import { describe, expect, it } from 'vitest';
import { chatFailure } from './chat-errors.ts';

const err = (statusCode: number, extra: object = {}) => ({
  isError: true as const,
  statusCode,
  message: `server ${statusCode}`,
  errors: [],
  ...extra,
});

describe('chat errors (spec §8)', () => {
  it('has its own text for a timeout, 404, 405, 500 and 502/503, each then offline', () => {
    expect(chatFailure('timeout')).toEqual({ key: 'ai.chat.errors.timeout', message: '', offline: true });
    expect(chatFailure(err(504, { code: 'AI_TIMEOUT' })).key).toBe('ai.chat.errors.timeout');
    expect(chatFailure(err(404)).key).toBe('ai.chat.errors.404');
    expect(chatFailure(err(405)).key).toBe('ai.chat.errors.405');
    expect(chatFailure(err(500)).key).toBe('ai.chat.errors.500');
    expect(chatFailure(err(502)).key).toBe('ai.chat.errors.502');
    expect(chatFailure(err(503)).key).toBe('ai.chat.errors.502');
    for (const s of [404, 405, 500, 502, 503]) expect(chatFailure(err(s)).offline).toBe(true);
    expect(chatFailure({ ...err(0), isNetworkError: true }).offline).toBe(true);
  });

  it('shows the server message otherwise, and a refusal keeps the service online', () => {
    expect(chatFailure(err(429, { code: 'AI_DAILY_LIMIT' }))).toEqual({ key: null, message: 'server 429', offline: false });
    expect(chatFailure(err(400)).offline).toBe(false);
  });
});
