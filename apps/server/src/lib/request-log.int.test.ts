/**
 * Request logs carry no secret from a URL — a reset link, a session token in
 * `/?token=…&user_id=…` (spec §2), a signed download — whatever the route answers.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestApp, signIn, signUp, type TestApp } from '../test/helper.ts';

let t: TestApp;
let lines = '';
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  t = await createTestApp();
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines += chunk.toString();
      done();
    },
  });
  app = await buildApp({ ...t.ctx, log: pino({ level: 'info' }, sink) });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

it('keeps tokens, reset links and download signatures out of the request log', async () => {
  const u = await signUp(t);
  const { token } = await signIn(t, u.email);
  const secrets = [
    token,
    'RstTok3n-very-secret-value',
    'SiGnAtUrE_0123456789abcdefghijklmnopqrstuvw',
    'PuBlIcImAgEsIg_0123456789abcdefghijklmnopq',
  ];
  await app.inject({ method: 'GET', url: `/?token=${encodeURIComponent(token)}&user_id=${u.userId}` });
  await app.inject({ method: 'GET', url: `/reset-password?token=${secrets[1]}` });
  await app.inject({ method: 'GET', url: `/api/s3/download?key=acc_1/x.png&exp=9999999999&sig=${secrets[2]}` });
  await app.inject({ method: 'GET', url: `/api/s3/public/${secrets[3]}/acc_1/x.png` });
  await app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token: secrets[1], password: 'x', confirm_password: 'x' },
  });
  expect(lines).toContain('/reset-password?token=[redacted]');
  expect(lines).toContain(`user_id=${u.userId}`);
  expect(lines).toContain('/api/s3/public/[redacted]/acc_1/x.png');
  for (const secret of secrets) expect(lines).not.toContain(secret);
});
