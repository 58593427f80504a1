import type { AuditPage } from '@risala/shared/schemas/audit';
import type { DataOf } from '@risala/shared/schemas/common';
import type { auditActorsEnvelopeSchema } from '@risala/shared/schemas/audit';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '../../lib/api-client.ts';

/** The page's filters (days are yyyy-mm-dd in the account's time zone; the server reads them so). */
export interface AuditFilters {
  actor_id?: string;
  action?: string;
  target_type?: string;
  from?: string;
  to?: string;
}

const query = (f: AuditFilters) => ({
  actor_id: f.actor_id || undefined,
  action: f.action || undefined,
  target_type: f.target_type || undefined,
  from: f.from || undefined,
  // an inverted range filters by no end day (the field says so)
  to: f.to && !(f.from && f.from > f.to) ? f.to : undefined,
});

export const auditKeys = {
  all: ['audit-log'] as const,
  list: (f: AuditFilters) => ['audit-log', 'list', query(f)] as const,
  actors: ['audit-log', 'actors'] as const,
};

/** GET /api/audit-log: newest first, keyset pages ("Load more" asks for the next one). */
export function useAuditLog(f: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(f),
    initialPageParam: '',
    queryFn: async ({ pageParam }) => {
      const { data } = await api.get<AuditPage>('/api/audit-log', { query: { ...query(f), cursor: pageParam || undefined } });
      return data;
    },
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useAuditActors() {
  return useQuery({
    queryKey: auditKeys.actors,
    queryFn: async () => (await api.get<DataOf<typeof auditActorsEnvelopeSchema>>('/api/audit-log/actors')).data,
    staleTime: 60_000,
  });
}

/** The export link for the current filters (the session cookie authorises the download), in the reader's language. */
export const auditExportUrl = (f: AuditFilters, lang: string) => withQuery('/api/audit-log/export.csv', { ...query(f), lang });
