import { LIMITS } from '@risala/shared/constants';

export const PICTURE_TYPES = ['image/jpeg', 'image/png'] as const;

/** Client-side check before upload (the server checks again): JPG or PNG, at most 10 MB. */
export function pictureProblem(file: Pick<File, 'type' | 'size' | 'name'>): 'type' | 'size' | undefined {
  // Some systems give no MIME type; then the file name decides.
  const typeOk = file.type ? (PICTURE_TYPES as readonly string[]).includes(file.type) : /\.(jpe?g|png)$/i.test(file.name ?? '');
  if (!typeOk) return 'type';
  if (file.size > LIMITS.uploadMaxBytes) return 'size';
  return undefined;
}
