import type { CreateSmsSenderInput, SmsSender, UpdateSmsSenderInput } from '@risala/shared/schemas/senders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { smsKeys } from './get-sms-senders.ts';

const BASE = '/api/sender-management/sms';

function useSmsMutation<T>(fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: smsKeys.all }) });
}

/** POST …/sms-senders: a new sender id, WAITING_FOR_APPROVAL. */
export const useRequestSenderId = () =>
  useSmsMutation(async (input: CreateSmsSenderInput) => (await api.post<SmsSender>(`${BASE}/sms-senders`, input, { silent: true })).data);

/** PUT …/sms-senders/{id}: description, status (ACTIVE/INACTIVE), default flag. */
export const useUpdateSenderId = () =>
  useSmsMutation(
    async ({ id, input }: { id: number; input: UpdateSmsSenderInput }) =>
      (await api.put<SmsSender>(`${BASE}/sms-senders/${id}`, input)).data,
  );

/** DELETE …/sms-senders/{id}. */
export const useDeleteSenderId = () => useSmsMutation(async (id: number) => api.delete(`${BASE}/sms-senders/${id}`));

/** POST …/sms-senders/{id}/approve or /reject {reason} (reviewers). */
export const useReviewSenderId = () =>
  useSmsMutation(async ({ id, reason }: { id: number; reason?: string }) =>
    reason === undefined ? api.post(`${BASE}/sms-senders/${id}/approve`, {}) : api.post(`${BASE}/sms-senders/${id}/reject`, { reason }),
  );

/** POST …/request-support {message}. */
export const useRequestSmsSupport = () =>
  useMutation({ mutationFn: async (message: string) => api.post(`${BASE}/request-support`, { message }, { silent: true }) });
