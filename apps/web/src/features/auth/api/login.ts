import type { LoginInput } from '@risala/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { LoginResult } from '../../../lib/session.ts';

/** POST /api/auth/login → data {token, user, permissions, landing}. Errors are shown inline. */
export async function login(input: LoginInput): Promise<LoginResult> {
  const { data } = await api.post<LoginResult>('/api/auth/login', input, { silent: true });
  return data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
