/**
 * A message cut into what a reader sees: plain runs, `{{placeholders}}` and links. Placeholders
 * and links are laid out left to right on their own, so an Arabic SMS shows
 * "{{first_name|عميلنا}}" whole — not "{{عميلنا|first_name}}", which the bidi algorithm makes of it
 * inside a right-to-left line — and a link is never broken around a Latin dot.
 */
export type MessageRun = { kind: 'text' | 'placeholder' | 'link'; text: string };

const TOKENS = /(\{\{[^{}]*\}\}|https?:\/\/[^\s<>"']+)/g;

export function messageRuns(text: string): MessageRun[] {
  const runs: MessageRun[] = [];
  let at = 0;
  for (const m of text.matchAll(TOKENS)) {
    if (m.index > at) runs.push({ kind: 'text', text: text.slice(at, m.index) });
    runs.push({ kind: m[0].startsWith('{{') ? 'placeholder' : 'link', text: m[0] });
    at = m.index + m[0].length;
  }
  if (at < text.length) runs.push({ kind: 'text', text: text.slice(at) });
  return runs;
}
