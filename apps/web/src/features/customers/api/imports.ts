import type { ImportConfig, ImportJob, ImportUpload } from '@risala/shared/schemas/customers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from './get-customers.ts';

/** POST /api/customers/imports (multipart `file`) → columns, preview and a suggested mapping. */
export function useUploadImport() {
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      const { data } = await api.post<ImportUpload>('/api/customers/imports', body, { silent: true, timeoutMs: 300_000 });
      return data;
    },
  });
}

/** PUT /api/customers/imports/{id} (mapping, mode) then POST …/start. */
export function useStartImport() {
  return useMutation({
    mutationFn: async ({ id, config }: { id: number; config: ImportConfig }) => {
      await api.put<ImportJob>(`/api/customers/imports/${id}`, config, { silent: true });
      const { data } = await api.post<ImportJob>(`/api/customers/imports/${id}/start`, undefined, { silent: true });
      return data;
    },
  });
}

const RUNNING = new Set(['VALIDATING', 'IMPORTING']);

/** GET /api/customers/imports/{id}, polled every second while the import runs. */
export function useImportJob(id: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: customerKeys.import(id ?? 0),
    enabled: id !== null,
    queryFn: async () => {
      const { data } = await api.get<ImportJob>(`/api/customers/imports/${id}`);
      if (!RUNNING.has(data.status)) void client.invalidateQueries({ queryKey: ['customers', 'list'] });
      return data;
    },
    refetchInterval: (query) => (query.state.data && !RUNNING.has(query.state.data.status) ? false : 1000),
  });
}

export const errorsCsvUrl = (id: number) => `/api/customers/imports/${id}/errors.csv`;
