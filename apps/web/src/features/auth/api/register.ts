import type { Registered, RegisterInput } from '@risala/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The same answer for every address (an address with an account is told by mail, not here). */
export type RegisterResult = Registered;

/** POST /api/auth/register → 201 data {email, otp_sent, provider, delivery_status, cooldown_seconds}. */
export async function register(input: RegisterInput): Promise<RegisterResult> {
  const { data } = await api.post<RegisterResult>('/api/auth/register', input, { silent: true });
  return data;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
