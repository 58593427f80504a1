/**
 * Uploads through POST /api/s3/upload (multipart: `file`, `purpose`). The server decides the type by
 * the bytes and answers with the stored file (id, key, kind, url …). Shared by every feature that
 * attaches files (brand logos, content, the canvas editor).
 */
import { LIMITS } from '@risala/shared/constants';
import type { FilePurpose, StoredFile } from '@risala/shared/schemas/storage';
import { api } from './api-client.ts';

export async function uploadFile(file: File | Blob, purpose: FilePurpose, filename = 'upload'): Promise<StoredFile> {
  const body = new FormData();
  body.append('purpose', purpose);
  body.append('file', file, file instanceof File ? file.name : filename);
  const { data } = await api.post<StoredFile>('/api/s3/upload', body, { silent: true, timeoutMs: 120_000 });
  return data;
}

const ACCEPT: Partial<Record<FilePurpose, string[]>> = {
  logo: ['image/png', 'image/jpeg'],
  content: ['image/png', 'image/jpeg', 'application/pdf'],
};

/** The `accept` attribute of a file picker for a purpose. */
export const acceptFor = (purpose: 'logo' | 'content') => (ACCEPT[purpose] ?? []).join(',');

/** A quick check before sending (the server checks the bytes again): type by MIME or name, ≤ 10 MB. */
export function uploadProblem(file: Pick<File, 'type' | 'size' | 'name'>, purpose: 'logo' | 'content'): 'type' | 'size' | undefined {
  const types = ACCEPT[purpose] ?? [];
  const byName = purpose === 'logo' ? /\.(jpe?g|png)$/i : /\.(jpe?g|png|pdf)$/i;
  if (!(file.type ? types.includes(file.type) : byName.test(file.name))) return 'type';
  if (file.size > LIMITS.uploadMaxBytes) return 'size';
  return undefined;
}
