import type { CreditBalanceDto } from '@risala/shared/schemas/messages';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { messageKeys } from './keys.ts';

/** GET /api/credits: the balance and consumption per channel. */
export function useCredits() {
  return useQuery({
    queryKey: messageKeys.credits,
    queryFn: async () => (await api.get<CreditBalanceDto[]>('/api/credits', { silent: true })).data,
    refetchInterval: 30_000,
  });
}
