import type { MessageDto } from '@risala/shared/schemas/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { filterQuery, isMoving } from '../filters.ts';
import { type MessageListParams, messageKeys } from './keys.ts';

export interface MessageList {
  items: MessageDto[];
  page: number;
  limit: number;
  total: number;
  total_estimated: boolean;
}

/** Refresh period while a shown message is still PENDING/QUEUED/SENT. */
export const REFRESH_MS = 3000;

/** GET /api/messages?view&channel&status&search&bulk_id&from&to&sort&order&page&limit. */
export async function getMessages(p: MessageListParams): Promise<MessageList> {
  const { page, limit, sort, order, ...filters } = p;
  const { data } = await api.get<MessageList>('/api/messages', {
    query: { ...filterQuery(filters), page, limit, sort, order },
    silent: true,
  });
  return data;
}

export function useMessages(p: MessageListParams) {
  return useQuery({
    queryKey: messageKeys.list(p),
    queryFn: () => getMessages(p),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data && isMoving(q.state.data.items) ? REFRESH_MS : false),
  });
}
