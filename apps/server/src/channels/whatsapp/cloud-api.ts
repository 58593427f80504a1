/**
 * A small WhatsApp Cloud API (Graph API) client over fetch: `{base}/{version}/…` with a bearer token.
 * Templates and messages. Failures become CloudApiError carrying Meta's own reason
 * (`error.error_user_msg` or `error.message`) and code (131047: outside the 24-hour window …).
 */
import type { WaCategory, WaComponent } from '@risala/shared/schemas/whatsapp';

export interface CloudApiOptions {
  base: string;
  version: string;
  accessToken: string;
  timeoutMs?: number;
}

export class CloudApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly code?: number,
  ) {
    super(reason);
  }
}

export interface CloudTemplateDefinition {
  name: string;
  language: string;
  category: WaCategory;
  components: WaComponent[];
}

export interface CloudTemplateCreated {
  id: string;
  status: string;
  category: string;
}

export interface CloudTemplateStatus {
  id: string;
  name?: string;
  status: string;
  rejected_reason?: string;
}

/** What POST /{phone_number_id}/messages sends: an approved template with body parameters, or free text. */
export type CloudOutgoingMessage =
  | { type: 'template'; to: string; name: string; language: string; params: string[] }
  | { type: 'text'; to: string; text: string };

export interface CloudMessageSent {
  messaging_product: 'whatsapp';
  contacts?: { input: string; wa_id: string }[];
  messages: { id: string }[];
}

/** The Graph API body for a message: `to` as digits, template body parameters as text. */
export function messageBody(m: CloudOutgoingMessage) {
  const to = m.to.replace(/[^\d]/g, '');
  if (m.type === 'text')
    return { messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'text', text: { preview_url: false, body: m.text } };
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'template',
    template: {
      name: m.name,
      language: { code: m.language },
      ...(m.params.length ? { components: [{ type: 'body', parameters: m.params.map((text) => ({ type: 'text', text })) }] } : {}),
    },
  };
}

interface GraphErrorBody {
  error?: { message?: string; error_user_msg?: string; code?: number };
}

export function createCloudApi(opts: CloudApiOptions) {
  const root = `${opts.base.replace(/\/$/, '')}/${opts.version}`;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${root}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${opts.accessToken}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new CloudApiError(0, `unreachable: ${(err as Error).message}`);
    }
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = {};
    }
    if (!res.ok) {
      const e = (parsed as GraphErrorBody).error;
      throw new CloudApiError(res.status, e?.error_user_msg || e?.message || `HTTP ${res.status}`, e?.code);
    }
    return parsed as T;
  }

  return {
    /** POST /{waba}/message_templates → { id, status, category } */
    createTemplate: (wabaId: string, template: CloudTemplateDefinition) =>
      call<CloudTemplateCreated>('POST', `/${encodeURIComponent(wabaId)}/message_templates`, template),
    /** POST /{template_id} — edit a rejected (or approved) template; it goes back to review. */
    editTemplate: (templateId: string, edit: Pick<CloudTemplateDefinition, 'category' | 'components'>) =>
      call<{ success: boolean }>('POST', `/${encodeURIComponent(templateId)}`, edit),
    /** GET /{template_id}?fields=… */
    getTemplate: (templateId: string) =>
      call<CloudTemplateStatus>('GET', `/${encodeURIComponent(templateId)}?fields=name,status,rejected_reason`),
    /** GET /{phone_number_id}: proves the token reaches the number (sender setup). */
    getPhoneNumber: (phoneNumberId: string) =>
      call<{ id: string; display_phone_number?: string; verified_name?: string }>(
        'GET',
        `/${encodeURIComponent(phoneNumberId)}?fields=display_phone_number,verified_name`,
      ),
    /** POST /{phone_number_id}/messages → { messages: [{ id: wamid }] } */
    sendMessage: (phoneNumberId: string, message: CloudOutgoingMessage) =>
      call<CloudMessageSent>('POST', `/${encodeURIComponent(phoneNumberId)}/messages`, messageBody(message)),
    /** DELETE /{waba}/message_templates?name=…&hsm_id=… (one language version when the id is given) */
    deleteTemplate: (wabaId: string, name: string, templateId?: string) => {
      const q = new URLSearchParams({ name, ...(templateId ? { hsm_id: templateId } : {}) });
      return call<{ success: boolean }>('DELETE', `/${encodeURIComponent(wabaId)}/message_templates?${q}`);
    },
  };
}

export type CloudApi = ReturnType<typeof createCloudApi>;
