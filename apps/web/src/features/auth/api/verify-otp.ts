import type { OtpVerified } from '@risala/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/verify-otp {email, otp, purpose} → register: {verified} and, for the call that verified, the new owner's session; reset: {reset_token}. */
export async function verifyOtp(input: { email: string; otp: string; purpose: 'register' | 'reset' }): Promise<OtpVerified> {
  const { data } = await api.post<OtpVerified>('/api/auth/verify-otp', input, { silent: true });
  return data;
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
