import type { WaTemplate, WaTemplateInput } from '@risala/shared/schemas/whatsapp';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { waKeys } from './get-wa-templates.ts';

/** POST /api/whatsapp/templates (new DRAFT) or PUT /api/whatsapp/templates/{id}. */
export async function saveWaTemplate(id: number | null, input: WaTemplateInput): Promise<WaTemplate> {
  const { data } =
    id === null
      ? await api.post<WaTemplate>('/api/whatsapp/templates', input, { silent: true })
      : await api.put<WaTemplate>(`/api/whatsapp/templates/${id}`, input, { silent: true });
  return data;
}

export function useSaveWaTemplate(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WaTemplateInput) => saveWaTemplate(id, input),
    onSuccess: (tpl) => {
      client.setQueryData(waKeys.one(tpl.id), tpl);
      void client.invalidateQueries({ queryKey: [...waKeys.all, 'list'] });
    },
  });
}
