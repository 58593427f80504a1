import type { CampaignDraftInput, campaignDeletedEnvelopeSchema } from '@risala/shared/schemas/campaigns';
import type { DataOf } from '@risala/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { campaignKeys } from './keys.ts';
import type { Campaign } from './types.ts';

/** POST /api/campaigns (first change) or PUT /api/campaigns/{id} (autosave while DRAFT). Errors are shown inline. */
export async function saveCampaign(id: number | null, body: CampaignDraftInput): Promise<Campaign> {
  const res =
    id === null
      ? await api.post<Campaign>('/api/campaigns', body, { silent: true })
      : await api.put<Campaign>(`/api/campaigns/${id}`, body, { silent: true });
  return res.data;
}

export function useSaveCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CampaignDraftInput }) => saveCampaign(id, body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: [...campaignKeys.all, 'list'] });
    },
  });
}

/** DELETE /api/campaigns/{id} (DRAFT, CANCELED or finished). */
export function useDeleteCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete<DataOf<typeof campaignDeletedEnvelopeSchema>>(`/api/campaigns/${id}`)).data,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}

/** POST /api/campaigns/{id}/duplicate: a new draft with the campaign's content, audience and senders. */
export function useDuplicateCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<Campaign>(`/api/campaigns/${id}/duplicate`, {})).data,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: [...campaignKeys.all, 'list'] });
    },
  });
}
