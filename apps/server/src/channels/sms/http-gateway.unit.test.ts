import { describe, expect, it } from 'vitest';
import { dlrUrl, parseHttpDlr, parseSubmitAnswer, proxyUrl, submitForm, verifyDlrToken } from './http-gateway.ts';

describe('HTTP gateway wire format', () => {
  it('reads Jasmin and JSON answers; 4xx refused, 5xx transient, 2xx without an id refused', () => {
    expect(parseSubmitAnswer(200, 'Success "07033084-5cfd-4812-90a4-e4d24ffb6e3d"')).toEqual({
      kind: 'accepted',
      id: '07033084-5cfd-4812-90a4-e4d24ffb6e3d',
    });
    expect(parseSubmitAnswer(202, '{"message_id": 42}')).toEqual({ kind: 'accepted', id: '42' });
    expect(parseSubmitAnswer(400, 'Error "Argument _ is unknown."')).toEqual({
      kind: 'refused',
      code: 'HTTP_400',
      reason: 'HTTP 400: Error "Argument _ is unknown."',
    });
    expect(parseSubmitAnswer(302, '')).toMatchObject({ kind: 'refused', code: 'HTTP_302' });
    expect(parseSubmitAnswer(503, 'x'.repeat(1000))).toMatchObject({ kind: 'transient', code: 'HTTP_503' });
    expect((parseSubmitAnswer(503, 'x'.repeat(1000)) as { reason: string }).reason.length).toBeLessThanOrEqual(301);
    expect(parseSubmitAnswer(200, 'OK')).toMatchObject({ kind: 'refused', code: 'HTTP_NO_MESSAGE_ID' });
  });

  it('builds the form with the DLR fields', () => {
    const form = new URLSearchParams(
      submitForm({ username: 'u', password: 'p&=', to: '9665', from: 'Risala', content: 'مرحبا', coding: 8, dlrUrl: 'https://x/d' }),
    );
    expect(Object.fromEntries(form)).toEqual({
      username: 'u',
      password: 'p&=',
      to: '9665',
      from: 'Risala',
      content: 'مرحبا',
      coding: '8',
      dlr: 'yes',
      'dlr-url': 'https://x/d',
      'dlr-level': '3',
      'dlr-method': 'POST',
    });
  });

  it('maps DLR statuses, level-1 ESME answers included', () => {
    expect(parseHttpDlr({ id: 'a', message_status: 'DELIVRD', err: '000' })).toMatchObject({
      id: 'a',
      stat: 'DELIVRD',
      state: 'DELIVERED',
      final: true,
      err: '000',
    });
    expect(parseHttpDlr({ id: 'a', message_status: 'ESME_ROK', level: '1' })).toMatchObject({
      stat: 'ACCEPTD',
      state: 'ACCEPTED',
      final: false,
    });
    expect(parseHttpDlr({ id: 'a', message_status: 'ESME_RINVNUMDESTS' })).toMatchObject({
      stat: 'REJECTD',
      state: 'FAILED',
      final: true,
      err: 'ESME_RINVNUMDESTS',
    });
    expect(parseHttpDlr({ id: 'a', message_status: 'expired' })).toMatchObject({ stat: 'EXPIRED', final: true });
    expect(parseHttpDlr({ id: 'a' })).toBeNull();
    expect(parseHttpDlr({ message_status: 'DELIVRD' })).toBeNull();
  });

  it('signs the DLR URL per connection', () => {
    const url = dlrUrl('https://portal.example', 'secret', 7);
    const token = url.split('/').pop() as string;
    expect(url).toMatch(/^https:\/\/portal\.example\/webhooks\/http-dlr\/7\//);
    expect(verifyDlrToken('secret', 7, token)).toBe(true);
    expect(verifyDlrToken('secret', 8, token)).toBe(false);
    expect(verifyDlrToken('other', 7, token)).toBe(false);
    expect(verifyDlrToken('secret', 7, 'short')).toBe(false);
  });

  it('builds the proxy URL with encoded credentials', () => {
    expect(proxyUrl({ proxy_host: null, proxy_port: null, proxy_username: null }, '')).toBeNull();
    expect(proxyUrl({ proxy_host: 'proxy.example', proxy_port: 3128, proxy_username: 'u@x' }, 'p:w')).toBe(
      'http://u%40x:p%3Aw@proxy.example:3128',
    );
  });
});
