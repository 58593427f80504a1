import type { WaTemplate } from '@risala/shared/schemas/whatsapp';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useRefreshWaTemplates } from './refresh-wa-templates.ts';

/** POST /{id}/submit — to the Cloud API (429 WHATSAPP_SUBMISSION_LIMIT past the daily limit). */
export async function submitWaTemplate(id: number): Promise<WaTemplate> {
  return (await api.post<WaTemplate>(`/api/whatsapp/templates/${id}/submit`, undefined, { silent: true })).data;
}

export function useSubmitWaTemplate() {
  const refresh = useRefreshWaTemplates();
  return useMutation({ mutationFn: submitWaTemplate, onSuccess: refresh, onError: () => refresh() });
}
