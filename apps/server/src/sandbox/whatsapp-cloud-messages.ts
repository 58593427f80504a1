/**
 * The simulator's message endpoints (installed by startWhatsAppCloudSimulator). Rules:
 * - `POST /{phone_number_id}/messages` with `type: template` — the template must exist in the
 *   simulator with that name and language and be APPROVED (else 404/400 with Meta's error 132001),
 *   and carry exactly as many body parameters as its body has {{n}} (else 132000);
 * - `type: text` — only within 24 hours after an inbound message the simulator delivered from that
 *   number to that phone number id (`deliverInbound`), else 400 with error 131047 (Meta reports
 *   this one later as a failed status; answering at once keeps the sandbox simple and visible);
 * - an answer `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: wamid }] }`, then
 *   SIGNED `messages` webhooks with statuses sent → delivered → read after `statusDelaysMs`
 *   (default 100/300/600 ms; `shuffleStatuses` sends them out of order). A recipient whose number
 *   ends in 0000 is unreachable: sent → failed (131026, "Message undeliverable");
 * - `deliverInbound({ phone_number_id, from, text })` (also `POST /sandbox/inbound` with the same
 *   JSON, for tools and the UI) originates a customer message webhook and opens the window.
 */
import { randomBytes } from 'node:crypto';
import type { SimHandler, SimTemplate } from './whatsapp-cloud.ts';

export interface MessageSimOptions {
  statusDelaysMs?: [number, number, number];
  shuffleStatuses?: boolean;
  wabaId?: string;
}

interface Deps {
  templates: Map<string, SimTemplate>;
  route(method: string, pattern: RegExp, handle: SimHandler): void;
  sendWebhook(wabaId: string, field: string, value: unknown): Promise<void>;
  timers: Set<NodeJS.Timeout>;
}

const WINDOW_MS = 24 * 60 * 60 * 1000;
const graphError = (status: number, message: string, code: number, details?: string) => ({
  status,
  body: {
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
      fbtrace_id: 'sandbox',
    },
  },
});

export const newWamid = () => `wamid.${randomBytes(24).toString('base64url')}`;
const digits = (v: unknown) => (typeof v === 'string' ? v.replace(/[^\d]/g, '') : '');

export function installMessageEndpoints(deps: Deps, opts: MessageSimOptions) {
  const delays = opts.statusDelaysMs ?? [100, 300, 600];
  const wabaId = opts.wabaId ?? 'sandbox';
  /** `${phone_number_id}:${wa_id}` → when the customer last wrote */
  const lastInbound = new Map<string, number>();
  const metadata = (phoneNumberId: string) => ({ display_phone_number: `1555${phoneNumberId.slice(-7)}`, phone_number_id: phoneNumberId });

  function later(ms: number, fn: () => void) {
    const timer = setTimeout(() => {
      deps.timers.delete(timer);
      fn();
    }, ms);
    deps.timers.add(timer);
  }

  function emitStatuses(phoneNumberId: string, wamid: string, waId: string) {
    const fails = waId.endsWith('0000');
    const steps = fails ? (['sent', 'failed'] as const) : (['sent', 'delivered', 'read'] as const);
    const order = steps.map((s, i) => ({ status: s, ms: delays[i] ?? delays[delays.length - 1] }));
    if (opts.shuffleStatuses) {
      const ms = order.map((o) => o.ms).reverse();
      order.forEach((o, i) => {
        o.ms = ms[i];
      });
    }
    for (const { status, ms } of order) {
      later(ms, () => {
        const entry: Record<string, unknown> = { id: wamid, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: waId };
        if (status === 'failed') {
          entry.errors = [
            {
              code: 131026,
              title: 'Message undeliverable',
              message: 'Message undeliverable',
              error_data: { details: 'The recipient number is not on WhatsApp' },
            },
          ];
        }
        void deps.sendWebhook(wabaId, 'messages', { messaging_product: 'whatsapp', metadata: metadata(phoneNumberId), statuses: [entry] });
      });
    }
  }

  function bodyParamCount(t: SimTemplate) {
    const body = t.components.find((c) => c.type === 'BODY')?.text ?? '';
    return new Set(body.match(/\{\{\d+\}\}/g) ?? []).size;
  }

  deps.route('POST', /^\/(\d+)\/messages$/, ({ params: [phoneNumberId], body }) => {
    const to = digits(body.to);
    if (body.messaging_product !== 'whatsapp' || to.length < 8 || to.length > 15) {
      return graphError(400, '(#100) Invalid parameter: messaging_product and a valid `to` are required', 100);
    }
    if (body.type === 'template') {
      const tpl = body.template as
        | { name?: string; language?: { code?: string }; components?: { type?: string; parameters?: unknown[] }[] }
        | undefined;
      const found = [...deps.templates.values()].find((t) => t.name === tpl?.name && t.language === tpl?.language?.code);
      if (!found)
        return graphError(
          404,
          '(#132001) Template name does not exist in the translation',
          132001,
          `template name (${tpl?.name}) does not exist in ${tpl?.language?.code}`,
        );
      if (found.status !== 'APPROVED')
        return graphError(400, '(#132015) Template is paused or not approved', 132015, `template ${found.name} is ${found.status}`);
      const given = tpl?.components?.find((c) => c.type === 'body')?.parameters?.length ?? 0;
      if (given !== bodyParamCount(found)) {
        return graphError(
          400,
          '(#132000) Number of parameters does not match the expected number of params',
          132000,
          `body: expected ${bodyParamCount(found)}, got ${given}`,
        );
      }
    } else if (body.type === 'text') {
      const text = (body.text as { body?: unknown } | undefined)?.body;
      if (typeof text !== 'string' || !text.trim()) return graphError(400, '(#100) The parameter text.body is required', 100);
      const last = lastInbound.get(`${phoneNumberId}:${to}`);
      if (!last || Date.now() - last > WINDOW_MS) {
        return graphError(
          400,
          '(#131047) Re-engagement message',
          131047,
          'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        );
      }
    } else {
      return graphError(400, `(#100) Unsupported message type: ${String(body.type)}`, 100);
    }
    const wamid = newWamid();
    emitStatuses(phoneNumberId, wamid, to);
    return { body: { messaging_product: 'whatsapp', contacts: [{ input: String(body.to), wa_id: to }], messages: [{ id: wamid }] } };
  });

  /** A customer writes to a number: open its 24-hour window and post the signed inbound webhook. */
  function originate(m: { phone_number_id: string; from: string; text: string; name?: string }) {
    const from = digits(m.from);
    const wamid = newWamid();
    lastInbound.set(`${m.phone_number_id}:${from}`, Date.now());
    const sent = deps.sendWebhook(wabaId, 'messages', {
      messaging_product: 'whatsapp',
      metadata: metadata(m.phone_number_id),
      contacts: [{ profile: { name: m.name ?? 'Sandbox customer' }, wa_id: from }],
      messages: [{ from, id: wamid, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: m.text } }],
    });
    return { id: wamid, sent };
  }
  async function deliverInbound(m: { phone_number_id: string; from: string; text: string; name?: string }) {
    const { id, sent } = originate(m);
    await sent;
    return { id };
  }

  deps.route('POST', /^\/sandbox\/inbound$/, ({ body }) => {
    const phoneNumberId = digits(body.phone_number_id);
    const from = digits(body.from);
    if (!phoneNumberId || from.length < 8 || typeof body.text !== 'string') {
      return graphError(400, 'phone_number_id, from and text are required', 100);
    }
    const { id } = originate({
      phone_number_id: phoneNumberId,
      from,
      text: body.text,
      name: typeof body.name === 'string' ? body.name : undefined,
    });
    return { body: { accepted: true, id } };
  });

  return { deliverInbound, lastInbound };
}
