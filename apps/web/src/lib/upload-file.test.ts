import { describe, expect, it } from 'vitest';
import { acceptFor, uploadProblem } from './upload-file.ts';

describe('uploadProblem', () => {
  it('accepts PNG/JPG logos and PNG/JPG/PDF content up to 10 MB', () => {
    expect(uploadProblem({ type: 'image/png', size: 10, name: 'a.png' }, 'logo')).toBeUndefined();
    expect(uploadProblem({ type: 'application/pdf', size: 10, name: 'a.pdf' }, 'logo')).toBe('type');
    expect(uploadProblem({ type: 'application/pdf', size: 10, name: 'a.pdf' }, 'content')).toBeUndefined();
    expect(uploadProblem({ type: 'image/png', size: 10 * 1024 * 1024 + 1, name: 'a.png' }, 'content')).toBe('size');
  });

  it('falls back to the name when the browser gives no type', () => {
    expect(uploadProblem({ type: '', size: 1, name: 'logo.JPG' }, 'logo')).toBeUndefined();
    expect(uploadProblem({ type: '', size: 1, name: 'notes.txt' }, 'content')).toBe('type');
    expect(acceptFor('logo')).toBe('image/png,image/jpeg');
  });
});
