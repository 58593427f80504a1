import type { UpdateProfileInput } from '@risala/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rememberUser, updateUser } from '../../../lib/session.ts';

/** PUT /api/auth/user/{id} (partial) from the profile form; the cached profile follows. */
export function useUpdateUser(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => updateUser(userId, input),
    onSuccess: (user) => rememberUser(client, userId, user),
  });
}
