import type { TemplateReviewStatus } from '@risala/shared/schemas/templates';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { templateKeys } from './keys.ts';

/** GET /api/templates/{id}/review-status: status, reviewer, reason and history. */
export async function getReviewStatus(id: number): Promise<TemplateReviewStatus> {
  const { data } = await api.get<TemplateReviewStatus>(`/api/templates/${id}/review-status`, { silent: true });
  return data;
}

export function useReviewStatus(id: number) {
  return useQuery({ queryKey: templateKeys.review(id), queryFn: () => getReviewStatus(id) });
}
