import type {
  campaignCancelledEnvelopeSchema,
  campaignPausedEnvelopeSchema,
  campaignResumedEnvelopeSchema,
} from '@risala/shared/schemas/campaigns';
import type { DataOf } from '@risala/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { campaignKeys } from './keys.ts';

/** Each action's answer, from its route's response schema. */
interface ActionAnswers {
  pause: DataOf<typeof campaignPausedEnvelopeSchema>;
  resume: DataOf<typeof campaignResumedEnvelopeSchema>;
  cancel: DataOf<typeof campaignCancelledEnvelopeSchema>;
}
export type CampaignAction = keyof ActionAnswers;

/** POST /api/campaigns/{id}/pause|resume|cancel while it runs. */
export function useCampaignAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: CampaignAction }) =>
      (await api.post<ActionAnswers[CampaignAction]>(`/api/campaigns/${id}/${action}`)).data,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}
