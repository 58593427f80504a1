import type { DataOf } from '@risala/shared/schemas/common';
import type { emailTestEnvelopeSchema, verificationSentEnvelopeSchema } from '@risala/shared/schemas/senders';
import type { EmailConfig, EmailConfigInput } from '@risala/shared/schemas/senders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { emailKeys } from './get-email-config.ts';

const BASE = '/api/sender-management/email';

/** PUT …/config (provider settings; secrets left out keep their saved value). */
export function useSaveEmailConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: EmailConfigInput) => (await api.put<EmailConfig>(`${BASE}/config`, input, { silent: true })).data,
    onSuccess: (data) => client.setQueryData(emailKeys.config, data),
  });
}

/** PUT …/tier-config {tier, daily_limit}. */
export function useSaveEmailTier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { tier: string; daily_limit: number | null }) =>
      (await api.put(`${BASE}/tier-config`, input, { silent: true })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: emailKeys.tier }),
  });
}

/** POST …/verify-sender: mails the verification link to the from-address. */
export function useVerifyEmailSender() {
  return useMutation({
    mutationFn: async () => (await api.post<DataOf<typeof verificationSentEnvelopeSchema>>(`${BASE}/verify-sender`, {})).data,
  });
}

/** POST …/test {to}: a real test mail; PROVIDER_TEST_FAILED carries the provider's reason. */
export function useTestEmail() {
  return useMutation({
    mutationFn: async (to: string) =>
      (await api.post<DataOf<typeof emailTestEnvelopeSchema>>(`${BASE}/test`, { to }, { silent: true })).data,
  });
}

/** POST …/request-sendgrid {message}. */
export function useRequestSendgrid() {
  return useMutation({
    mutationFn: async (message: string) => (await api.post(`${BASE}/request-sendgrid`, { message }, { silent: true })).data,
  });
}
