import type { DataOf } from '@risala/shared/schemas/common';
import type { previewCountEnvelopeSchema, SegmentRules } from '@risala/shared/schemas/groups';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/groups/preview-count {rules} → {count}: the live audience of rules being edited. */
export async function previewCount(rules: SegmentRules, signal?: AbortSignal): Promise<number> {
  const { data } = await api.post<DataOf<typeof previewCountEnvelopeSchema>>(
    '/api/groups/preview-count',
    { rules },
    { silent: true, signal },
  );
  return data.count;
}

/** `rules` should already be debounced; null while the rules are incomplete. */
export function usePreviewCount(rules: SegmentRules | null) {
  return useQuery({
    queryKey: ['groups', 'preview-count', rules],
    queryFn: ({ signal }) => previewCount(rules as SegmentRules, signal),
    enabled: rules !== null,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}
