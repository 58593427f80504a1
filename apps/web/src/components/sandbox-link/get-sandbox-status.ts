import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export interface SandboxStatus {
  enabled: boolean;
}

/** GET /api/sandbox/status → data {enabled}. Any failure means "no sandbox". */
export async function fetchSandboxStatus(): Promise<SandboxStatus> {
  try {
    const { data } = await api.get<SandboxStatus>('/api/sandbox/status', { silent: true });
    return { enabled: data?.enabled === true };
  } catch {
    return { enabled: false };
  }
}

export const sandboxStatusQuery = queryOptions({
  queryKey: ['sandbox', 'status'],
  queryFn: fetchSandboxStatus,
  staleTime: Number.POSITIVE_INFINITY,
});

export function useSandboxStatus() {
  return useQuery(sandboxStatusQuery);
}
