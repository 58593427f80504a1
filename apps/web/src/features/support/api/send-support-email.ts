import type { SupportEmailInput } from '@risala/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/send-support-email {subject, message, category}. */
export async function sendSupportEmail(input: SupportEmailInput): Promise<void> {
  await api.post('/api/auth/send-support-email', input, { silent: true });
}

export function useSendSupportEmail() {
  return useMutation({ mutationFn: sendSupportEmail });
}
