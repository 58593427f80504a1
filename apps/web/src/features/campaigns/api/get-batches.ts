import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type BatchView, campaignKeys } from './keys.ts';
import type { Batch, Page } from './types.ts';

/** GET /api/batches?view=approval|gateway|scheduled|canceled|all */
export function useBatches(view: BatchView, page: number, limit: number, search: string) {
  return useQuery({
    queryKey: campaignKeys.batches(view, page, search),
    queryFn: async () => (await api.get<Page<Batch>>('/api/batches', { query: { view, page, limit, search }, silent: true })).data,
    placeholderData: keepPreviousData,
    // a batch whose time has come (send now) leaves the scheduled list as soon as the worker starts it
    refetchInterval: (q) =>
      q.state.data?.items.some((b) => b.scheduled_at && !b.processing_status && !b.canceled_at && Date.parse(b.scheduled_at) <= Date.now())
        ? 2000
        : 10_000,
  });
}

/** GET /api/batches?view=all&campaign_id=…: a campaign's batches (what send now or cancel concern). */
export function useCampaignBatches(campaignId: number | null) {
  return useQuery({
    queryKey: campaignKeys.campaignBatches(campaignId ?? 0),
    queryFn: async () =>
      (await api.get<Page<Batch>>('/api/batches', { query: { view: 'all', campaign_id: campaignId, limit: 100 }, silent: true })).data
        .items,
    enabled: campaignId !== null,
    retry: false,
  });
}

export type BatchAction =
  | { kind: 'approve' | 'gateway-approve' | 'send-now' | 'cancel' }
  | { kind: 'reject' | 'gateway-reject'; reason: string }
  | { kind: 'reschedule'; schedule_at: string };

/** POST /api/batches/{id}/{approve|reject|gateway-approve|gateway-reject|send-now|reschedule|cancel} */
export function useBatchAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: BatchAction }) => {
      const { kind, ...body } = action;
      // the dialogs (reject, reschedule, send now, cancel) show a refusal inline; the approve buttons as a toast
      return (await api.post<unknown>(`/api/batches/${id}/${kind}`, body, { silent: kind !== 'approve' && kind !== 'gateway-approve' }))
        .data;
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}
