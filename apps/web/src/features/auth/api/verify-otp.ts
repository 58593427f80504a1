import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface VerifyOtpResult {
  verified?: boolean;
  reset_token?: string;
}

/** POST /api/auth/verify-otp {email, otp, purpose} → register: {verified}; reset: {reset_token}. */
export async function verifyOtp(input: { email: string; otp: string; purpose: 'register' | 'reset' }): Promise<VerifyOtpResult> {
  const { data } = await api.post<VerifyOtpResult>('/api/auth/verify-otp', input, { silent: true });
  return data ?? {};
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
