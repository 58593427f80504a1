import type { CreateRuleInput, Rule, UpdateRuleInput } from '@risala/shared/schemas/gateway-routing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { routerKeys } from '../../routers/api/get-routers.ts';
import { ruleKeys } from './get-rules.ts';

/** POST /api/gateway/rules, or PUT /api/gateway/rules/{id}; field errors are shown in the form. */
export async function saveRule(id: number | null, input: CreateRuleInput | UpdateRuleInput): Promise<Rule> {
  const { data } = id
    ? await api.put<Rule>(`/api/gateway/rules/${id}`, input, { silent: true })
    : await api.post<Rule>('/api/gateway/rules', input, { silent: true });
  return data;
}

/** POST /api/gateway/rules/{id}/activate | deactivate (DEACTIVATE_RULE_IN_ROUTER, TRANSPARENT_RULE_IMMUTABLE). */
export async function setRuleStatus(id: number, active: boolean): Promise<Rule> {
  const { data } = await api.post<Rule>(`/api/gateway/rules/${id}/${active ? 'activate' : 'deactivate'}`);
  return data;
}

/** DELETE /api/gateway/rules/{id} (DELETE_ACTIVE_RULE is shown in the confirmation). */
export async function deleteRule(id: number): Promise<void> {
  await api.delete(`/api/gateway/rules/${id}`, { silent: true });
}

export function useRuleMutations() {
  const client = useQueryClient();
  const onSuccess = () => {
    void client.invalidateQueries({ queryKey: ruleKeys.all });
    void client.invalidateQueries({ queryKey: routerKeys.all });
  };
  return {
    save: useMutation({
      mutationFn: ({ id, input }: { id: number | null; input: CreateRuleInput | UpdateRuleInput }) => saveRule(id, input),
      onSuccess,
    }),
    status: useMutation({ mutationFn: ({ id, active }: { id: number; active: boolean }) => setRuleStatus(id, active), onSuccess }),
    remove: useMutation({ mutationFn: deleteRule, onSuccess }),
  };
}
