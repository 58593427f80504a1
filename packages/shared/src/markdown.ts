/**
 * Values from an account's data (a group's or campaign's name, a failure reason, a city) put into
 * Markdown that the product writes (the assistant's answers, the texts it drafts): always as text.
 * A name like `VIP](https://evil.example/login) ![p](https://evil.example/p.png)` must read as
 * those characters, never become a link or an image. The web renders answers with a renderer that
 * refuses images and links out of the app as well (components/markdown/SafeMarkdown.tsx): two
 * locks, so either holds when the other is wrong.
 */

/** Control characters (line breaks among them) and the Unicode line and paragraph separators. */
const LINE_BREAKS_AND_CONTROLS = /[\p{Cc}\u2028\u2029]+/gu;

/**
 * The ASCII punctuation that can start or end Markdown syntax inline or at a line's start: links and
 * images `[ ] ( ) !`, emphasis `* _ ~`, code `` ` ``, HTML and autolinks `< >`, GitHub's bare links
 * (`https:` `www.` `a@b.c`: `: . @`), entities `&`, headings, lists and quotes `# + - . ) >`, table
 * cells `|`, setext underlines `=`, and the backslash itself. CommonMark shows each escaped one as
 * itself; the rest (`' " , ; ? / %` …) stays as typed, so a sentence still reads as one.
 */
const PUNCTUATION = /[\\`*_~[\]()!<>&|#+\-.:@=]/g;

/**
 * A value as inline Markdown text: punctuation escaped (no link, image, emphasis, code, HTML, table
 * cell or autolink can start in it: `https\://` and `www\.` are not recognised as links), line breaks
 * and other control characters turned into spaces (no new block: no heading, list or quote).
 */
export function mdText(value: unknown): string {
  return String(value ?? '')
    .replace(LINE_BREAKS_AND_CONTROLS, ' ')
    .replace(PUNCTUATION, (c) => `\\${c}`);
}

/** A link inside the product (a path such as `/campaign/12`); anything else is only the label, as text. */
export function mdLink(label: unknown, href: string): string {
  const text = mdText(label);
  if (!isAppPath(href)) return text;
  // the destination cannot close early or hold a space: those characters are percent-encoded
  const dest = href.replace(/[\s()<>\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `[${text}](${dest})`;
}

/** A multi-line value (a drafted message) as a block quote, each line as text. */
export function mdQuote(value: unknown): string {
  return String(value ?? '')
    .split(/\r?\n/)
    .map((line) => (line.trim() ? `> ${mdText(line)}` : '>'))
    .join('\n');
}

/**
 * A value as a code span (a drafted SMS quoted inside a line): backslashes do not escape inside code,
 * so the fence is one backtick longer than the longest run in the value, and line breaks are spaces.
 */
export function mdCode(value: unknown): string {
  const text = String(value ?? '').replace(LINE_BREAKS_AND_CONTROLS, ' ');
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  // a space inside the fence when the value starts or ends with a backtick (CommonMark strips one)
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A path inside this product: starts with one `/` (not `//` or `/\`, which a browser reads as another host). */
export function isAppPath(href: string): boolean {
  return /^\/(?![/\\])/.test(href) && !/\p{Cc}/u.test(href);
}
