/**
 * "Save as template" on a draft card: the template APIs the editors use — an SMS or email as a
 * template (DRAFT, not submitted), a WhatsApp body as a WhatsApp template (DRAFT, not submitted to
 * Meta) — named in the account's time zone and the reader's language. A name already taken gets
 * a number, as a person would add one.
 */
import type { MessageDraft } from '@risala/shared/schemas/ai-draft';
import type { CreateRichTemplateInput, CreateTemplateInput, Template } from '@risala/shared/schemas/templates';
import type { WaComponent, WaTemplate, WaTemplateInput } from '@risala/shared/schemas/whatsapp';
import { api } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/http.ts';
import { whatsappDraftName } from '../draft-name.ts';

export interface SavedDraft {
  id: number;
  name: string;
  url: string;
}

function components(d: MessageDraft): WaComponent[] {
  const out: WaComponent[] = [
    { type: 'BODY', text: d.body, ...(d.variables.length ? { example: { body_text: [d.variables.map((v) => v.example)] } } : {}) },
  ];
  if (d.footer) out.push({ type: 'FOOTER', text: d.footer });
  if (d.button) out.push({ type: 'BUTTONS', buttons: [{ type: 'URL', text: d.button.text, url: d.button.url }] });
  return out;
}

async function withFreeName<T>(names: string[], save: (name: string) => Promise<T>): Promise<{ name: string; saved: T }> {
  for (const [i, name] of names.entries()) {
    try {
      return { name, saved: await save(name) };
    } catch (e) {
      if (!(isApiError(e) && e.code === 'NAME_EXISTS') || i === names.length - 1) throw e;
    }
  }
  throw new Error('unreachable');
}

export async function saveDraftAsTemplate(d: MessageDraft, o: { label: string; at: Date; timeZone: string }): Promise<SavedDraft> {
  if (d.channel === 'whatsapp') {
    const base = whatsappDraftName(o.at, o.timeZone);
    const { name, saved } = await withFreeName(
      [base, `${base}_2`, `${base}_3`],
      async (name) =>
        (
          await api.post<WaTemplate>(
            '/api/whatsapp/templates',
            { name, language: d.language, category: 'MARKETING', components: components(d) } satisfies WaTemplateInput,
            { silent: true },
          )
        ).data,
    );
    return { id: saved.id, name, url: `/template/whatsapp/${saved.id}` };
  }
  const names = [o.label, `${o.label} (2)`, `${o.label} (3)`];
  const { name, saved } = await withFreeName(names, async (name) =>
    d.channel === 'email'
      ? (
          await api.post<Template>(
            '/api/templates/rich',
            {
              template_name: name,
              message_type: 'email',
              category: 'marketing',
              subject: d.subject ?? name,
              html: d.html ?? '',
              template_text: d.body,
            } satisfies Partial<CreateRichTemplateInput>,
            { silent: true },
          )
        ).data
      : (
          await api.post<Template>(
            '/api/templates',
            {
              template_name: name,
              message_type: 'sms',
              category: 'marketing',
              template_text: d.body,
            } satisfies Partial<CreateTemplateInput>,
            { silent: true },
          )
        ).data,
  );
  return { id: saved.id, name, url: `/template/edit/${saved.id}` };
}
