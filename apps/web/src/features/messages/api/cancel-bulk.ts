import type { DataOf } from '@risala/shared/schemas/common';
import type { bulkCancelledEnvelopeSchema } from '@risala/shared/schemas/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { messageKeys } from './keys.ts';

/** POST /api/messages/bulk/{bulkId}/cancel: every still-SCHEDULED message of a send → CANCELLED, credits back. */
export function useCancelScheduledSend() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (bulkId: string) =>
      (await api.post<DataOf<typeof bulkCancelledEnvelopeSchema>>(`/api/messages/bulk/${encodeURIComponent(bulkId)}/cancel`)).data,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: messageKeys.all });
    },
  });
}
