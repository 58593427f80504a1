import type { GettingStarted } from '@risala/shared/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/dashboard/getting-started: which first steps the account has taken. */
export function useGettingStarted() {
  return useQuery({
    queryKey: ['dashboard', 'getting-started'] as const,
    queryFn: async () => (await api.get<GettingStarted>('/api/dashboard/getting-started', { silent: true })).data,
  });
}
