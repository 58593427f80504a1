import type { UpdateProfileInput, User } from '@risala/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { rememberProfile, type UserProfile, userKeys } from '../../../lib/session.ts';

/** PUT /api/auth/user/{id} (partial) → data {user}. */
export async function updateUser(userId: string, input: UpdateProfileInput): Promise<User> {
  const { data } = await api.put<{ user: User }>(`/api/auth/user/${encodeURIComponent(userId)}`, input, {
    silent: true,
  });
  return data.user;
}

export function useUpdateUser(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => updateUser(userId, input),
    onSuccess: (user) => {
      const key = userKeys.profile(userId);
      const profile = client.getQueryData<UserProfile>(key);
      if (profile) {
        const next = { ...profile, user };
        client.setQueryData(key, next);
        rememberProfile(next);
      }
    },
  });
}
