import { describe, expect, it } from 'vitest';
import { fieldsForType, linkHost } from './content-form.ts';

describe('content form', () => {
  it('shows a file picker for images and documents, an address for videos and links', () => {
    expect(fieldsForType('image')).toEqual({ body: true, file: true, url: false });
    expect(fieldsForType('document').file).toBe(true);
    expect(fieldsForType('link')).toEqual({ body: true, file: false, url: true });
    expect(fieldsForType('video').url).toBe(true);
    expect(fieldsForType('text')).toEqual({ body: true, file: false, url: false });
  });

  it('previews a link by its host', () => {
    expect(linkHost('https://www.example.com/blog?x=1')).toBe('example.com');
    expect(linkHost('not a url')).toBe('not a url');
    expect(linkHost(null)).toBe('');
  });
});
