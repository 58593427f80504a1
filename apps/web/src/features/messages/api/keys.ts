import type { MessageFilters } from '../filters.ts';

export interface MessageListParams extends MessageFilters {
  page: number;
  limit: number;
  sort: 'created_at' | 'status' | 'recipient' | 'sent_at';
  order: 'asc' | 'desc';
}

export const messageKeys = {
  all: ['messages'] as const,
  list: (p: MessageListParams) => ['messages', 'list', p] as const,
  one: (id: number) => ['messages', 'one', id] as const,
  inbound: (page: number, search: string) => ['messages', 'inbound', page, search] as const,
};
