import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/forgot-password {email} → 200 whether or not the address exists. */
export async function forgotPassword(input: { email: string }): Promise<void> {
  await api.post('/api/auth/forgot-password', input, { silent: true });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
