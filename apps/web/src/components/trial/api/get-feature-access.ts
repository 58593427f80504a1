import type { FeatureAccess } from '@risala/shared/schemas/auth';
import { type TrialState, trialState } from '@risala/shared/trial';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userKeys, useSession } from '../../../lib/session.ts';

/** GET /api/auth/user/{id}/feature-access → data, as the shared response schema says (never null). */
export type { FeatureAccess };

export async function fetchFeatureAccess(userId: string): Promise<FeatureAccess> {
  const { data } = await api.get<FeatureAccess>(`/api/auth/user/${encodeURIComponent(userId)}/feature-access`, {
    silent: true,
  });
  return data;
}

export const featureAccessQuery = (userId: string) =>
  queryOptions({
    queryKey: userKeys.featureAccess(userId),
    queryFn: () => fetchFeatureAccess(userId),
    staleTime: 5 * 60_000,
  });

/** The trial state from the plan and the days left, computed with the shared rule. */
export function stateOf(access: FeatureAccess | undefined): TrialState {
  if (!access) return 'none';
  return trialState(access.currentPlan, access.days_remaining);
}

export function useFeatureAccess() {
  const { userId } = useSession();
  const query = useQuery({ ...featureAccessQuery(userId ?? ''), enabled: Boolean(userId) });
  return { ...query, state: stateOf(query.data) };
}
