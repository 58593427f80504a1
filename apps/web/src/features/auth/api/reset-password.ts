import type { ResetPasswordInput } from '@risala/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/reset-password {token, password, confirm_password}; RESET_TOKEN_INVALID. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await api.post('/api/auth/reset-password', input, { silent: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
