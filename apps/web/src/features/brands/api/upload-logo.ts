import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '../../../lib/upload-file.ts';

/** A logo goes up first (purpose `logo`, images only); the brand then stores its file id. */
export function useUploadLogo() {
  return useMutation({ mutationFn: (file: File) => uploadFile(file, 'logo') });
}
