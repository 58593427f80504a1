import type { DataOf } from '@risala/shared/schemas/common';
import type { entriesAddedEnvelopeSchema } from '@risala/shared/schemas/blacklists';
import type { Page } from '@risala/shared';
import type { BlacklistEntry, BlacklistEntryInput, BlacklistImportReport, EntryKind } from '@risala/shared/schemas/blacklists';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { blacklistKeys } from './get-blacklists.ts';

export interface EntryParams {
  page: number;
  limit: number;
  search?: string;
  kind?: EntryKind;
}

/** GET /api/blacklists/{id}/entries?page&limit&search&kind. */
export async function getEntries(id: number, params: EntryParams): Promise<Page<BlacklistEntry>> {
  const { data } = await api.get<Page<BlacklistEntry>>(`/api/blacklists/${id}/entries`, { query: { ...params } });
  return data;
}

export function useEntries(id: number, params: EntryParams) {
  return useQuery({
    queryKey: blacklistKeys.entries(id, params),
    queryFn: () => getEntries(id, params),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/blacklists/{id}/entries {entries} → {added, duplicates}; errors shown inline. */
export async function addEntries(id: number, entries: BlacklistEntryInput[]) {
  const { data } = await api.post<DataOf<typeof entriesAddedEnvelopeSchema>>(
    `/api/blacklists/${id}/entries`,
    { entries },
    { silent: true },
  );
  return data;
}

/** DELETE /api/blacklists/{id}/entries/{entryId}. */
export async function removeEntry(id: number, entryId: number) {
  await api.delete(`/api/blacklists/${id}/entries/${entryId}`);
}

/** POST /api/blacklists/{id}/import (multipart `file`) → the import report. */
export async function importNumbers(id: number, file: File): Promise<BlacklistImportReport> {
  const body = new FormData();
  body.append('file', file);
  const { data } = await api.post<BlacklistImportReport>(`/api/blacklists/${id}/import`, body, { silent: true, timeoutMs: 120_000 });
  return data;
}

export function useEntryMutations(id: number) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: blacklistKeys.all });
  return {
    add: useMutation({ mutationFn: (entries: BlacklistEntryInput[]) => addEntries(id, entries), onSuccess }),
    remove: useMutation({ mutationFn: (entryId: number) => removeEntry(id, entryId), onSuccess }),
    importFile: useMutation({ mutationFn: (file: File) => importNumbers(id, file), onSuccess }),
  };
}
