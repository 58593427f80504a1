import { execFile } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { registerVerified, signInUi } from './fixtures.ts';

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
}

/** A webhook receiver on loopback: every request's headers and raw body, answered 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { received, url: `http://127.0.0.1:${port}/risala-hooks`, close: () => new Promise((r) => server.close(r)) };
}

/** The parts of the dialog's curl example: URL, headers and the JSON body. */
function parseCurl(curl: string) {
  const url = curl.match(/curl -X POST (\S+)/)?.[1];
  const headers = Object.fromEntries(
    [...curl.matchAll(/-H "([^"]+)"/g)].map((m) => {
      const i = m[1].indexOf(':');
      return [m[1].slice(0, i).trim(), m[1].slice(i + 1).trim()];
    }),
  );
  const body = curl.match(/-d '([^']*)'/)?.[1];
  expect(url, 'the example has a URL').toBeTruthy();
  expect(body, 'the example has a body').toBeTruthy();
  return { url: url as string, headers, body: body as string };
}

/** The request of the example, made by a separate Node process with fetch (as an integrator's script would). */
function sendFromNode(req: { url: string; headers: Record<string, string>; body: string }) {
  const script = `
    const req = JSON.parse(process.env.REQ);
    fetch(req.url, { method: 'POST', headers: req.headers, body: req.body })
      .then(async (r) => console.log(JSON.stringify({ status: r.status, replayed: r.headers.get('idempotent-replayed'), body: await r.json() })))
      .catch((e) => { console.error(e); process.exit(1); });`;
  return new Promise<{ status: number; replayed: string | null; body: { data: Record<string, unknown> } }>((resolve, reject) => {
    execFile(
      process.execPath,
      ['-e', script],
      { env: { ...process.env, REQ: JSON.stringify(req) }, timeout: 20_000 },
      (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(JSON.parse(stdout))),
    );
  });
}

/** `Risala-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` (docs/webhooks.md). */
function verifySignature(header: string, raw: string, secret: string) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  expect(Math.abs(Date.now() / 1000 - t)).toBeLessThan(300);
  const expected = createHmac('sha256', secret).update(`${parts.t}.${raw}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

test('an API key from the screen sends the curl example from a script; the message is in history and its signed webhook arrives', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    const email = await registerVerified(request, 'e2e.integrations');
    await signInUi(page, email);
    await expect(page).toHaveURL(/\/dashboard/);

    // a REST key with the SMS send and messages read scopes; its secret and curl example shown once
    await page.goto('/api-keys');
    await page.getByTestId('api-key-new').click();
    await page.getByTestId('api-key-name').fill('Shop backend');
    const scopes = page.getByTestId('api-key-scopes');
    await scopes.getByRole('checkbox', { name: 'Send SMS' }).check();
    await scopes.getByRole('checkbox', { name: 'Read messages' }).check();
    for (const other of ['Send email', 'Send WhatsApp', 'Manage customers', 'Read reports'])
      await expect(scopes.getByRole('checkbox', { name: other })).not.toBeChecked();
    await page.getByTestId('api-key-create-submit').click();
    const secretDialog = page.getByRole('dialog');
    await expect(page.getByTestId('api-key-curl')).toBeVisible();
    const clientId = (await page.getByTestId('api-key-client-id').textContent()) ?? '';
    const password = (await page.getByTestId('api-key-password').textContent()) ?? '';
    expect(clientId).toMatch(/^rk_[a-z2-7]{16}$/i);
    expect(password.length).toBeGreaterThanOrEqual(40);
    const curl = (await page.getByTestId('api-key-curl').textContent()) ?? '';
    await page.getByTestId('api-key-secret-done').click();
    await expect(secretDialog).toHaveCount(0);
    await expect(page.getByTestId('api-key-row')).toHaveCount(1);
    await expect(page.getByTestId('api-key-row')).toContainText('Shop backend');
    // the password is not on the page any more
    await expect(page.getByText(password)).toHaveCount(0);

    // a webhook endpoint for message.status at the test's receiver; its signing secret shown once
    await page.goto('/webhooks');
    await page.getByTestId('webhook-new').click();
    await page.getByTestId('webhook-url').fill(receiver.url);
    await page.getByRole('checkbox', { name: 'Message status changes' }).check();
    await page.getByTestId('webhook-create-submit').click();
    const webhookSecret = ((await page.getByTestId('webhook-secret').textContent()) ?? '').trim();
    expect(webhookSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await page.getByTestId('webhook-secret-done').click();
    await expect(page.getByTestId('webhook-row')).toHaveCount(1);

    // the curl example, as it is, from a Node script: URL, headers and body
    const example = parseCurl(curl);
    expect(example.url).toBe(new URL('/api/v1/messages/sms', page.url()).href);
    expect(example.headers.Authorization).toBe(`Bearer ${clientId}.${password}`);
    expect(example.headers['Idempotency-Key']).toBeTruthy();
    const body = JSON.parse(example.body) as { to: string; reference?: string };
    const sent = await sendFromNode(example);
    expect(sent.status).toBe(201);
    expect(sent.replayed).toBeNull();
    const data = sent.body.data as { message_ids: number[]; bulk_id: string; reference: string | null; accepted: number };
    expect(data).toMatchObject({ accepted: 1, reference: body.reference ?? null });
    expect(data.message_ids).toHaveLength(1);
    const messageId = data.message_ids[0];

    // a retry with the same Idempotency-Key: the first answer again, nothing sent twice
    const again = await sendFromNode(example);
    expect(again.status).toBe(201);
    expect(again.replayed).toBe('true');
    expect((again.body.data as { message_ids: number[] }).message_ids).toEqual([messageId]);

    // the message in Message History, delivered by the sandbox SMSC
    await page.goto(`/message-history?bulk_id=${data.bulk_id}`);
    await expect(page.getByTestId('message-total')).toHaveText('Messages: 1');
    await expect(page.locator('[data-testid="message-row"][data-status="DELIVERED"]')).toHaveCount(1, { timeout: 45_000 });
    await page.goto('/message-history');
    await expect(page.getByTestId('message-total')).toHaveText('Messages: 1');

    // the signed message.status webhooks at the receiver: valid signature, the message, its reference
    let delivered: Received | undefined;
    await expect
      .poll(
        () => {
          delivered = receiver.received.find((r) => {
            const b = JSON.parse(r.raw);
            return b.data?.message_id === messageId && b.data?.status === 'DELIVERED';
          });
          return Boolean(delivered);
        },
        { timeout: 45_000 },
      )
      .toBe(true);
    const mine = receiver.received.filter((r) => JSON.parse(r.raw).data?.message_id === messageId);
    for (const r of mine) {
      expect(r.headers['risala-event']).toBe('message.status');
      expect(r.headers['risala-delivery']).toMatch(/^[0-9a-f-]{36}$/);
      expect(verifySignature(String(r.headers['risala-signature']), r.raw, webhookSecret)).toBe(true);
      // the same body under another secret does not verify
      expect(verifySignature(String(r.headers['risala-signature']), r.raw, `${webhookSecret}x`)).toBe(false);
    }
    const event = JSON.parse((delivered as Received).raw);
    expect(event).toMatchObject({
      type: 'message.status',
      id: (delivered as Received).headers['risala-delivery'],
      data: { message_id: messageId, channel: 'sms', status: 'DELIVERED', reference: body.reference },
    });
    // one send: only this message's events reached the endpoint
    expect(receiver.received.every((r) => JSON.parse(r.raw).data?.message_id === messageId)).toBe(true);
  } finally {
    await receiver.close();
  }
});
