import type { AllocateCreditsInput, CreateSubAccountInput, SubAccount, SubAccountList } from '@risala/shared/schemas/sub-accounts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const subAccountKeys = { all: ['sub-accounts'] as const };

/** GET /api/sub-accounts: the children's usage and the own balances. */
export function useSubAccounts() {
  return useQuery({
    queryKey: subAccountKeys.all,
    queryFn: async () => (await api.get<SubAccountList>('/api/sub-accounts')).data,
  });
}

/** POST /api/sub-accounts (errors shown in the dialog). */
export function useCreateSubAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateSubAccountInput) => (await api.post<SubAccount>('/api/sub-accounts', input, { silent: true })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: subAccountKeys.all }),
  });
}

/** POST /api/sub-accounts/{id}/credits (errors shown in the dialog). */
export function useAllocateCredits(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: AllocateCreditsInput) =>
      (await api.post<SubAccount>(`/api/sub-accounts/${id}/credits`, input, { silent: true })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: subAccountKeys.all }),
  });
}
