/**
 * The sandbox WhatsApp Cloud API: a real HTTP server on loopback speaking the Graph API shapes the
 * app uses. Templates now (create, edit, read, delete; decided after a short delay by the rules
 * below, then a signed `message_template_status_update` webhook) and messages — template and
 * text sends, signed status webhooks, inbound customer messages and the 24-hour window: the rules
 * are in whatsapp-cloud-messages.ts.
 */
import { createHmac, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { installMessageEndpoints, type MessageSimOptions } from './whatsapp-cloud-messages.ts';
import { PROMOTIONAL_TEXT, SANDBOX_SAMPLE_TEMPLATES } from '@risala/shared/schemas/whatsapp';

export interface SimTemplate {
  id: string;
  waba_id: string;
  name: string;
  language: string;
  category: string;
  components: { type: string; text?: string; buttons?: { url?: string }[] }[];
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  rejected_reason: string;
}

export interface SimRequest {
  method: string;
  url: URL;
  params: string[];
  body: Record<string, unknown>;
  /** the bearer token of the call */
  token: string;
}
export type SimHandler = (req: SimRequest) => { status?: number; body: unknown };

export interface WhatsAppCloudSimulatorOptions extends MessageSimOptions {
  appSecret: string;
  /** Where status webhooks go; a getter because the app's port is known only once it listens. */
  webhookUrl?: () => string | null;
  decisionMs: number;
  port?: number;
  log?: Logger;
}

const SHORTENERS = /\b(bit\.ly|tinyurl\.com|goo\.gl|t\.co|ow\.ly|is\.gd|buff\.ly|rebrand\.ly|cutt\.ly|shorturl\.at)\//i;

/**
 * The documented review rules (docs/decisions.md), first match wins:
 * 1. a URL shortener in any text or URL button → REJECTED, INVALID_FORMAT;
 * 2. a malformed variable in the body (braces left after removing every {{n}}) → REJECTED, INVALID_FORMAT;
 * 3. a UTILITY or AUTHENTICATION body that reads as marketing → REJECTED, PROMOTIONAL;
 * 4. otherwise → APPROVED.
 */
export function decideTemplate(t: Pick<SimTemplate, 'category' | 'components'>): {
  status: 'APPROVED' | 'REJECTED';
  reason: string;
} {
  const body = t.components.find((c) => c.type === 'BODY')?.text ?? '';
  const texts = t.components.flatMap((c) => [c.text ?? '', ...(c.buttons ?? []).map((b) => b.url ?? '')]);
  if (texts.some((s) => SHORTENERS.test(s))) return { status: 'REJECTED', reason: 'INVALID_FORMAT' };
  if (/\{\{|\}\}/.test(body.replace(/\{\{\d+\}\}/g, ''))) return { status: 'REJECTED', reason: 'INVALID_FORMAT' };
  if (t.category !== 'MARKETING' && PROMOTIONAL_TEXT.test(body)) return { status: 'REJECTED', reason: 'PROMOTIONAL' };
  return { status: 'APPROVED', reason: 'NONE' };
}

/** Meta signs the raw body with the app secret: `X-Hub-Signature-256: sha256=<hex>`. */
export function signWebhook(appSecret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/**
 * Phone numbers: every 15- or 16-digit id starting with 9 is a sandbox number (template ids never
 * start with 9). 15 digits are the accounts' seeded sandbox senders (9 + the account id), read with
 * the sandbox's shared token; 16 digits are free for numbers a user adds to try setup, and like a
 * real number belong to one business: the first token that reads one owns it. Another business's
 * number and an id nobody has get the same answer, Meta's "does not exist, cannot be loaded due to
 * missing permissions" (code 100).
 */
const SANDBOX_PHONE_ID = /^9\d{14,15}$/;
const CLAIMABLE_PHONE_ID = /^9\d{15}$/;
export function sandboxPhoneNumber(id: string) {
  return { id, display_phone_number: `+1 555 ${id.slice(-7)}`, verified_name: 'Risala Sandbox', quality_rating: 'GREEN' };
}

const graphError = (status: number, message: string, code = 100) => ({
  status,
  body: { error: { message, type: 'OAuthException', code, fbtrace_id: 'sandbox' } },
});

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return {};
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

export async function startWhatsAppCloudSimulator(opts: WhatsAppCloudSimulatorOptions) {
  const templates = new Map<string, SimTemplate>();
  // the samples every sandbox account starts with, approved (shared by all: never deleted)
  const samples = new Set<string>();
  for (const t of SANDBOX_SAMPLE_TEMPLATES) {
    samples.add(t.external_id);
    templates.set(t.external_id, {
      id: t.external_id,
      waba_id: opts.wabaId ?? 'sandbox',
      name: t.name,
      language: t.language,
      category: t.category,
      components: t.components.map((c) => ({ ...c })),
      status: 'APPROVED',
      rejected_reason: 'NONE',
    });
  }
  const routes: { method: string; pattern: RegExp; handle: SimHandler }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let webhookUrl = opts.webhookUrl ?? (() => null);

  /** Register an endpoint; `pattern` matches the path after `/{version}`, captures become params. */
  function route(method: string, pattern: RegExp, handle: SimHandler) {
    routes.push({ method, pattern, handle });
  }

  /** POST a signed webhook in Meta's envelope, retrying a few times like Meta does. */
  async function sendWebhook(wabaId: string, field: string, value: unknown) {
    const target = webhookUrl();
    if (!target) return;
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: wabaId, time: Math.floor(Date.now() / 1000), changes: [{ field, value }] }],
    });
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        const res = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(opts.appSecret, raw) },
          body: raw,
          signal: AbortSignal.timeout(5000),
        });
        if (res.ok) return;
        opts.log?.warn({ status: res.status }, 'sandbox WhatsApp webhook refused');
      } catch (err) {
        opts.log?.warn({ err }, 'sandbox WhatsApp webhook failed');
      }
      await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
    }
  }

  function scheduleDecision(t: SimTemplate) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      const current = templates.get(t.id);
      if (current?.status !== 'PENDING') return;
      const decision = decideTemplate(current);
      current.status = decision.status;
      current.rejected_reason = decision.reason;
      void sendWebhook(current.waba_id, 'message_template_status_update', {
        event: decision.status,
        message_template_id: Number(current.id),
        message_template_name: current.name,
        message_template_language: current.language,
        reason: decision.reason,
      });
    }, opts.decisionMs);
    timers.add(timer);
  }

  route('POST', /^\/([^/]+)\/message_templates$/, ({ params: [waba], body }) => {
    const { name, language, category, components } = body as Partial<SimTemplate>;
    if (typeof name !== 'string' || typeof language !== 'string' || typeof category !== 'string' || !Array.isArray(components)) {
      return graphError(400, 'Invalid parameter: name, language, category and components are required');
    }
    for (const t of templates.values()) {
      if (t.waba_id === waba && t.name === name && t.language === language) {
        return graphError(400, `Message template "${name}" already exists in ${language}`);
      }
    }
    const id = `${randomInt(1, 9)}${String(randomInt(0, 1e14)).padStart(14, '0')}`; // 15 digits, like Meta's
    const t: SimTemplate = { id, waba_id: waba, name, language, category, components, status: 'PENDING', rejected_reason: 'NONE' };
    templates.set(id, t);
    scheduleDecision(t);
    return { body: { id, status: 'PENDING', category } };
  });

  route('DELETE', /^\/([^/]+)\/message_templates$/, ({ params: [waba], url }) => {
    const name = url.searchParams.get('name');
    const hsmId = url.searchParams.get('hsm_id');
    const doomed = [...templates.values()].filter((t) => t.waba_id === waba && t.name === name && (!hsmId || t.id === hsmId));
    if (doomed.length === 0) return graphError(404, 'Message template not found');
    for (const t of doomed) if (!samples.has(t.id)) templates.delete(t.id);
    return { body: { success: true } };
  });

  /** phone number id → the token of the business that owns it (see SANDBOX_PHONE_ID, `assignNumber`) */
  const numberOwners = new Map<string, string>();
  const noSuchObject = (id: string) =>
    graphError(
      400,
      `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
    );

  route('GET', /^\/(\d+)$/, ({ params: [id], token }) => {
    const t = templates.get(id);
    if (t) return { body: { id: t.id, name: t.name, status: t.status, rejected_reason: t.rejected_reason } };
    const owner = numberOwners.get(id);
    if (owner === undefined && CLAIMABLE_PHONE_ID.test(id)) numberOwners.set(id, token);
    if (owner !== undefined && owner !== token) return noSuchObject(id);
    if (owner !== undefined || SANDBOX_PHONE_ID.test(id)) return { body: sandboxPhoneNumber(id) };
    // as Meta: an id nobody has and one of another business read the same
    return noSuchObject(id);
  });

  route('POST', /^\/(\d+)$/, ({ params: [id], body }) => {
    const t = templates.get(id);
    if (!t) return graphError(404, `Object with ID '${id}' does not exist`);
    if (t.status === 'PENDING') return graphError(400, 'A template in review cannot be edited');
    if (Array.isArray(body.components)) t.components = body.components as SimTemplate['components'];
    if (typeof body.category === 'string') t.category = body.category;
    t.status = 'PENDING';
    t.rejected_reason = 'NONE';
    scheduleDecision(t);
    return { body: { success: true } };
  });

  const messages = installMessageEndpoints({ templates, route, sendWebhook, timers }, opts);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) {
      const e = graphError(401, 'Invalid OAuth access token.', 190);
      return send(e.status, e.body);
    }
    const path = url.pathname.replace(/^\/v\d+\.\d+/, '');
    const body = req.method === 'POST' ? await readJson(req) : {};
    for (const r of routes) {
      const match = r.method === req.method ? r.pattern.exec(path) : null;
      if (!match) continue;
      const token = (req.headers.authorization ?? '').slice('Bearer '.length).trim();
      const out = r.handle({ method: r.method, url, params: match.slice(1), body, token });
      return send(out.status ?? 200, out.body);
    }
    const e = graphError(400, `Unsupported ${req.method} request`);
    return send(e.status, e.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      opts.log?.error({ err }, 'sandbox WhatsApp simulator failed');
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    templates,
    route,
    /** a phone number of one business (any id): only `token` reads it, as with Meta */
    assignNumber(phoneNumberId: string, token: string) {
      numberOwners.set(phoneNumberId, token);
    },
    /** a customer writes to a sandbox number (opens the 24-hour window) */
    deliverInbound: messages.deliverInbound,
    sendWebhook,
    setWebhookUrl(url: string | null) {
      webhookUrl = () => url;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type WhatsAppCloudSimulator = Awaited<ReturnType<typeof startWhatsAppCloudSimulator>>;

/** For main.ts: in sandbox mode, start the simulator and point the app's Cloud API base at it. */
export async function startWhatsAppSandbox(
  config: Config,
  log: Logger,
  appAddress: () => AddressInfo | string | null | undefined,
): Promise<WhatsAppCloudSimulator | null> {
  if (!config.whatsapp.sandbox) return null;
  const sim = await startWhatsAppCloudSimulator({
    appSecret: config.whatsapp.appSecret,
    decisionMs: config.whatsapp.simDecisionMs,
    statusDelaysMs: config.whatsapp.simStatusDelaysMs,
    wabaId: config.whatsapp.wabaId ?? undefined,
    log,
    webhookUrl: () => {
      const a = appAddress();
      if (!a || typeof a === 'string') return null;
      const host = ['0.0.0.0', '::'].includes(a.address) ? '127.0.0.1' : a.family === 'IPv6' ? `[${a.address}]` : a.address;
      return `http://${host}:${a.port}/webhooks/whatsapp`;
    },
  });
  config.whatsapp.apiBase = sim.url;
  return sim;
}
