import type { OtpPurpose } from '@risala/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { OtpDelivery } from './login-with-otp.ts';

/**
 * POST /api/auth/resend-otp {email, purpose} → data {provider, delivery_status, cooldown_seconds}.
 * Errors: OTP_RESEND_COOLDOWN (data.retry_after), HIGH_FREQUENCY_OTP (data.error_type, suggestions).
 */
export async function resendOtp(input: { email: string; purpose: OtpPurpose }): Promise<OtpDelivery> {
  const { data } = await api.post<OtpDelivery>('/api/auth/resend-otp', input, { silent: true });
  return data ?? {};
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
