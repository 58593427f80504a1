/**
 * The sandbox inbox of a server reachable from the network hands nobody another
 * user's mail. The attack it stops: forgot-password for a victim → read the reset link from the
 * public inbox → reset → sign in. From this machine (loopback) a developer still reads everything;
 * from elsewhere a signed-in user reads their own mail and a registrant their sign-up code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, registration, signIn, signUp, type TestApp, waitForMails } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const REMOTE = '203.0.113.9';
const mails = (to: string, opts: { remoteAddress?: string; headers?: Record<string, string>; cookies?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'GET', url: `/api/sandbox/mails?to=${encodeURIComponent(to)}`, ...opts });

describe('the sandbox inbox on a reachable server', () => {
  it('does not hand a victim’s reset link to a caller from another machine', async () => {
    const victim = await signUp(t);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: victim.email },
      remoteAddress: REMOTE,
    });
    expect(forgot.statusCode).toBe(200);
    await waitForMails(t, victim.email, 2); // the sign-up code and the reset mail reached the sink
    const stolen = await mails(victim.email, { remoteAddress: REMOTE });
    expect(stolen.statusCode).toBe(403);
    expect(json(stolen).code).toBe('SANDBOX_OWN_MAIL_ONLY');
    expect(stolen.body).not.toContain('reset-password?token=');
  });

  it('treats a forwarded request or a foreign Host as remote, even on a loopback socket', async () => {
    const victim = await signUp(t);
    const spoofs: Record<string, string>[] = [
      { 'x-forwarded-for': REMOTE },
      { forwarded: `for=${REMOTE}` },
      { host: 'rebound.example.com' },
    ];
    for (const headers of spoofs) {
      const res = await mails(victim.email, { headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
    }
    const local = await mails(victim.email);
    expect(local.statusCode).toBe(200);
    expect(json(local).data.items.length).toBeGreaterThan(0);
  });

  it('shows a signed-in user from another machine their own mail, and no one else’s', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    const { token } = await signIn(t, me.email);
    const own = await mails(me.email, { remoteAddress: REMOTE, headers: bearer(token) });
    expect(own.statusCode).toBe(200);
    expect(json(own).data.items[0].otp_code).toMatch(/^\d{6}$/);
    const theirs = await mails(other.email, { remoteAddress: REMOTE, headers: bearer(token) });
    expect(theirs.statusCode).toBe(403);
  });

  it('lets a registrant read their sign-up code, and only that, through the ticket the registration set', async () => {
    const body = registration();
    const reg = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress: REMOTE });
    expect(reg.statusCode).toBe(201);
    const ticket = reg.cookies.find((c) => c.name === 'sandbox_ticket');
    expect(ticket).toMatchObject({ httpOnly: true, path: '/api/sandbox', sameSite: 'Strict' });
    const cookies = { sandbox_ticket: ticket?.value as string };
    await waitForMails(t, body.email, 1);
    const code = await mails(body.email, { remoteAddress: REMOTE, cookies });
    expect(code.statusCode).toBe(200);
    expect(json(code).data.items).toHaveLength(1);
    expect(json(code).data.items[0].otp_code).toMatch(/^\d{6}$/);

    // the same ticket reads no reset mail of that address, and nothing of another address
    const otp = json(code).data.items[0].otp_code;
    await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: body.email, otp } });
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: body.email } });
    await waitForMails(t, body.email, 2);
    const after = await mails(body.email, { remoteAddress: REMOTE, cookies });
    expect(json(after).data.items.map((m: { subject: string }) => m.subject)).toEqual([json(code).data.items[0].subject]);
    const victim = await signUp(t);
    const other = await mails(victim.email, { remoteAddress: REMOTE, cookies });
    expect(other.statusCode).toBe(403);

    // a forged or tampered ticket is no ticket
    const at = String(ticket?.value).split('.')[1];
    const forged = `${Buffer.from(victim.email).toString('base64url')}.${at}.${'0'.repeat(64)}`;
    expect((await mails(victim.email, { remoteAddress: REMOTE, cookies: { sandbox_ticket: forged } })).statusCode).toBe(403);
  });

  it('tells the web which scope the caller has', async () => {
    const local = json(await t.app.inject({ method: 'GET', url: '/api/sandbox/status' })).data;
    expect(local).toMatchObject({ enabled: true, scope: 'all' });
    const remote = json(await t.app.inject({ method: 'GET', url: '/api/sandbox/status', remoteAddress: REMOTE })).data;
    expect(remote).toMatchObject({ enabled: true, scope: 'own' });
  });
});
