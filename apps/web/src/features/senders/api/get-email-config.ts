import type { DataOf } from '@risala/shared/schemas/common';
import type { tierConfigEnvelopeSchema } from '@risala/shared/schemas/senders';
import type { EmailAnalytics, EmailConfig } from '@risala/shared/schemas/senders';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/http.ts';

export const emailKeys = {
  all: ['senders', 'email'] as const,
  config: ['senders', 'email', 'config'] as const,
  tier: ['senders', 'email', 'tier'] as const,
  analytics: ['senders', 'email', 'analytics'] as const,
};

/** GET /api/sender-management/email/config → the sender, or null when none is set up (a silent 404). */
export async function getEmailConfig(): Promise<EmailConfig | null> {
  try {
    return (await api.get<EmailConfig>('/api/sender-management/email/config')).data;
  } catch (err) {
    if (isApiError(err) && err.statusCode === 404) return null;
    throw err;
  }
}

export function useEmailConfig() {
  return useQuery({ queryKey: emailKeys.config, queryFn: getEmailConfig });
}

/** GET …/tier-config → { tier, daily_limit }. */
export function useEmailTier(enabled: boolean) {
  return useQuery({
    queryKey: emailKeys.tier,
    queryFn: async () => (await api.get<DataOf<typeof tierConfigEnvelopeSchema>>('/api/sender-management/email/tier-config')).data,
    enabled,
  });
}

/** GET …/analytics → event counts of the last 30 days. */
export function useEmailAnalytics(enabled: boolean) {
  return useQuery({
    queryKey: emailKeys.analytics,
    queryFn: async () => (await api.get<EmailAnalytics>('/api/sender-management/email/analytics')).data,
    enabled,
  });
}
