import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { LoginResult } from '../../../lib/session.ts';

/** POST /api/auth/verify-login-otp {email, otp} → the same data as login. */
export async function verifyLoginOtp(input: { email: string; otp: string }): Promise<LoginResult> {
  const { data } = await api.post<LoginResult>('/api/auth/verify-login-otp', input, { silent: true });
  return data;
}

export function useVerifyLoginOtp() {
  return useMutation({ mutationFn: verifyLoginOtp });
}
