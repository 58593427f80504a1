/**
 * Billing end to end over real sockets: the app listening on loopback, the official Stripe SDK
 * pointed at the sandbox payment peer, its hosted page's Pay button, the signed
 * checkout.session.completed event back to /webhooks/stripe — and a replayed event applied once.
 */
import type { AddressInfo } from 'node:net';
import jsQR from 'jsqr';
import { extractImages, extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxPayments, startSandboxPayments, stripeSignature } from '../../sandbox/payments.ts';
import { bearer, createTestApp, json, signUpCast, type Cast, type TestApp } from '../../test/helper.ts';
import { renewDue } from './index.ts';
import { decodeZatcaQr } from './zatca.ts';

let t: TestApp;
let peer: SandboxPayments;
let cast: Cast;
let webhookUrl: string;

const post = (url: string, payload: unknown, token = cast.owner.token) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
const get = (url: string, token = cast.owner.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const count = async (table: string, accountId = cast.owner.accountId) =>
  Number((await t.sql(`select count(*)::int as n from ${table} where account_id = $1`, [accountId]))[0].n);

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://localhost:5173' });
  const pay = t.ctx.config.payments;
  peer = await startSandboxPayments({ secretKey: pay.secretKey, webhookSecret: pay.webhookSecret });
  pay.api = { host: '127.0.0.1', port: peer.port, protocol: 'http' }; // what main.ts does for the sandbox
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/webhooks/stripe`;
  peer.setWebhookUrl(webhookUrl);
  cast = await signUpCast(t);
});
afterAll(async () => {
  await peer?.close();
  await t?.close();
});

describe('plans as data', () => {
  it('lists the public plans priced in halalas (SAR) with VAT, credits, rates and limits', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subscription/plans' });
    expect(res.statusCode).toBe(200);
    const items = json(res).data.items;
    expect(items.map((p: { key: string }) => p.key)).toEqual(['starter', 'growth', 'enterprise']);
    const growth = items[1];
    expect(growth).toMatchObject({ price: 55900, currency: 'SAR', vat_bp: 1500, recommended: true });
    expect(growth.limits).toEqual({ users: 10, brands: 10, customers: 50000, ai: true });
    expect(growth.rates.on_net).toBeGreaterThan(0);
  });

  it('health reports the provider that answers (the sandbox peer over the SDK)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subscription/health' });
    expect(json(res).data).toEqual({ status: 'ok', payments: 'sandbox', checkout_available: true });
  });

  it('a starter account gets PLAN_LIMIT_EXCEEDED at its brands limit', async () => {
    await t.sql("update accounts set plan = 'starter' where id = $1", [cast.stranger.accountId]);
    const brand = (name: string) => post('/api/brands', { name, description: 'x' }, cast.stranger.token);
    expect((await brand('One')).statusCode).toBe(201);
    expect((await brand('Two')).statusCode).toBe(201);
    const third = await brand('Three');
    expect(third.statusCode).toBe(403);
    expect(json(third).code).toBe('PLAN_LIMIT_EXCEEDED');
  });
});

describe('checkout through the sandbox peer', () => {
  it('refuses a viewer (no permission on the subscription) and an unknown plan', async () => {
    const viewer = await post('/api/subscription/create-checkout-session', { plan_key: 'growth' }, cast.viewer.token);
    expect(json(viewer).code).toBe('NO_PERMISSION_ON_SUBSCRIPTION');
    expect(json(await post('/api/subscription/create-checkout-session', { plan_key: 'platinum' })).code).toBe('PLAN_NOT_FOUND');
  });

  it('trial → Growth: the hosted page, Pay, one signed event → payment, PAID invoice, plan and credits', async () => {
    const before = Number(
      (await t.sql("select balance from credits where account_id = $1 and channel = 'sms'", [cast.owner.accountId]))[0].balance,
    );
    const res = await post('/api/subscription/create-checkout-session', { plan_key: 'growth' });
    expect(res.statusCode).toBe(200);
    const session = json(res).data;
    expect(session).toMatchObject({ amount: 64285, vat_amount: 8385, currency: 'SAR' });
    expect(session.url.startsWith(peer.url)).toBe(true);

    const page = await fetch(session.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('SAR 642.85');
    const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:5173/billing/invoices?checkout=success&session_id=${session.id}`);

    const payments = await t.sql('select * from payments where account_id = $1', [cast.owner.accountId]);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ method: 'visa', provider: 'sandbox', provider_ref: session.id, currency: 'SAR' });
    expect(Number(payments[0].amount)).toBe(64285);
    const [account] = await t.sql('select plan from accounts where id = $1', [cast.owner.accountId]);
    expect(account.plan).toBe('growth');
    const sub = json(await get('/api/subscription/current')).data;
    expect(sub).toMatchObject({ plan_key: 'growth', status: 'ACTIVE', interval: 'month', price: 55900 });
    const sms = sub.credits.find((c: { channel: string }) => c.channel === 'sms');
    expect(sms.remaining).toBe(before + 10000);
    const invoices = json(await get('/api/billing/invoices')).data.items;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      number: 1,
      status: 'PAID',
      currency: 'SAR',
      total_after_discount: 55900,
      vat_amount: 8385,
      total_with_vat: 64285,
      amount_paid: 64285,
      remaining_amount: 0,
    });
  });

  it('the invoice PDF reads back in both languages, and its QR code decodes to the ZATCA fields', async () => {
    const [first] = json(await get('/api/billing/invoices')).data.items;
    const res = await get(`/api/billing/invoices/${first.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('Simplified tax invoice');
    expect(text).toContain('SAR 642.85');
    expect(text).toContain('SAR 83.85');
    expect(text).toContain('300000000000003');
    // Arabic: shaped glyphs map back to their letters (NFKC folds presentation forms), each word
    // whole, and set right to left: read in page order, the title's last word comes first
    const arabic = text.normalize('NFKC');
    for (const word of ['فاتورة', 'ضريبية', 'مبسطة', 'جمالي', 'الرقم', 'المتبقي']) expect(arabic).toContain(word);
    expect(arabic.indexOf('مبسطة')).toBeLessThan(arabic.indexOf('فاتورة'));
    const [image] = await extractImages(pdf, 1);
    const rgba = new Uint8ClampedArray(image.width * image.height * 4);
    for (let i = 0, j = 0; i < image.width * image.height; i++, j += image.channels) {
      rgba.set([image.data[j], image.data[j + (image.channels >= 3 ? 1 : 0)], image.data[j + (image.channels >= 3 ? 2 : 0)], 255], i * 4);
    }
    const code = jsQR(rgba, image.width, image.height);
    expect(code).not.toBeNull();
    expect(decodeZatcaQr(code?.data ?? '')).toEqual({
      1: 'Risala',
      2: '300000000000003',
      3: first.issued_at.replace(/\.\d{3}Z$/, 'Z'),
      4: '642.85',
      5: '83.85',
    });
  });

  it('an event delivered three times (at once) is applied once; a bad signature is refused', async () => {
    const res = await post('/api/subscription/create-checkout-session', { plan_key: 'enterprise' });
    const session = json(res).data;
    // upgrade prorated for the rest of the period (just started: nearly the whole difference)
    const diff = 186900 - 55900;
    const net = session.amount - session.vat_amount;
    expect(net).toBeGreaterThan(diff - 50);
    expect(net).toBeLessThanOrEqual(diff);
    const completed = peer.sessions.get(session.id);
    if (!completed) throw new Error('the peer has no such session');
    const payload = JSON.stringify({
      id: 'evt_replayed_once',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...completed, line_items: undefined, status: 'complete', payment_status: 'paid', payment_intent: 'pi_x' } },
    });
    const deliver = (signature = stripeSignature(t.ctx.config.payments.webhookSecret, payload)) =>
      fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });

    const forged = await deliver(stripeSignature('whsec_not_ours', payload));
    expect(forged.status).toBe(401);
    const paymentsBefore = await count('payments');
    const answers = await Promise.all([deliver(), deliver(), deliver()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const outcomes = (await Promise.all(answers.map((a) => a.json() as Promise<{ outcome: string }>))).map((b) => b.outcome).sort();
    expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate']);
    expect(await count('payments')).toBe(paymentsBefore + 1);
    expect((await t.sql('select plan from accounts where id = $1', [cast.owner.accountId]))[0].plan).toBe('enterprise');
    // numbered without gaps
    const numbers = (await t.sql('select number from invoices where account_id = $1 order by number', [cast.owner.accountId])).map(
      (r) => r.number,
    );
    expect(numbers).toEqual([1, 2]);
  });

  it('Cancel goes back to the plans page and changes nothing', async () => {
    const session = json(await post('/api/subscription/create-checkout-session', { plan_key: 'growth' }, cast.stranger.token)).data;
    const back = await fetch(`${session.url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(back.headers.get('location')).toBe('http://localhost:5173/subscriptionplan?checkout=cancelled');
    const failed = await fetch(`${session.url}/fail`, { method: 'POST' });
    expect(await failed.text()).toContain('Your card was declined');
    expect(await count('payments', cast.stranger.accountId)).toBe(0);
  });
});

describe('downgrade, cancel and renewal', () => {
  it('a downgrade waits for the period end; renewal issues an unpaid invoice that becomes OVERDUE', async () => {
    const down = await post('/api/subscription/downgrade', { plan_key: 'starter' });
    expect(down.statusCode).toBe(200);
    expect(json(down).data).toMatchObject({ plan_key: 'enterprise', next_plan_key: 'starter' });
    const [s] = await t.sql("select end_date from subscriptions where account_id = $1 and status = 'ACTIVE'", [cast.owner.accountId]);
    expect(await renewDue(t.ctx, new Date(new Date(s.end_date).getTime() + 1000))).toBeGreaterThanOrEqual(1);
    const sub = json(await get('/api/subscription/current')).data;
    expect(sub).toMatchObject({ plan_key: 'starter', price: 18500, next_plan_key: null });
    const latest = json(await get('/api/billing/invoices')).data.items[0];
    expect(latest).toMatchObject({ number: 3, status: 'NOT_PAID', total_with_vat: 21275, remaining_amount: 21275 });
    await t.sql("update invoices set due_at = now() - interval '1 day' where account_id = $1 and number = 3", [cast.owner.accountId]);
    expect(json(await get('/api/billing/invoices')).data.items[0].status).toBe('OVERDUE');
  });

  it('cancel at period end falls back to the free plan at renewal', async () => {
    expect((await post('/api/subscription/cancel', {})).statusCode).toBe(200);
    const [s] = await t.sql("select end_date from subscriptions where account_id = $1 and status = 'ACTIVE'", [cast.owner.accountId]);
    await renewDue(t.ctx, new Date(new Date(s.end_date).getTime() + 1000));
    expect((await t.sql('select plan from accounts where id = $1', [cast.owner.accountId]))[0].plan).toBe('free');
  });
});
