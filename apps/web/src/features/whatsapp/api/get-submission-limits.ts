import type { WaSubmissionLimits } from '@risala/shared/schemas/whatsapp';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { waKeys } from './get-wa-templates.ts';

/** GET /api/whatsapp/templates/submission-limits → {limit, used, remaining, window_hours, resets_at}. */
export async function getSubmissionLimits(): Promise<WaSubmissionLimits> {
  const { data } = await api.get<WaSubmissionLimits>('/api/whatsapp/templates/submission-limits', { silent: true });
  return data;
}

export function useSubmissionLimits() {
  return useQuery({ queryKey: waKeys.limits, queryFn: getSubmissionLimits });
}
