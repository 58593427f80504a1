/**
 * For Mantine text inputs and textareas: `dir` given as a prop lands on Mantine's wrapper div,
 * whose own text (none) decides nothing, so Arabic typed in the field stayed left-to-right. This
 * puts `dir="auto"` on the <input>/<textarea> itself, so the field follows the first strong letter
 * typed. An empty field keeps the interface's direction (dir="auto" with nothing typed would be
 * left-to-right, the caret on the wrong side in Arabic). Usage: `attributes={autoDir(value)}`.
 */
export function autoDir(value: string) {
  return { input: { dir: value.trim() === '' ? undefined : 'auto' } } as const;
}

/** The same for the rich editor's content (ProseMirror attributes): auto once it has text. */
export function autoDirOfText(text: string): Record<string, string> {
  return text.trim() === '' ? {} : { dir: 'auto' };
}

const STRONG = /[A-Za-z\u00C0-\u024F\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/**
 * A message's direction from its first strong letter, skipping `{{variables}}` and links: an Arabic
 * SMS often starts with `{{first_name|…}}`, whose Latin name made `dir="auto"` lay it out
 * left-to-right (the words out of order). `undefined`: no letters, keep the surrounding direction.
 */
export function textDir(text: string): 'rtl' | 'ltr' | undefined {
  const letter = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .match(STRONG)?.[0];
  if (!letter) return undefined;
  return RTL.test(letter) ? 'rtl' : 'ltr';
}
