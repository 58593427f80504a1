import { randomUUID } from 'node:crypto';

/**
 * Outlook for Windows lays email out with Word and reads "conditional comments"
 * (`<!--[if mso]>…<![endif]-->`): MJML puts the fixed-width table skeleton Outlook needs in them.
 * Every other reader — browsers included — sees a comment. The sanitiser drops comments, so these
 * are lifted out first, checked token by token against a narrow allow-list (layout tables, the
 * Office DPI settings, a vetted <style>), and put back once the rest is sanitised.
 *
 * All or nothing: when any of them holds something not allowed, or the open/close pairs do not
 * balance, every conditional comment goes — half a skeleton would open a table Outlook never
 * closes. Without them Outlook still shows the email, one column wide.
 */

export interface ConditionalRules {
  /** a `style` attribute's declarations are all allowed */
  styleAttribute(value: string): boolean;
  /** the text of a <style> block is allowed as it is */
  styleBlock(css: string): boolean;
}

/** Tags Outlook's skeleton uses, with the attributes each may carry (no URLs anywhere). */
const LAYOUT_ATTRIBUTES = [
  'align',
  'border',
  'cellpadding',
  'cellspacing',
  'class',
  'role',
  'style',
  'width',
  'height',
  'bgcolor',
  'valign',
];
const ALLOWED: Record<string, readonly string[]> = {
  table: LAYOUT_ATTRIBUTES,
  tbody: LAYOUT_ATTRIBUTES,
  tr: LAYOUT_ATTRIBUTES,
  td: LAYOUT_ATTRIBUTES,
  div: LAYOUT_ATTRIBUTES,
  style: ['type', 'media'],
  noscript: [],
  xml: [],
  'o:officedocumentsettings': [],
  'o:allowpng': [],
  'o:pixelsperinch': [],
};

/** The conditions MJML and hand-written Outlook fixes use. */
const CONDITION = /^(?:!?mso|mso \| IE|IE|(?:lt|lte|gt|gte) mso \d{1,2})$/;

const HIDDEN = /<!--\[if ([^\]]{1,40})\]>([\s\S]*?)<!\[endif\]-->/y;
const REVEALED_OPEN = '<!--[if !mso]><!-->';
const REVEALED_CLOSE = '<!--<![endif]-->';

const TOKEN = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>|([^<]+)/y;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Whether the inside of a hidden conditional comment is only allowed tags, attributes and text. */
function allowedInside(inner: string, rules: ConditionalRules): boolean {
  let at = 0;
  let style: string | null = null; // the text of an open <style>
  while (at < inner.length) {
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(inner);
    if (!m) return false;
    at = TOKEN.lastIndex;
    const [, closing, rawName, attributes = '', , text] = m;
    if (text !== undefined) {
      if (style !== null) style += text;
      continue;
    }
    const name = (rawName ?? '').toLowerCase();
    const allowed = ALLOWED[name];
    if (!allowed) return false;
    if (name === 'style') {
      if (closing) {
        if (style === null || !rules.styleBlock(style)) return false;
        style = null;
      } else {
        if (style !== null) return false;
        style = '';
      }
    } else if (style !== null) return false;
    for (const a of attributes.matchAll(ATTRIBUTE)) {
      const attribute = (a[1] ?? '').toLowerCase();
      const value = a[2] ?? a[3] ?? a[4] ?? '';
      if (closing || !allowed.includes(attribute)) return false;
      // entities could spell out anything: the skeleton needs none
      if (value.includes('&')) return false;
      if (attribute === 'style' && !rules.styleAttribute(value)) return false;
    }
  }
  return style === null;
}

/** The conditional comments of `html`, in order, or null when any is not allowed (or they do not pair up). */
function collect(html: string, rules: ConditionalRules): { start: number; end: number }[] | null {
  const found: { start: number; end: number }[] = [];
  let revealedDepth = 0;
  for (let at = html.indexOf('<!--'); at !== -1; at = html.indexOf('<!--', at + 4)) {
    if (html.startsWith(REVEALED_OPEN, at)) {
      if (revealedDepth > 0) return null;
      revealedDepth = 1;
      found.push({ start: at, end: at + REVEALED_OPEN.length });
      continue;
    }
    if (html.startsWith(REVEALED_CLOSE, at)) {
      if (revealedDepth === 0) return null;
      revealedDepth = 0;
      found.push({ start: at, end: at + REVEALED_CLOSE.length });
      continue;
    }
    if (!html.startsWith('<!--[if', at)) continue; // an ordinary comment: the sanitiser drops it
    HIDDEN.lastIndex = at;
    const m = HIDDEN.exec(html);
    if (!m || !CONDITION.test((m[1] ?? '').trim()) || !allowedInside(m[2] ?? '', rules)) return null;
    found.push({ start: at, end: HIDDEN.lastIndex });
    at = HIDDEN.lastIndex - 4;
  }
  return revealedDepth === 0 ? found : null;
}

/** Elements whose text is not markup: a comment put back there would be read as text (or CSS). */
const RAW_TEXT = ['risala-style', 'style', 'title'];

/**
 * Whether `at` lies in the markup between elements, not inside a tag or a raw-text element. Valid
 * for sanitize-html's output, which escapes every < and > in text and attribute values: each one
 * left is a tag's own.
 */
function inMarkup(html: string, at: number): boolean {
  if (html.lastIndexOf('>', at) < html.lastIndexOf('<', at)) return false;
  const before = html.slice(0, at).toLowerCase();
  return RAW_TEXT.every((tag) => before.lastIndexOf(`<${tag}`) <= before.lastIndexOf(`</${tag}`));
}

/**
 * Lifts the allowed conditional comments out of `html`, leaving a marker (plain text no input can
 * guess) in each place. `restore` takes sanitize-html's raw output and puts them back where their
 * markers stand between elements. When they are not all allowed, or a marker was dropped or ended
 * up inside a tag or a <style> (a comment written inside an attribute value), none is kept.
 */
export function liftConditionalComments(html: string, rules: ConditionalRules): { html: string; restore: (clean: string) => string } {
  const none = { html, restore: (clean: string) => clean };
  if (!html.includes('<!--')) return none;
  const found = collect(html, rules);
  if (!found || found.length === 0) return none;
  const nonce = randomUUID().replaceAll('-', '');
  const marker = (i: number) => `risalacc${nonce}n${i}x`;
  const comments: string[] = [];
  let out = '';
  let from = 0;
  for (const { start, end } of found) {
    out += html.slice(from, start) + marker(comments.length);
    comments.push(html.slice(start, end));
    from = end;
  }
  out += html.slice(from);
  const pattern = new RegExp(`risalacc${nonce}n(\\d+)x`, 'g');
  return {
    html: out,
    restore: (clean) => {
      const kept = [...clean.matchAll(pattern)];
      const intact = kept.length === comments.length && kept.every((m, i) => Number(m[1]) === i && inMarkup(clean, m.index));
      return clean.replace(pattern, (_m, i: string) => (intact ? (comments[Number(i)] ?? '') : ''));
    },
  };
}
