import { describe, expect, it } from 'vitest';
import { createConnectionSchema, settingNumber, updateConnectionSchema } from './gateway-connections.ts';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('connection schemas (§5)', () => {
  it('accepts an SMPP connection with defaults', () => {
    const r = createConnectionSchema.parse({
      type: 'smpp',
      connection_name: 'Op',
      host: 'smsc.example.com',
      port: '2775',
      system_id: 'id',
      password: 'pw',
    });
    expect(r).toMatchObject({ port: 2775, bind_mode: 'transceiver', window_size: 10, message_per_second: 100, english_sms_length: 160 });
  });
  it('numbers must be numbers, at most 9999', () => {
    expect(settingNumber(1).safeParse('abc').error?.issues[0]?.message).toBe('validation.number');
    expect(settingNumber(1).safeParse(10000).error?.issues[0]?.message).toBe('validation.maxValue');
    expect(settingNumber(1).safeParse(0).error?.issues[0]?.message).toBe('validation.positive');
    expect(settingNumber(0).safeParse(1.5).error?.issues[0]?.message).toBe('validation.integer');
  });
  it('host, port, URLs and sender ids', () => {
    const r = createConnectionSchema.safeParse({
      type: 'smpp',
      connection_name: 'Op',
      host: 'bad host',
      port: 0,
      system_id: 'id',
      password: 'x',
      sender_id: 'TooLongSender1',
    });
    expect(issues(r)).toMatchObject({ host: 'validation.host', port: 'validation.port', sender_id: 'validation.senderId' });
    const base = { type: 'smpp', connection_name: 'Op', system_id: 'id', password: 'pw' } as const;
    expect(issues(createConnectionSchema.safeParse({ ...base, host: '256.1.1.1', port: 65536 }))).toMatchObject({
      host: 'validation.host',
      port: 'validation.port',
    });
    for (const host of ['10.0.0.255', 'smsc.example.com', '127.0.0.1', '::1', 'smsc-2.operator.sa']) {
      expect(createConnectionSchema.safeParse({ ...base, host, port: 2775 }).success, host).toBe(true);
    }
    const h = createConnectionSchema.safeParse({
      type: 'http',
      connection_name: 'H',
      post_url: 'javascript:alert(1)',
      proxy_host: '',
      proxy_port: '',
    });
    expect(issues(h)).toEqual({ post_url: 'validation.url' });
  });
  it('update keeps the type required and the password optional', () => {
    expect(updateConnectionSchema.safeParse({ window_size: 5 }).success).toBe(false);
    expect(updateConnectionSchema.parse({ type: 'smpp', password: '' })).toMatchObject({ type: 'smpp', password: null });
  });
});
