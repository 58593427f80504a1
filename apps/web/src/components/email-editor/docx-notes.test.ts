import { describe, expect, it } from 'vitest';
import { docxNote } from './docx-notes.ts';

describe("docxNote — mammoth's notes in the reader's words", () => {
  it('names the style, the image type or the element', () => {
    expect(docxNote("Unrecognised paragraph style: 'Fancy Title' (Style ID: FancyTitle)")).toEqual({
      key: 'templates.docx.notes.style.paragraph',
      params: { kind: 'paragraph', style: 'Fancy Title' },
    });
    expect(docxNote("Unrecognised run style: '' (Style ID: Emph)").params.style).toBe('Emph');
    expect(docxNote("Unrecognised paragraph style: 'null' (Style ID: Fancy)").params.style).toBe('Fancy');
    expect(docxNote('Paragraph style with ID Heading1 was referenced but not defined in the document')).toEqual({
      key: 'templates.docx.notes.undefinedStyle',
      params: { style: 'Heading1' },
    });
    expect(docxNote('Image of type image/x-emf is unlikely to display in web browsers')).toEqual({
      key: 'templates.docx.notes.image',
      params: { type: 'image/x-emf' },
    });
    expect(docxNote('An unrecognised element was ignored: w:customXml').params).toEqual({ element: 'w:customXml' });
  });
  it('keeps any other note as its detail', () => {
    expect(docxNote('Something new')).toEqual({ key: 'templates.docx.notes.other', params: { text: 'Something new' } });
  });
});
