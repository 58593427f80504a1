/** What the plan form offers: groups and segments, and the account's uploaded briefs (upload one here). */
import type { Page } from '@risala/shared';
import type { Brief } from '@risala/shared/schemas/ai-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface GroupOption {
  id: number;
  group_name: string;
  type: string;
  contacts_count: number | null;
}

export function useGroups() {
  return useQuery({
    queryKey: ['groups', 'options', 'ai-plans'],
    queryFn: async () =>
      (await api.get<Page<GroupOption>>('/api/groups', { query: { limit: 100, sort: 'group_name', order: 'asc' }, silent: true })).data
        .items,
  });
}

export function useBriefs(brandId: number | null) {
  return useQuery({
    queryKey: ['ai-briefs', brandId],
    queryFn: async () =>
      (await api.get<{ items: Brief[] }>('/api/ai/briefs', { query: { brand_id: brandId ?? undefined }, silent: true })).data.items,
  });
}

/** POST /api/ai/upload (multipart): a PDF, DOCX or text brief. */
export function useUploadBrief() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, brandId }: { file: File; brandId: number | null }) => {
      const form = new FormData();
      if (brandId) form.append('brand_id', String(brandId));
      form.append('file', file);
      return (await api.post<Brief>('/api/ai/upload', form, { silent: true, timeoutMs: 60_000 })).data;
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['ai-briefs'] }),
  });
}
