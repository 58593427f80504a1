import type { LoginInput } from '@risala/shared';
import type { loginOtpSentEnvelopeSchema } from '@risala/shared/schemas/auth';
import type { DataOf } from '@risala/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type OtpDelivery = DataOf<typeof loginOtpSentEnvelopeSchema>;

/** POST /api/auth/login-with-otp {email, password} → data {otp_sent, provider, delivery_status, cooldown_seconds}. */
export async function loginWithOtp(input: LoginInput): Promise<OtpDelivery> {
  const { data } = await api.post<OtpDelivery>('/api/auth/login-with-otp', input, { silent: true });
  return data;
}

export function useLoginWithOtp() {
  return useMutation({ mutationFn: loginWithOtp });
}
