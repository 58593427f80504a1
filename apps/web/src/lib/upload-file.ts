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

/**
 * What a picker takes: brand logos and content images JPG/PNG, content documents PDF or Word
 * (DOCX); `content` is any content file. The server decides again by the bytes.
 */
export type UploadTarget = 'logo' | 'content' | 'content-image' | 'content-document';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const IMAGES = ['image/png', 'image/jpeg'];
const ACCEPT: Record<UploadTarget, { types: string[]; names: RegExp }> = {
  logo: { types: IMAGES, names: /\.(jpe?g|png)$/i },
  'content-image': { types: IMAGES, names: /\.(jpe?g|png)$/i },
  'content-document': { types: ['application/pdf', DOCX], names: /\.(pdf|docx)$/i },
  content: { types: [...IMAGES, 'application/pdf', DOCX], names: /\.(jpe?g|png|pdf|docx)$/i },
};

/** The upload target of a content type's file (image items take images, documents PDF/DOCX). */
export const contentUploadTarget = (type: 'image' | 'document'): UploadTarget => (type === 'image' ? 'content-image' : 'content-document');

/** The `accept` attribute of a file picker for a target. */
export const acceptFor = (target: UploadTarget) => ACCEPT[target].types.join(',');

/** A quick check before sending (the server checks the bytes again): type by MIME or name, ≤ 10 MB. */
export function uploadProblem(file: Pick<File, 'type' | 'size' | 'name'>, target: UploadTarget): 'type' | 'size' | undefined {
  const { types, names } = ACCEPT[target];
  if (!(file.type ? types.includes(file.type) : names.test(file.name))) return 'type';
  if (file.size > LIMITS.uploadMaxBytes) return 'size';
  return undefined;
}
