import type { ContentType } from '@risala/shared/schemas/content';

/** Which inputs a content type shows: text has a body, image/document a file, video/link an address. */
export function fieldsForType(type: ContentType): { body: boolean; file: boolean; url: boolean } {
  return {
    body: true,
    file: type === 'image' || type === 'document',
    url: type === 'video' || type === 'link',
  };
}

/** The host of a link for its preview ("example.com"), or the text itself when it is not a URL. */
export function linkHost(url: string | null): string {
  if (!url) return '';
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}
