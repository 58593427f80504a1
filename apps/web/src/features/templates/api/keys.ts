import type { ListTemplatesQuery } from '@risala/shared/schemas/templates';

export type TemplateListParams = Partial<Omit<ListTemplatesQuery, 'page' | 'limit'>> & { page: number; limit: number };

/** Query keys of the templates area; mutations invalidate through the same keys. */
export const templateKeys = {
  all: ['templates'] as const,
  lists: () => [...templateKeys.all, 'list'] as const,
  list: (userId: string, params: TemplateListParams) => [...templateKeys.lists(), userId, params] as const,
  detail: (id: number) => [...templateKeys.all, 'detail', id] as const,
  email: (id: number) => [...templateKeys.all, 'email', id] as const,
  review: (id: number) => [...templateKeys.all, 'review', id] as const,
};
