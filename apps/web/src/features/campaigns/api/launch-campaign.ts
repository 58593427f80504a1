import type { CampaignTestSendInput, testSendEnvelopeSchema } from '@risala/shared/schemas/campaigns';
import type { DataOf } from '@risala/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { campaignKeys } from './keys.ts';
import type { Campaign } from './types.ts';

/** POST /api/campaigns/{id}/deploy: batches created; the campaign runs, waits for its time or for approval. */
export function useDeployCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<Campaign>(`/api/campaigns/${id}/deploy`, undefined, { silent: true })).data,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}

/** POST /api/campaigns/{id}/test-send: the content as it stands to a few numbers and emails. */
export function useTestSend() {
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: CampaignTestSendInput }) =>
      (await api.post<DataOf<typeof testSendEnvelopeSchema>>(`/api/campaigns/${id}/test-send`, body, { silent: true })).data,
  });
}
