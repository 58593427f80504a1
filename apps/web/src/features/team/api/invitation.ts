import type { Session } from '@risala/shared';
import type { DataOf } from '@risala/shared/schemas/common';
import type { AcceptInvitationInput, invitationPreviewEnvelopeSchema } from '@risala/shared/schemas/team';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type InvitationPreview = DataOf<typeof invitationPreviewEnvelopeSchema>;
/** A session as /login answers it when the new user may sign in at once; `{accepted}` alone otherwise. */
export type Accepted = { accepted: true } & Partial<Session>;

/** POST /api/invitations/preview: what the link invites to (INVITATION_INVALID / INVITATION_EXPIRED otherwise). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation', 'preview', token],
    queryFn: async () => (await api.post<InvitationPreview>('/api/invitations/preview', { token }, { silent: true })).data,
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /api/invitations/accept: sets the password, joins the account and (usually) signs in. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (input: AcceptInvitationInput) => (await api.post<Accepted>('/api/invitations/accept', input, { silent: true })).data,
  });
}
