import type { DataOf } from '@risala/shared/schemas/common';
import type { ChangeRoleInput, InviteInput, TeamMember, TeamStatus, teamPageEnvelopeSchema } from '@risala/shared/schemas/team';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type TeamPage = DataOf<typeof teamPageEnvelopeSchema>;

export interface TeamListParams {
  page: number;
  limit: number;
  search?: string;
  role?: string;
  status?: TeamStatus;
}

export const teamKeys = {
  all: ['team'] as const,
  list: (params: TeamListParams) => ['team', 'list', params] as const,
  owners: ['team', 'active-owners'] as const,
};

/** GET /api/users?search&role&status&page&limit: users and pending invitations, the seats and the account's roles. */
export async function getTeam(params: TeamListParams): Promise<TeamPage> {
  const { data } = await api.get<TeamPage>('/api/users', { query: { ...params } });
  return data;
}

export const teamQuery = (params: TeamListParams) =>
  queryOptions({ queryKey: teamKeys.list(params), queryFn: () => getTeam(params), placeholderData: keepPreviousData });

export function useTeam(params: TeamListParams, enabled = true) {
  return useQuery({ ...teamQuery(params), enabled });
}

/** How many active owners the account has (the last one cannot be demoted or deactivated). */
export function useActiveOwners(enabled = true) {
  return useQuery({
    enabled,
    queryKey: teamKeys.owners,
    queryFn: async () => (await getTeam({ page: 1, limit: 2, role: 'owner', status: 'ACTIVE' })).total,
  });
}

function useTeamMutation<A>(run: (arg: A) => Promise<TeamMember | { id: number }>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.all }) });
}

/** POST /api/users/invitations; errors are shown in the dialog. */
export function useInvite() {
  return useTeamMutation(
    async (input: InviteInput) => (await api.post<TeamMember>('/api/users/invitations', input, { silent: true })).data,
  );
}

export type MemberAction = 'resend' | 'revoke' | 'deactivate' | 'reactivate' | 'approve';

/** The one-click actions of a row (the confirm dialog shows their errors). */
export function useMemberAction() {
  return useTeamMutation(async ({ action, id }: { action: MemberAction; id: number }) => {
    const opts = { silent: true };
    if (action === 'resend') return (await api.post<TeamMember>(`/api/users/invitations/${id}/resend`, undefined, opts)).data;
    if (action === 'revoke') return (await api.delete<{ id: number }>(`/api/users/invitations/${id}`, opts)).data;
    return (await api.post<TeamMember>(`/api/users/${id}/${action}`, undefined, opts)).data;
  });
}

/** PATCH /api/users/{id}/role. */
export function useChangeRole() {
  return useTeamMutation(
    async ({ id, input }: { id: number; input: ChangeRoleInput }) =>
      (await api.patch<TeamMember>(`/api/users/${id}/role`, input, { silent: true })).data,
  );
}
