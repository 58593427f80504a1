import type { CreateRichTemplateInput, Template } from '@risala/shared/schemas/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { templateKeys } from './keys.ts';

/** POST /api/templates/rich: an email with HTML (the server sanitises it). */
export async function createRichTemplate(input: CreateRichTemplateInput): Promise<Template> {
  const { data } = await api.post<Template>('/api/templates/rich', input, { silent: true });
  return data;
}

export function useCreateRichTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createRichTemplate,
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.lists() }),
  });
}
