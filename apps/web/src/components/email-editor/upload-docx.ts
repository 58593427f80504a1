import type { DocxConversion } from '@risala/shared/schemas/templates';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** POST /api/templates/upload-docx (multipart): converts a .docx to sanitised HTML; nothing is stored. */
export async function uploadDocx(file: File): Promise<DocxConversion> {
  const body = new FormData();
  body.append('file', file);
  const { data } = await api.post<DocxConversion>('/api/templates/upload-docx', body, { silent: true, timeoutMs: 60_000 });
  return data;
}

export function useUploadDocx() {
  return useMutation({ mutationFn: uploadDocx });
}
