import type { ChangePasswordInput } from '@risala/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/change-password {old_password, password, confirm_password}; OLD_PASSWORD_INCORRECT. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await api.post('/api/auth/change-password', input, { silent: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
