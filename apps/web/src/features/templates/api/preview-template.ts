import type { TemplatePreview } from '@risala/shared/schemas/templates';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/templates/{id}/preview {customer_id}: the template rendered for one customer. */
export async function previewTemplate({ id, customerId }: { id: number; customerId: number }): Promise<TemplatePreview> {
  const { data } = await api.post<TemplatePreview>(`/api/templates/${id}/preview`, { customer_id: customerId }, { silent: true });
  return data;
}

export function usePreviewTemplate() {
  return useMutation({ mutationFn: previewTemplate });
}
