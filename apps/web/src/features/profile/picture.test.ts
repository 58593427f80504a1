import { LIMITS } from '@risala/shared/constants';
import { describe, expect, it } from 'vitest';
import { pictureProblem } from './picture.ts';

describe('pictureProblem', () => {
  it('accepts JPG and PNG up to 10 MB', () => {
    expect(pictureProblem({ type: 'image/png', size: 1000, name: 'a.png' })).toBeUndefined();
    expect(pictureProblem({ type: 'image/jpeg', size: LIMITS.uploadMaxBytes, name: 'a.jpg' })).toBeUndefined();
  });

  it('rejects other types, even with a .png name', () => {
    expect(pictureProblem({ type: 'image/gif', size: 10, name: 'a.png' })).toBe('type');
    expect(pictureProblem({ type: 'application/pdf', size: 10, name: 'a.pdf' })).toBe('type');
  });

  it('falls back to the name when there is no type', () => {
    expect(pictureProblem({ type: '', size: 10, name: 'photo.JPEG' })).toBeUndefined();
    expect(pictureProblem({ type: '', size: 10, name: 'photo.webp' })).toBe('type');
  });

  it('rejects more than 10 MB', () => {
    expect(pictureProblem({ type: 'image/png', size: LIMITS.uploadMaxBytes + 1, name: 'a.png' })).toBe('size');
  });
});
