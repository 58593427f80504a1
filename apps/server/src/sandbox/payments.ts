/**
 * The sandbox payment peer: a real HTTP server on loopback speaking the part of Stripe's API the
 * official SDK calls for us (POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id, GET
 * /v1/balance for the health check), and serving a hosted checkout page with Pay / Fail / Cancel.
 * Pay completes the session and posts a signed `checkout.session.completed` event to the product's
 * webhook (Stripe's scheme: `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "t.body")>`),
 * then sends the browser to the session's success_url; Cancel goes back to cancel_url; Fail shows
 * a declined card and leaves the session open, as Stripe's page does.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';

export interface SandboxSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string;
  created: number;
  livemode: false;
  payment_intent: string | null;
  line_items: { name: string; amount: number; quantity: number }[];
}

export interface SandboxPayments {
  url: string;
  port: number;
  sessions: Map<string, SandboxSession>;
  /** where signed events go (the app's /webhooks/stripe); settable once the app listens */
  setWebhookUrl(url: string): void;
  close(): Promise<void>;
}

/** Stripe's signature header for a payload. */
export function stripeSignature(secret: string, payload: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
}

/** `a[b][0][c]=v` form fields (how the SDK encodes parameters) into nested objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = root;
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1) {
        node[part] = value;
        break;
      }
      if (!node[part] || typeof node[part] !== 'object') node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
  }
  return root;
}

const listOf = (v: unknown): Record<string, unknown>[] =>
  v && typeof v === 'object' ? (Object.values(v as object) as Record<string, unknown>[]) : [];

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c) => {
      data += c;
      if (data.length > 1_000_000) req.destroy();
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function page(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:480px;margin:48px auto;padding:0 16px;color:#1a1b1e}
.card{border:1px solid #ccc;border-radius:12px;padding:24px}button{font-size:16px;padding:10px 18px;margin:6px 6px 0 0;border-radius:8px;border:1px solid #555;cursor:pointer}
.pay{background:#1864ab;color:#fff;border-color:#1864ab}.fail{background:#fff;color:#a51111;border-color:#a51111}.cancel{background:#fff;color:#1a1b1e}
.muted{color:#555}.err{color:#a51111;font-weight:600}</style></head><body><main class="card">${body}</main></body></html>`);
}

function money(minor: number, currency: string) {
  return `${currency.toUpperCase()} ${(minor / 100).toFixed(2)}`;
}

export async function startSandboxPayments(opts: {
  webhookSecret: string;
  /** the secret key the SDK must present (Bearer) */
  secretKey: string;
  webhookUrl?: () => string | null;
  port?: number;
  log?: Logger;
}): Promise<SandboxPayments> {
  const sessions = new Map<string, SandboxSession>();
  let fixedWebhook: string | null = null;
  const webhookUrl = () => fixedWebhook ?? opts.webhookUrl?.() ?? null;
  let base = '';

  async function deliver(session: SandboxSession, type: string): Promise<void> {
    const target = webhookUrl();
    if (!target) return;
    const event = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { ...session, line_items: undefined } },
    };
    const payload = JSON.stringify(event);
    // Stripe retries a failed delivery; the peer does too, three times, a little apart
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const res = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(opts.webhookSecret, payload) },
          body: payload,
        });
        if (res.ok) return;
        opts.log?.warn({ status: res.status }, 'sandbox payments: webhook refused');
      } catch (err) {
        opts.log?.warn({ err }, 'sandbox payments: webhook delivery failed');
      }
      await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
    }
  }

  function createSession(params: Record<string, unknown>): SandboxSession {
    const items = listOf(params.line_items).map((li) => {
      const pd = (li.price_data ?? {}) as Record<string, unknown>;
      const product = (pd.product_data ?? {}) as Record<string, unknown>;
      return {
        name: String(product.name ?? ''),
        amount: Number(pd.unit_amount ?? 0),
        quantity: Number(li.quantity ?? 1),
        currency: String(pd.currency ?? 'sar'),
      };
    });
    const total = items.reduce((s, i) => s + i.amount * i.quantity, 0);
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const session: SandboxSession = {
      id,
      object: 'checkout.session',
      mode: String(params.mode ?? 'payment'),
      status: 'open',
      payment_status: 'unpaid',
      amount_total: total,
      amount_subtotal: total,
      currency: items[0]?.currency ?? 'sar',
      client_reference_id: (params.client_reference_id as string) ?? null,
      customer_email: (params.customer_email as string) ?? null,
      metadata: (params.metadata as Record<string, string>) ?? {},
      success_url: String(params.success_url ?? ''),
      cancel_url: String(params.cancel_url ?? ''),
      url: `${base}/pay/${id}`,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      payment_intent: null,
      line_items: items.map(({ name, amount, quantity }) => ({ name, amount, quantity })),
    };
    sessions.set(id, session);
    return session;
  }

  const checkoutPage = (res: ServerResponse, s: SandboxSession, note = '') =>
    page(
      res,
      200,
      'Sandbox checkout',
      `<h1>Sandbox checkout</h1><p class="muted">A local stand-in for the payment provider: no money moves.</p>
<ul>${s.line_items.map((l) => `<li>${escapeHtml(l.name)} — ${money(l.amount * l.quantity, s.currency)}</li>`).join('')}</ul>
<p><strong>Total: <span data-testid="sandbox-total">${money(s.amount_total, s.currency)}</span></strong></p>${note}
<form method="post" action="/pay/${s.id}/pay" style="display:inline"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="/pay/${s.id}/fail" style="display:inline"><button class="fail" type="submit">Fail</button></form>
<form method="post" action="/pay/${s.id}/cancel" style="display:inline"><button class="cancel" type="submit">Cancel</button></form>`,
    );

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const parts = url.pathname.split('/').filter(Boolean);
    // the hosted page (the browser, no key)
    if (parts[0] === 'pay' && parts[1]) {
      const s = sessions.get(parts[1]);
      if (!s) return page(res, 404, 'Not found', '<h1>This checkout does not exist</h1>');
      if (req.method === 'GET' && parts.length === 2) {
        if (s.status !== 'open') return page(res, 410, 'Closed', '<h1>This checkout is closed</h1>');
        return checkoutPage(res, s);
      }
      if (req.method === 'POST' && parts.length === 3) {
        await readBody(req);
        if (s.status !== 'open') return page(res, 410, 'Closed', '<h1>This checkout is closed</h1>');
        if (parts[2] === 'fail')
          return checkoutPage(res, s, '<p class="err" role="alert">Your card was declined. Try again or cancel.</p>');
        if (parts[2] === 'cancel') {
          res.writeHead(303, { location: s.cancel_url });
          return res.end();
        }
        if (parts[2] === 'pay') {
          s.status = 'complete';
          s.payment_status = 'paid';
          s.payment_intent = `pi_${randomBytes(12).toString('hex')}`;
          await deliver(s, 'checkout.session.completed');
          res.writeHead(303, { location: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) });
          return res.end();
        }
      }
      return page(res, 404, 'Not found', '<h1>Not found</h1>');
    }
    // the API (the SDK, with the secret key)
    if (parts[0] === 'v1') {
      if (req.headers.authorization !== `Bearer ${opts.secretKey}`) {
        return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      const body = req.method === 'POST' ? parseStripeForm(await readBody(req)) : {};
      if (req.method === 'GET' && parts[1] === 'balance') {
        return send(res, 200, { object: 'balance', available: [{ amount: 0, currency: 'sar' }], pending: [], livemode: false });
      }
      if (parts[1] === 'checkout' && parts[2] === 'sessions') {
        if (req.method === 'POST' && parts.length === 3) return send(res, 200, { ...createSession(body), line_items: undefined });
        const s = parts[3] ? sessions.get(parts[3]) : undefined;
        if (req.method === 'GET' && s) return send(res, 200, { ...s, line_items: undefined });
        if (req.method === 'POST' && s && parts[4] === 'expire') {
          if (s.status === 'open') {
            s.status = 'expired';
            await deliver(s, 'checkout.session.expired');
          }
          return send(res, 200, { ...s, line_items: undefined });
        }
        return send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' } });
      }
    }
    return send(res, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      opts.log?.error({ err }, 'sandbox payments failed');
      if (!res.headersSent) send(res, 500, { error: { type: 'api_error', message: 'sandbox error' } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    port,
    sessions,
    setWebhookUrl(u: string) {
      fixedWebhook = u;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
