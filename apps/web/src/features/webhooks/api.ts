import type { Webhook, WebhookDelivery, WebhookInput } from '@risala/shared/schemas/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export type WebhookWithSecret = Webhook & { secret: string };
export interface DeliveryPage {
  items: WebhookDelivery[];
  page: number;
  limit: number;
  total: number;
}

export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: number, limit: number) => ['webhooks', id, 'deliveries', limit] as const,
};

/** GET /api/webhooks */
export function useWebhooks() {
  return useQuery({ queryKey: webhookKeys.all, queryFn: async () => (await api.get<Webhook[]>('/api/webhooks')).data });
}

/** GET /api/webhooks/{id}/deliveries: refreshed every few seconds while open (retries move on their own). */
export function useDeliveries(id: number, limit: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id, limit),
    queryFn: async () => (await api.get<DeliveryPage>(`/api/webhooks/${id}/deliveries?limit=${limit}`)).data,
    refetchInterval: 5_000,
  });
}

function useInvalidating<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useCreateWebhook = () =>
  useInvalidating(async (input: WebhookInput) => (await api.post<WebhookWithSecret>('/api/webhooks', input, { silent: true })).data);
export const useUpdateWebhook = () =>
  useInvalidating(
    async ({ id, ...patch }: { id: number; enabled?: boolean }) => (await api.patch<Webhook>(`/api/webhooks/${id}`, patch)).data,
  );
export const useRotateSecret = () =>
  useInvalidating(async (id: number) => (await api.post<WebhookWithSecret>(`/api/webhooks/${id}/rotate-secret`)).data);
export const useDeleteWebhook = () => useInvalidating(async (id: number) => (await api.delete<{ id: number }>(`/api/webhooks/${id}`)).data);
export const useTestWebhook = () =>
  useInvalidating(async (id: number) => (await api.post<WebhookDelivery>(`/api/webhooks/${id}/test`)).data);
export const useResendDelivery = () =>
  useInvalidating(
    async ({ id, deliveryId }: { id: number; deliveryId: string }) =>
      (await api.post<WebhookDelivery>(`/api/webhooks/${id}/deliveries/${deliveryId}/resend`)).data,
  );
