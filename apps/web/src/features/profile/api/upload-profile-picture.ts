import type { DataOf } from '@risala/shared/schemas/common';
import type { logoEnvelopeSchema } from '@risala/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type UserProfile, userKeys } from '../../../lib/session.ts';
import { saveSession } from '../../../lib/session-store.ts';

/** POST /api/auth/user/{id}/upload-profile-picture-s3, multipart field `file` → data {logo}. */
export async function uploadProfilePicture(userId: string, file: File): Promise<string | null> {
  const body = new FormData();
  body.append('file', file);
  const { data } = await api.post<DataOf<typeof logoEnvelopeSchema>>(
    `/api/auth/user/${encodeURIComponent(userId)}/upload-profile-picture-s3`,
    body,
    {
      silent: true,
      timeoutMs: 120_000,
    },
  );
  return data.logo;
}

/** The same address may hold a new picture: a version query makes the browser fetch it again. */
function freshUrl(logo: string): string {
  return `${logo}${logo.includes('?') ? '&' : '?'}v=${Date.now()}`;
}

export function useUploadProfilePicture(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadProfilePicture(userId, file),
    onSuccess: (logo) => {
      const url = logo ? freshUrl(logo) : null;
      saveSession({ userLogo: url });
      client.setQueryData<UserProfile>(userKeys.profile(userId), (profile) =>
        profile ? { ...profile, user: { ...profile.user, logo: url } } : profile,
      );
    },
  });
}
