import type { Customer, CustomerInput } from '@risala/shared/schemas/customers';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from './get-customers.ts';

/** GET /api/customer/{id}. */
export async function getCustomer(id: number): Promise<Customer> {
  const { data } = await api.get<Customer>(`/api/customer/${id}`, { silent: true }); // the page shows not found / errors itself
  return data;
}

export const customerQuery = (id: number) => queryOptions({ queryKey: customerKeys.one(id), queryFn: () => getCustomer(id) });

export function useCustomer(id: number) {
  return useQuery({ ...customerQuery(id), enabled: Number.isInteger(id) && id > 0 });
}

/** POST /api/customer or PUT /api/customer/{id}; errors are shown in the form. */
export function useSaveCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: CustomerInput }) => {
      const { data } = id
        ? await api.put<Customer>(`/api/customer/${id}`, input, { silent: true })
        : await api.post<Customer>('/api/customer', input, { silent: true });
      return data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

/** DELETE /api/customer/{id}. */
export function useDeleteCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/api/customer/${id}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
