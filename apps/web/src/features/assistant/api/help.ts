import type { HelpArticle, HelpArticleSummary } from '@risala/shared/schemas/ai';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const helpKeys = {
  list: (lang: string, q: string) => ['help', 'list', lang, q] as const,
  one: (lang: string, slug: string) => ['help', 'article', lang, slug] as const,
};

/** GET /api/ai/help: every article in the reader's language, or the ones matching `q`. */
export function useHelpArticles(lang: string, q: string) {
  return useQuery({
    queryKey: helpKeys.list(lang, q),
    queryFn: async () =>
      (await api.get<{ items: HelpArticleSummary[] }>('/api/ai/help', { query: { lang, q: q || undefined } })).data.items,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useHelpArticle(lang: string, slug: string) {
  return useQuery({
    queryKey: helpKeys.one(lang, slug),
    queryFn: async () => (await api.get<HelpArticle>(`/api/ai/help/${slug}`, { query: { lang }, silent: true })).data,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
