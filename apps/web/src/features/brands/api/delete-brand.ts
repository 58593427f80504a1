import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { brandKeys } from './get-brands.ts';

/** DELETE /api/brands/{id}; 409 BRAND_IN_USE (data: usage counts) while something uses it. */
export async function deleteBrand(id: number): Promise<void> {
  await api.delete(`/api/brands/${id}`, { silent: true });
}

export function useDeleteBrand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteBrand,
    onSuccess: () => client.invalidateQueries({ queryKey: brandKeys.all }),
  });
}
