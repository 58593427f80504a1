import type { Brand, CreateBrandInput, UpdateBrandInput } from '@risala/shared/schemas/brands';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { brandKeys } from './get-brands.ts';

/** POST /api/brands → the new brand. */
export async function createBrand(input: CreateBrandInput): Promise<Brand> {
  const { data } = await api.post<Brand>('/api/brands', input, { silent: true });
  return data;
}

/** PUT /api/brands/{id} (partial) → the brand. */
export async function updateBrand(id: number, input: UpdateBrandInput): Promise<Brand> {
  const { data } = await api.put<Brand>(`/api/brands/${id}`, input, { silent: true });
  return data;
}

/** Create when no id is given, else update; the brand lists refresh either way. */
export function useSaveBrand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: CreateBrandInput }) => (id ? updateBrand(id, input) : createBrand(input)),
    onSuccess: () => client.invalidateQueries({ queryKey: brandKeys.all }),
  });
}
