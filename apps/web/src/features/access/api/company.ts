import type { Company, CompanyInput } from '@risala/shared/schemas/company';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const companyKeys = { all: ['company'] as const };

/** GET /api/account/company → the company profile. */
export async function getCompany(): Promise<Company> {
  const { data } = await api.get<Company>('/api/account/company');
  return data;
}

export const companyQuery = () => queryOptions({ queryKey: companyKeys.all, queryFn: getCompany });

export function useCompany() {
  return useQuery(companyQuery());
}

/** PUT /api/account/company → the saved profile (field errors are the form's to show). */
export function useSaveCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CompanyInput) => (await api.put<Company>('/api/account/company', input, { silent: true })).data,
    onSuccess: (saved) => client.setQueryData(companyKeys.all, saved),
  });
}
