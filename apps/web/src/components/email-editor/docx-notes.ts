/**
 * mammoth's conversion notes ("Unrecognised paragraph style: 'Fancy' (Style ID: Fancy)") in the
 * reader's words: the ones people meet most get a catalogue text (the style or type kept as it
 * is), any other keeps mammoth's English as a detail.
 */
export interface DocxNote {
  key: string;
  params: Record<string, string>;
}

/** A style's name, or its id when the document gives no name (mammoth then prints 'null'). */
const styleName = (name: string | undefined, id: string | undefined) =>
  name && name !== 'null' && name !== 'undefined' ? name : (id ?? '');

const PATTERNS: [RegExp, string, (m: RegExpExecArray) => Record<string, string>][] = [
  [
    /^Unrecognised (paragraph|run|table) style: '(.*)' \(Style ID: (.*)\)$/,
    'style',
    (m) => ({ kind: m[1] as string, style: styleName(m[2], m[3]) }),
  ],
  [
    /^(?:Paragraph|Run|Table|Numbering) style with ID (.+) was referenced but not defined in the document$/,
    'undefinedStyle',
    (m) => ({ style: m[1] as string }),
  ],
  [/^Image of type (\S+) is unlikely to display in web browsers$/, 'image', (m) => ({ type: m[1] as string })],
  [/^An unrecognised element was ignored: (.+)$/, 'element', (m) => ({ element: m[1] as string })],
];

export function docxNote(message: string): DocxNote {
  for (const [pattern, key, params] of PATTERNS) {
    const m = pattern.exec(message.trim());
    if (m) return { key: `templates.docx.notes.${key}${key === 'style' ? `.${m[1]}` : ''}`, params: params(m) };
  }
  return { key: 'templates.docx.notes.other', params: { text: message } };
}
