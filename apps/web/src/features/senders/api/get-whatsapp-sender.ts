import type { AutoReplyConfig } from '@risala/shared/auto-reply';
import type { WhatsappSender, WhatsappSetupStatus } from '@risala/shared/schemas/senders';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/http.ts';

export const whatsappKeys = {
  all: ['senders', 'whatsapp'] as const,
  config: ['senders', 'whatsapp', 'config'] as const,
  setup: ['senders', 'whatsapp', 'setup'] as const,
  autoReply: (id: number) => ['senders', 'whatsapp', 'auto-reply', id] as const,
};

/** GET /api/whatsapp/sender/config → the default sender, or null when none exists (kept silent). */
export function useWhatsappConfig() {
  return useQuery({
    queryKey: whatsappKeys.config,
    queryFn: async () => {
      try {
        return (await api.get<WhatsappSender>('/api/whatsapp/sender/config', { silent: true })).data;
      } catch (err) {
        if (isApiError(err) && err.statusCode === 404) return null;
        throw err;
      }
    },
  });
}

/** GET /api/whatsapp/sender/setup-status → what is missing. */
export function useWhatsappSetup() {
  return useQuery({
    queryKey: whatsappKeys.setup,
    queryFn: async () => (await api.get<WhatsappSetupStatus>('/api/whatsapp/sender/setup-status')).data,
  });
}

/** GET /api/whatsapp/sender/{id}/auto-reply. */
export function useAutoReply(id: number | undefined) {
  return useQuery({
    queryKey: whatsappKeys.autoReply(id ?? 0),
    queryFn: async () => (await api.get<AutoReplyConfig>(`/api/whatsapp/sender/${id}/auto-reply`)).data,
    enabled: Boolean(id),
  });
}
