import type { LoginInput } from '@risala/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface OtpDelivery {
  otp_sent?: boolean;
  provider?: string;
  delivery_status?: string;
  cooldown_seconds?: number;
}

/** POST /api/auth/login-with-otp {email, password} → data {otp_sent, provider, delivery_status}. */
export async function loginWithOtp(input: LoginInput): Promise<OtpDelivery> {
  const { data } = await api.post<OtpDelivery>('/api/auth/login-with-otp', input, { silent: true });
  return data ?? {};
}

export function useLoginWithOtp() {
  return useMutation({ mutationFn: loginWithOtp });
}
