import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '../../../lib/upload-file.ts';

/** A content file goes up first (purpose `content`: JPG, PNG or PDF); the item then stores its id. */
export function useUploadContentFile() {
  return useMutation({ mutationFn: (file: File) => uploadFile(file, 'content') });
}
