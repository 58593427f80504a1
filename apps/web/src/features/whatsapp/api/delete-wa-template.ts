import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useRefreshWaTemplates } from './refresh-wa-templates.ts';

/** DELETE /{id} — also at the Cloud API when it was submitted. */
export async function deleteWaTemplate(id: number): Promise<void> {
  await api.delete(`/api/whatsapp/templates/${id}`);
}

export function useDeleteWaTemplate() {
  const refresh = useRefreshWaTemplates();
  return useMutation({ mutationFn: deleteWaTemplate, onSuccess: () => refresh() });
}
