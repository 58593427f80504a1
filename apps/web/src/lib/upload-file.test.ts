import { describe, expect, it } from 'vitest';
import { acceptFor, contentUploadTarget, uploadProblem } from './upload-file.ts';

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

  it('takes per content type: images JPG/PNG only, documents PDF or DOCX only', () => {
    const pdf = { type: 'application/pdf', size: 10, name: 'a.pdf' };
    const png = { type: 'image/png', size: 10, name: 'a.png' };
    const docx = { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 10, name: 'a.docx' };
    expect(uploadProblem(pdf, contentUploadTarget('image'))).toBe('type');
    expect(uploadProblem(png, contentUploadTarget('image'))).toBeUndefined();
    expect(uploadProblem(png, contentUploadTarget('document'))).toBe('type');
    expect(uploadProblem(pdf, contentUploadTarget('document'))).toBeUndefined();
    expect(uploadProblem(docx, contentUploadTarget('document'))).toBeUndefined();
    expect(uploadProblem({ type: '', size: 1, name: 'offer.PDF' }, 'content-image')).toBe('type');
    expect(acceptFor('content-image')).toBe('image/png,image/jpeg');
    expect(acceptFor('content-document')).not.toContain('image/');
  });
});
