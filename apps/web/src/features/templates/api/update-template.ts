import type { Template, UpdateTemplateInput } from '@risala/shared/schemas/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { templateKeys } from './keys.ts';

/** PUT /api/templates/{id}: editing an approved or pending template sends it back to draft. */
export async function updateTemplate({ id, input }: { id: number; input: UpdateTemplateInput }): Promise<Template> {
  const { data } = await api.put<Template>(`/api/templates/${id}`, input, { silent: true });
  return data;
}

export function useUpdateTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: (template) => {
      client.setQueryData(templateKeys.detail(template.id), template);
      void client.invalidateQueries({ queryKey: templateKeys.lists() });
      void client.invalidateQueries({ queryKey: templateKeys.email(template.id) });
      void client.invalidateQueries({ queryKey: templateKeys.review(template.id) });
    },
  });
}
