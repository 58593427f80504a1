import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface BrandLite {
  id: number;
  name: string;
  colors: string[];
  logo: string | null;
}

export interface ImageItem {
  id: number;
  title: string;
  url: string;
}

interface ContentRow {
  id: number;
  title: string;
  type: string;
  url?: string | null;
  file_url?: string | null;
  file?: { url?: string | null } | null;
}

/** GET /api/brands — the account's brands, for colours and logos. */
export function useCanvasBrands() {
  return useQuery({
    queryKey: ['canvas', 'brands'],
    queryFn: async () =>
      (await api.get<{ items: BrandLite[] }>('/api/brands', { query: { limit: 100, sort: 'name' }, silent: true })).data.items,
  });
}

/** GET /api/content?type=image — images of the content library that can be placed on the canvas. */
export function useLibraryImages(search: string) {
  return useQuery({
    queryKey: ['canvas', 'images', search],
    queryFn: async () => {
      const { data } = await api.get<{ items: ContentRow[] }>('/api/content', {
        query: { type: 'image', limit: 60, search },
        silent: true,
      });
      return data.items
        .map((c) => ({ id: c.id, title: c.title, url: c.file_url ?? c.file?.url ?? c.url ?? '' }))
        .filter((c): c is ImageItem => Boolean(c.url));
    },
  });
}
