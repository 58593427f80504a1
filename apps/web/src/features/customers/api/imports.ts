import type { Page } from '@risala/shared';
import type { ImportConfig, ImportJob, ImportUpload } from '@risala/shared/schemas/customers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/http.ts';
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

/**
 * The import a refused start belongs to, when it was refused because it already started (a second
 * click, another tab): the 409 carries the job, and the page follows it instead of failing.
 */
export function alreadyStarted(error: unknown): ImportJob | null {
  if (!isApiError(error) || error.code !== 'IMPORT_NOT_READY') return null;
  const job = error.data as ImportJob | undefined;
  return job && typeof job.id === 'number' && job.status !== 'UPLOADED' ? job : null;
}

/** PUT /api/customers/imports/{id} (mapping, mode) then POST …/start; an import already started is followed. */
export function useStartImport() {
  return useMutation({
    mutationFn: async ({ id, config }: { id: number; config: ImportConfig }) => {
      try {
        await api.put<ImportJob>(`/api/customers/imports/${id}`, config, { silent: true });
      } catch (err) {
        // the mapping cannot change once the import runs: ask the start, which says whether it does
        if (!isApiError(err) || err.code !== 'IMPORT_NOT_READY') throw err;
      }
      try {
        const { data } = await api.post<ImportJob>(`/api/customers/imports/${id}/start`, undefined, { silent: true });
        return data;
      } catch (err) {
        const job = alreadyStarted(err);
        if (job) return job;
        throw err;
      }
    },
  });
}

/** GET /api/customers/imports — the account's latest imports, newest first. */
export function useRecentImports(limit = 5) {
  return useQuery({
    queryKey: customerKeys.imports(limit),
    queryFn: async () => {
      const { data } = await api.get<Page<ImportJob>>('/api/customers/imports', { query: { page: 1, limit }, silent: true });
      return data.items;
    },
    staleTime: 0,
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
      const { data } = await api.get<ImportJob>(`/api/customers/imports/${id}`, { silent: true }); // the page shows not found / errors itself
      if (!RUNNING.has(data.status)) {
        void client.invalidateQueries({ queryKey: ['customers', 'list'] });
        void client.invalidateQueries({ queryKey: ['customers', 'imports'] });
      }
      return data;
    },
    refetchInterval: (query) => (query.state.data && !RUNNING.has(query.state.data.status) ? false : 1000),
  });
}

export const errorsCsvUrl = (id: number) => `/api/customers/imports/${id}/errors.csv`;
