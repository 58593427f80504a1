import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contentKeys } from './get-content.ts';

/** DELETE /api/content/{id} (the file stays in storage). */
export async function deleteContent(id: number): Promise<void> {
  await api.delete(`/api/content/${id}`, { silent: true });
}

export function useDeleteContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteContent,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: contentKeys.all });
      void client.invalidateQueries({ queryKey: ['brands'] });
    },
  });
}
