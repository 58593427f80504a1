import type { OtpPurpose } from '@risala/shared';
import type { otpSentEnvelopeSchema } from '@risala/shared/schemas/auth';
import type { DataOf } from '@risala/shared/schemas/common';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/auth/resend-otp {email, purpose} → data {provider, delivery_status, cooldown_seconds}.
 * Errors: OTP_RESEND_COOLDOWN (data.retry_after), HIGH_FREQUENCY_OTP (data.error_type, suggestions).
 */
export async function resendOtp(input: { email: string; purpose: OtpPurpose }): Promise<DataOf<typeof otpSentEnvelopeSchema>> {
  const { data } = await api.post<DataOf<typeof otpSentEnvelopeSchema>>('/api/auth/resend-otp', input, { silent: true });
  return data;
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
