import type { Template } from '@risala/shared/schemas/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { templateKeys } from './keys.ts';

export type ReviewStep = { kind: 'submit' } | { kind: 'approve' } | { kind: 'reject'; reason: string };

const PATHS = { submit: 'submit-review', approve: 'approve', reject: 'reject' } as const;

/** POST /api/templates/{id}/submit-review | approve | reject {reason}: one step of the review workflow. */
export async function reviewTemplate({ id, step }: { id: number; step: ReviewStep }): Promise<Template> {
  const body = step.kind === 'reject' ? { reason: step.reason } : undefined;
  const { data } = await api.post<Template>(`/api/templates/${id}/${PATHS[step.kind]}`, body);
  return data;
}

export function useReviewTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reviewTemplate,
    onSuccess: (template) => {
      client.setQueryData(templateKeys.detail(template.id), template);
      void client.invalidateQueries({ queryKey: templateKeys.review(template.id) });
      void client.invalidateQueries({ queryKey: templateKeys.lists() });
    },
  });
}
