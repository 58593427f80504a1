import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { templateKeys } from './keys.ts';

/** DELETE /api/templates/{id} */
export async function deleteTemplate(id: number): Promise<void> {
  await api.delete(`/api/templates/${id}`);
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.lists() }),
  });
}
