import type { AutoReplyConfig } from '@risala/shared/auto-reply';
import type { WhatsappSender, WhatsappSenderInput } from '@risala/shared/schemas/senders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { whatsappKeys } from './get-whatsapp-sender.ts';

const BASE = '/api/whatsapp/sender';

/** POST /api/whatsapp/sender (new) or PUT /{id}; secrets left out keep their saved value. */
export function useSaveWhatsappSender() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: Partial<WhatsappSenderInput> }) =>
      (id
        ? await api.put<WhatsappSender>(`${BASE}/${id}`, input, { silent: true })
        : await api.post<WhatsappSender>(BASE, input, { silent: true })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: whatsappKeys.all }),
  });
}

/** POST /{id}/complete-setup: the Cloud API must answer for the number with the token. */
export function useCompleteWhatsappSetup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<WhatsappSender>(`${BASE}/${id}/complete-setup`, {}, { silent: true })).data,
    onSettled: () => client.invalidateQueries({ queryKey: whatsappKeys.all }),
  });
}

/** PUT /{id}/auto-reply. */
export function useSaveAutoReply(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: AutoReplyConfig) =>
      (await api.put<AutoReplyConfig>(`${BASE}/${id}/auto-reply`, input, { silent: true })).data,
    onSuccess: (data) => client.setQueryData(whatsappKeys.autoReply(id), data),
  });
}
