import type { RoleInput, Role } from '@risala/shared/schemas/roles';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const roleKeys = { all: ['roles'] as const };

/** GET /api/roles → every role of the account (built-in first), with user counts. */
export async function getRoles(): Promise<Role[]> {
  const { data } = await api.get<{ roles: Role[] }>('/api/roles');
  return data.roles;
}

export const rolesQuery = () => queryOptions({ queryKey: roleKeys.all, queryFn: getRoles });

export function useRoles() {
  return useQuery(rolesQuery());
}

/**
 * POST /api/roles (no id) or PUT /api/roles/{id}; errors (ROLE_NAME_EXISTS, …) are the form's to
 * show. The signed-in profile is read again too: if the author holds the role, their menu follows.
 */
export function useSaveRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: RoleInput }) => {
      const { data } = id
        ? await api.put<Role>(`/api/roles/${id}`, input, { silent: true })
        : await api.post<Role>('/api/roles', input, { silent: true });
      return data;
    },
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: roleKeys.all }), client.invalidateQueries({ queryKey: ['user'] })]),
  });
}

/** DELETE /api/roles/{id}; 409 DELETE_ROLE_ASSIGNED while users hold it. */
export function useDeleteRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`/api/roles/${id}`, { silent: true });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
