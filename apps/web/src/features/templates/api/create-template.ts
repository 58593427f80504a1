import type { CreateTemplateInput, Template } from '@risala/shared/schemas/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { templateKeys } from './keys.ts';

/** POST /api/templates: a plain-text template (SMS, WhatsApp text or text-only email). */
export async function createTemplate(input: CreateTemplateInput): Promise<Template> {
  const { data } = await api.post<Template>('/api/templates', input, { silent: true });
  return data;
}

export function useCreateTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.lists() }),
  });
}
