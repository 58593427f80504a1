/** The AI plan calls: list, stats, one plan, make, edit, the approval steps, Apply, personalise. */
import type {
  AiPlan,
  AiPlanRequest,
  AiPlanState,
  AiPlanUpdate,
  aiPlanListEnvelopeSchema,
  aiPlanStatsEnvelopeSchema,
  applyEnvelopeSchema,
  deletedPlanEnvelopeSchema,
} from '@risala/shared/schemas/ai-plans';
import type { DataOf } from '@risala/shared/schemas/common';
import type { Channel } from '@risala/shared/schemas/messages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const planKeys = {
  all: ['ai-plans'] as const,
  list: (status: AiPlanState | 'PENDING' | null, page: number) => ['ai-plans', 'list', status, page] as const,
  stats: ['ai-plans', 'stats'] as const,
  one: (id: number) => ['ai-plans', 'one', id] as const,
};

/** GET /api/ai-plans (or /pending for the approvers' queue) */
export function usePlans(view: 'all' | 'pending', status: AiPlanState | null, page: number, limit = 20) {
  return useQuery({
    queryKey: planKeys.list(view === 'pending' ? 'PENDING' : status, page),
    queryFn: async () =>
      (
        await api.get<DataOf<typeof aiPlanListEnvelopeSchema>>(view === 'pending' ? '/api/ai-plans/pending' : '/api/ai-plans', {
          query: { page, limit, status: view === 'pending' ? undefined : status },
          silent: true,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function usePlanStats() {
  return useQuery({
    queryKey: planKeys.stats,
    queryFn: async () => (await api.get<DataOf<typeof aiPlanStatsEnvelopeSchema>>('/api/ai-plans/stats', { silent: true })).data,
  });
}

export function usePlan(id: number) {
  return useQuery({
    queryKey: planKeys.one(id),
    queryFn: async () => (await api.get<AiPlan>(`/api/ai-plans/${id}`, { silent: true })).data,
    retry: false,
  });
}

export type PlanForm = Omit<AiPlanRequest, 'channels'> & { channels: Channel[] };

/** POST /api/campaigns/ai/plan, or /api/campaigns/{id}/ai-planning for a draft */
export function useCreatePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, campaignId }: { body: PlanForm; campaignId: number | null }) =>
      (
        await api.post<AiPlan>(campaignId ? `/api/campaigns/${campaignId}/ai-planning` : '/api/campaigns/ai/plan', body, {
          silent: true,
          timeoutMs: 120_000,
        })
      ).data,
    onSuccess: (plan) => {
      qc.setQueryData(planKeys.one(plan.id), plan);
      void qc.invalidateQueries({ queryKey: planKeys.all });
    },
  });
}

export function useUpdatePlan(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: AiPlanUpdate) =>
      (await api.put<AiPlan>(`/api/ai-plans/${id}`, body, { silent: true, timeoutMs: 120_000 })).data,
    onSuccess: (plan) => {
      qc.setQueryData(planKeys.one(plan.id), plan);
      void qc.invalidateQueries({ queryKey: planKeys.all });
    },
  });
}

export type PlanStep = { kind: 'submit' | 'approve' | 'delete' } | { kind: 'reject'; reason: string };

export function usePlanStep(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (step: PlanStep) => {
      if (step.kind === 'delete')
        return (await api.delete<DataOf<typeof deletedPlanEnvelopeSchema>>(`/api/ai-plans/${id}`, { silent: true })).data;
      const { kind, ...body } = step;
      return (await api.post<AiPlan>(`/api/ai-plans/${id}/${kind}`, body, { silent: true })).data;
    },
    onSuccess: (data, step) => {
      if (step.kind !== 'delete') qc.setQueryData(planKeys.one(id), data);
      void qc.invalidateQueries({ queryKey: planKeys.all });
      void qc.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
}

export function useApplyPlan(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post<DataOf<typeof applyEnvelopeSchema>>(`/api/ai-plans/${id}/apply`, undefined, { silent: true })).data,
    onSuccess: (r) => {
      qc.setQueryData(planKeys.one(id), r.plan);
      void qc.invalidateQueries({ queryKey: planKeys.all });
      void qc.invalidateQueries({ queryKey: ['campaigns'] });
    },
  });
}

/** POST /api/campaigns/personalize-ai-plans: the segments' messages written again by the account's engine */
export function usePersonalize(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post<AiPlan>('/api/campaigns/personalize-ai-plans', { plan_id: id, variants: 3 }, { silent: true, timeoutMs: 120_000 }))
        .data,
    onSuccess: (plan) => qc.setQueryData(planKeys.one(plan.id), plan),
  });
}
