import type { BlacklistCheckInput, BlacklistCheckResult } from '@risala/shared/schemas/blacklists';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/blacklists/check {number, type?, text?} → {blocked, matches}. */
export async function checkNumber(input: BlacklistCheckInput): Promise<BlacklistCheckResult> {
  const { data } = await api.post<BlacklistCheckResult>('/api/blacklists/check', input, { silent: true });
  return data;
}

export function useCheckNumber() {
  return useMutation({ mutationFn: checkNumber });
}
