import sanitizeHtml from 'sanitize-html';

/** Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic and their presentation forms: right-to-left letters. */
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
/** A strong directional character: any letter, or the LRM / RLM / ALM marks. */
const STRONG = /[\p{L}\u200E\u200F\u061C]/u;

/** Elements whose text never decides the direction of their ancestors (HTML's auto directionality). */
const SKIPPED = new Set(['bdi', 'script', 'style', 'textarea', 'title', 'head']);

/**
 * The text that decides an email's direction: what a reader sees, without elements that carry
 * their own `dir` (they keep it: dir="auto" skips them too) and without placeholders
 * (`{{first_name}}` is a customer's value, not the author's writing).
 */
function decidingText(html: string): string {
  const outer = sanitizeHtml(html, {
    allowedTags: false,
    allowVulnerableTags: true, // only read for its text, never output
    allowedAttributes: { '*': ['dir'] },
    exclusiveFilter: (frame) => SKIPPED.has(frame.tag) || 'dir' in frame.attribs,
  });
  return sanitizeHtml(outer, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(?:[a-z]+|#\d+|#x[0-9a-f]+);/gi, ' ')
    .replace(/\{\{[^}]*\}\}/g, ' ');
}

/**
 * The direction of an email document, decided the way `dir="auto"` decides it: by the first
 * strong directional character of its visible text (one Arabic word inside an English email
 * keeps it left-to-right). Without any, left-to-right.
 */
export function documentDirection(html: string): 'ltr' | 'rtl' {
  for (const char of decidingText(html)) {
    if (!STRONG.test(char)) continue;
    return RTL_LETTER.test(char) || char === '\u200F' || char === '\u061C' ? 'rtl' : 'ltr';
  }
  return 'ltr';
}
