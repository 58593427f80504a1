import type { ContentItem, CreateContentInput, UpdateContentInput } from '@risala/shared/schemas/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contentKeys } from './get-content.ts';

/** POST /api/content → the new item (with file and brands). */
export async function createContent(input: CreateContentInput): Promise<ContentItem> {
  const { data } = await api.post<ContentItem>('/api/content', input, { silent: true });
  return data;
}

/** PUT /api/content/{id} (partial) → the item. */
export async function updateContent(id: number, input: UpdateContentInput): Promise<ContentItem> {
  const { data } = await api.put<ContentItem>(`/api/content/${id}`, input, { silent: true });
  return data;
}

export function useSaveContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: CreateContentInput }) => (id ? updateContent(id, input) : createContent(input)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: contentKeys.all });
      void client.invalidateQueries({ queryKey: ['brands'] }); // content counts per brand
    },
  });
}
