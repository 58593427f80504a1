import type { WaTemplate } from '@risala/shared/schemas/whatsapp';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useRefreshWaTemplates } from './refresh-wa-templates.ts';

/** POST /{id}/check-status — asks the Cloud API now instead of waiting for the webhook. */
export async function checkWaTemplateStatus(id: number): Promise<WaTemplate> {
  return (await api.post<WaTemplate>(`/api/whatsapp/templates/${id}/check-status`)).data;
}

export function useCheckWaTemplateStatus() {
  const refresh = useRefreshWaTemplates();
  return useMutation({ mutationFn: checkWaTemplateStatus, onSuccess: refresh });
}
