import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { campaignKeys } from './keys.ts';

export type CampaignAction = 'pause' | 'resume' | 'cancel';

/** POST /api/campaigns/{id}/pause|resume|cancel while it runs. */
export function useCampaignAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: CampaignAction }) =>
      (await api.post<{ status: string }>(`/api/campaigns/${id}/${action}`)).data,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}
