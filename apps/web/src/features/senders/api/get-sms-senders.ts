import type { Page } from '@risala/shared';
import type { SenderStatus, SmsSender } from '@risala/shared/schemas/senders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface SmsSenderListParams {
  page: number;
  limit: number;
  search?: string;
  status?: SenderStatus;
}

export const smsKeys = {
  all: ['senders', 'sms'] as const,
  list: (p: SmsSenderListParams) => ['senders', 'sms', 'list', p] as const,
};

/** GET /api/sender-management/sms/sms-senders?page&limit&search&status → a page of sender ids. */
export function useSmsSenders(params: SmsSenderListParams) {
  return useQuery({
    queryKey: smsKeys.list(params),
    queryFn: async () => (await api.get<Page<SmsSender>>('/api/sender-management/sms/sms-senders', { query: { ...params } })).data,
    placeholderData: keepPreviousData,
  });
}
