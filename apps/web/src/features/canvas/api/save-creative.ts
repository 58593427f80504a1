import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface SaveCreativeInput {
  png: Blob;
  title: string;
  brandIds: number[];
}

/**
 * Save the exported PNG into the content library: upload the file (purpose `content`, typed by its
 * bytes on the server), then create an image content item linked to the chosen brands.
 */
export async function saveCreative(input: SaveCreativeInput): Promise<{ id: number }> {
  const form = new FormData();
  form.append('purpose', 'content');
  form.append('file', new File([input.png], `${input.title.replace(/[^\p{L}\p{N}_-]+/gu, '_') || 'creative'}.png`, { type: 'image/png' }));
  const upload = await api.post<{ id: number }>('/api/s3/upload', form, { silent: true, timeoutMs: 120_000 });
  const created = await api.post<{ id: number }>(
    '/api/content',
    { title: input.title, type: 'image', file_id: upload.data.id, brand_ids: input.brandIds, tags: ['canvas'] },
    { silent: true },
  );
  return created.data;
}

export function useSaveCreative() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCreative,
    onSuccess: () => client.invalidateQueries({ queryKey: ['content'] }),
  });
}
