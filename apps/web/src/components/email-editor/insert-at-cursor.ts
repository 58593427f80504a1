/** Inserts text at a textarea's selection (or the end) and puts the caret after it. */
export function insertAtCursor(field: HTMLTextAreaElement | HTMLInputElement | null, current: string, text: string): string {
  if (!field) return current + text;
  const start = field.selectionStart ?? current.length;
  const end = field.selectionEnd ?? current.length;
  const next = current.slice(0, start) + text + current.slice(end);
  requestAnimationFrame(() => {
    field.focus();
    field.setSelectionRange(start + text.length, start + text.length);
  });
  return next;
}
