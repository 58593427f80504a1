import type { UpdateAccountInput } from '@risala/shared/schemas/account';
import type { accountEnvelopeSchema } from '@risala/shared/schemas/auth';
import type { DataOf } from '@risala/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Account, UserProfile } from '../../../lib/session.ts';
import { userKeys } from '../../../lib/session.ts';

/** PUT /api/account {name?, timezone?} → the account as saved (owner and admin). */
export async function updateAccount(input: UpdateAccountInput): Promise<Account> {
  const { data } = await api.put<DataOf<typeof accountEnvelopeSchema>>('/api/account', input, { silent: true });
  return data.account;
}

/** The cached profile carries the account: the launcher and schedules read the new zone from it. */
export function useUpdateAccount(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (account) => client.setQueryData<UserProfile>(userKeys.profile(userId), (old) => (old ? { ...old, account } : old)),
  });
}
