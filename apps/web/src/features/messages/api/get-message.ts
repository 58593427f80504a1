import type { MessageDetailDto } from '@risala/shared/schemas/messages';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isMoving } from '../filters.ts';
import { REFRESH_MS } from './get-messages.ts';
import { messageKeys } from './keys.ts';

/** GET /api/messages/{id}: one message with its event timeline. */
export async function getMessage(id: number): Promise<MessageDetailDto> {
  const { data } = await api.get<MessageDetailDto>(`/api/messages/${id}`, { silent: true });
  return data;
}

export function useMessage(id: number | null) {
  return useQuery({
    queryKey: messageKeys.one(id ?? 0),
    queryFn: () => getMessage(id as number),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && isMoving([q.state.data]) ? REFRESH_MS : false),
  });
}
