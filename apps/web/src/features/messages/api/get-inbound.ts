import type { InboundList } from '@risala/shared/schemas/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { messageKeys } from './keys.ts';

export type { InboundList };

/** GET /api/messages/inbound: MO SMS and WhatsApp messages from customers, newest first. */
export async function getInbound(page: number, limit: number, search: string): Promise<InboundList> {
  const { data } = await api.get<InboundList>('/api/messages/inbound', { query: { page, limit, search }, silent: true });
  return data;
}

export function useInbound(page: number, limit: number, search: string) {
  return useQuery({
    queryKey: messageKeys.inbound(page, search),
    queryFn: () => getInbound(page, limit, search),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}
