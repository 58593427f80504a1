import type { RegisterInput } from '@risala/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface RegisterResult {
  user_id: number;
  email: string;
  otp_sent: boolean;
  provider?: string;
  delivery_status?: string;
}

/** POST /api/auth/register → 201 data {user_id, email, otp_sent, provider, delivery_status}. */
export async function register(input: RegisterInput): Promise<RegisterResult> {
  const { data } = await api.post<RegisterResult>('/api/auth/register', input, { silent: true });
  return data;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
