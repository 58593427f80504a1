import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { LoginResult } from '../../../lib/session.ts';

/** register: verified, and the new owner's session (as from a sign-in); reset: a reset token. */
export interface VerifyOtpResult extends Partial<LoginResult> {
  verified?: boolean;
  reset_token?: string;
}

/** POST /api/auth/verify-otp {email, otp, purpose} → register: {verified, token, user, …}; reset: {reset_token}. */
export async function verifyOtp(input: { email: string; otp: string; purpose: 'register' | 'reset' }): Promise<VerifyOtpResult> {
  const { data } = await api.post<VerifyOtpResult>('/api/auth/verify-otp', input, { silent: true });
  return data ?? {};
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
