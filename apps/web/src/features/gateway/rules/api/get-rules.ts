import type { Page } from '@risala/shared';
import type { Rule, RuleListQuery } from '@risala/shared/schemas/gateway-routing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

export type RuleListParams = Pick<RuleListQuery, 'page' | 'limit' | 'sort' | 'order'> &
  Partial<Pick<RuleListQuery, 'search' | 'filter_type' | 'status'>>;

export const ruleKeys = {
  all: ['gateway', 'rules'] as const,
  list: (params: object) => ['gateway', 'rules', 'list', params] as const,
};

/** GET /api/gateway/rules?page&limit&search&filter_type&status&sort&order. */
export async function getRules(params: RuleListParams): Promise<Page<Rule>> {
  const { data } = await api.get<Page<Rule>>('/api/gateway/rules', { query: { ...params } });
  return data;
}

export const rulesQuery = (params: RuleListParams) =>
  queryOptions({ queryKey: ruleKeys.list(params), queryFn: () => getRules(params), placeholderData: keepPreviousData });

export function useRules(params: RuleListParams) {
  return useQuery(rulesQuery(params));
}
