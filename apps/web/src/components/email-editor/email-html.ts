import { type AnyExtension, Extension, generateHTML, generateJSON, Mark, mergeAttributes, Node } from '@tiptap/react';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import Underline from '@tiptap/extension-underline';
import StarterKit from '@tiptap/starter-kit';

/**
 * What the visual email editor keeps of the HTML it is given. Email HTML is tables, inline styles,
 * wrappers and `dir` attributes; the stock editor would drop them at the first keystroke. So:
 * every node and mark keeps the attributes it does not model itself (`htmlAttrs`), tables, layout
 * blocks and inline tags are nodes and marks of their own, and `visualLoss` tells when HTML still
 * holds something the editor cannot represent (then it opens as HTML source).
 */

type Attrs = Record<string, string>;

/**
 * An attribute that must never reach the live editor (a pasted page or the HTML source would run
 * it here): event handlers, frames' and forms' own targets, and script URLs. The server's
 * sanitiser removes the same from what is saved; this keeps the editor itself safe.
 */
export function unsafeAttribute(name: string, value: string): boolean {
  const n = name.toLowerCase();
  if (n.startsWith('on') || n === 'srcdoc' || n === 'formaction') return true;
  // a URL in any attribute: javascript:/vbscript:/data: (spaces and control characters stripped first, as browsers do)
  const compact = Array.from(value)
    .filter((c) => c.charCodeAt(0) > 0x20)
    .join('');
  return /^(?:javascript|vbscript|data):/i.test(compact);
}

/** Every attribute of an element but the ones named (and unsafe ones): kept as they are and written back. */
const keepAttributes = (modelled: string[] = []) => ({
  htmlAttrs: {
    default: null,
    parseHTML: (element: HTMLElement): Attrs | null => {
      const out: Attrs = {};
      for (const { name, value } of Array.from(element.attributes)) {
        if (!modelled.includes(name) && !MARKERS.includes(name) && !unsafeAttribute(name, value)) out[name] = value;
      }
      return Object.keys(out).length > 0 ? out : null;
    },
    renderHTML: (attributes: Record<string, unknown>) => {
      const kept = (attributes.htmlAttrs as Attrs | null) ?? {};
      // ProseMirror writes `style` through the CSSOM (hex colours become rgb(), unknown properties
      // such as mso-line-height-rule vanish): the user's own text rides along and is put back
      return kept.style ? { ...kept, [RAW_STYLE]: kept.style } : kept;
    },
  },
});

/** The element's own tag, for nodes and marks that stand for several (td/th, div/center…). */
const tagAttribute = (fallback: string) => ({
  tag: { default: fallback, rendered: false, parseHTML: (element: HTMLElement) => element.localName },
});

/** Marks a paragraph the parser made up around bare text (`<td>Hi</td>`), so it is not written back. */
const IMPLICIT = 'data-implicit';
/** The style attribute exactly as the user wrote it (see keepAttributes). */
const RAW_STYLE = 'data-email-style';
const MARKERS = [IMPLICIT, RAW_STYLE];

const KeepAttributes = Extension.create({
  name: 'keepAttributes',
  addGlobalAttributes() {
    return [
      {
        types: [
          'paragraph',
          'heading',
          'blockquote',
          'bulletList',
          'listItem',
          'horizontalRule',
          'bold',
          'italic',
          'underline',
          'strike',
          'code',
        ],
        attributes: keepAttributes(),
      },
      { types: ['orderedList'], attributes: keepAttributes(['start', 'type']) },
      { types: ['codeBlock'], attributes: keepAttributes(['class']) },
      { types: ['link'], attributes: keepAttributes(['href', 'target', 'rel', 'class', 'title']) },
      { types: ['image'], attributes: keepAttributes(['src', 'alt', 'title', 'width', 'height']) },
      {
        types: ['paragraph'],
        attributes: {
          // only a real <p> matches the paragraph's parse rule; a made-up one keeps the default
          explicit: {
            default: false,
            parseHTML: () => true,
            renderHTML: (attributes: Record<string, unknown>) => (attributes.explicit ? {} : { [IMPLICIT]: '' }),
          },
        },
      },
    ];
  },
});

const LAYOUT_TAGS = ['div', 'center', 'section', 'header', 'footer', 'article', 'aside', 'main', 'nav', 'figure', 'figcaption'];

/** A layout wrapper (div, center, section…) around blocks, with its attributes. */
const LayoutBlock = Node.create({
  name: 'emailBlock',
  group: 'block',
  content: 'block+',
  defining: true,
  addAttributes: () => ({ ...tagAttribute('div'), ...keepAttributes() }),
  parseHTML: () => LAYOUT_TAGS.map((tag) => ({ tag })),
  renderHTML: ({ node, HTMLAttributes }) => [node.attrs.tag as string, HTMLAttributes, 0],
});

const Table = Node.create({
  name: 'emailTable',
  group: 'block',
  content: 'emailCaption? emailColgroup* emailTableSection+',
  isolating: true,
  addAttributes: () => keepAttributes(),
  parseHTML: () => [{ tag: 'table' }],
  renderHTML: ({ HTMLAttributes }) => ['table', HTMLAttributes, 0],
});

const Caption = Node.create({
  name: 'emailCaption',
  content: 'inline*',
  addAttributes: () => keepAttributes(),
  parseHTML: () => [{ tag: 'caption' }],
  renderHTML: ({ HTMLAttributes }) => ['caption', HTMLAttributes, 0],
});

const Colgroup = Node.create({
  name: 'emailColgroup',
  content: 'emailCol*',
  addAttributes: () => keepAttributes(),
  parseHTML: () => [{ tag: 'colgroup' }],
  renderHTML: ({ HTMLAttributes }) => ['colgroup', HTMLAttributes, 0],
});

const Col = Node.create({
  name: 'emailCol',
  atom: true,
  addAttributes: () => keepAttributes(),
  parseHTML: () => [{ tag: 'col' }],
  renderHTML: ({ HTMLAttributes }) => ['col', HTMLAttributes],
});

const TableSection = Node.create({
  name: 'emailTableSection',
  content: 'emailTableRow+',
  addAttributes: () => ({ ...tagAttribute('tbody'), ...keepAttributes() }),
  parseHTML: () => ['thead', 'tbody', 'tfoot'].map((tag) => ({ tag })),
  renderHTML: ({ node, HTMLAttributes }) => [node.attrs.tag as string, HTMLAttributes, 0],
});

const TableRow = Node.create({
  name: 'emailTableRow',
  content: 'emailTableCell+',
  addAttributes: () => keepAttributes(),
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: ({ HTMLAttributes }) => ['tr', HTMLAttributes, 0],
});

const TableCell = Node.create({
  name: 'emailTableCell',
  content: 'block+',
  isolating: true,
  addAttributes: () => ({ ...tagAttribute('td'), ...keepAttributes() }),
  parseHTML: () => [{ tag: 'td' }, { tag: 'th' }],
  renderHTML: ({ node, HTMLAttributes }) => [node.attrs.tag as string, HTMLAttributes, 0],
});

const INLINE_TAGS = ['span', 'font', 'sub', 'sup', 'small', 'big', 'mark', 'abbr'];

/** Inline tags the toolbar has no button for (span with a style, font, sub…): kept, several at once. */
const InlineTag = Mark.create({
  name: 'emailInline',
  excludes: '',
  addAttributes: () => ({ ...tagAttribute('span'), ...keepAttributes() }),
  parseHTML: () => INLINE_TAGS.map((tag) => ({ tag })),
  renderHTML: ({ mark, HTMLAttributes }) => [mark.attrs.tag as string, mergeAttributes(HTMLAttributes), 0],
});

export const EMAIL_EXTENSIONS: AnyExtension[] = [
  StarterKit.configure({ link: false, underline: false }),
  Link.configure({ openOnClick: false, protocols: ['mailto', 'tel'] }),
  Underline,
  // inline: email images sit in paragraphs, cells and links
  Image.configure({ allowBase64: true, inline: true }),
  KeepAttributes,
  LayoutBlock,
  Table,
  Caption,
  Colgroup,
  Col,
  TableSection,
  TableRow,
  TableCell,
  InlineTag,
];

const CONTAINERS = new Set(['td', 'th', 'li', ...LAYOUT_TAGS]);

/**
 * The editor's HTML as the user's HTML: styles as they were written, and a paragraph the parser
 * made up as the only content of a cell, list item or wrapper goes (`<td>Hi</td>` stays
 * `<td>Hi</td>`); the markers go.
 */
export function finishEditorHtml(html: string): string {
  if (!MARKERS.some((marker) => html.includes(marker))) return html;
  const body = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html').body;
  for (const element of Array.from(body.querySelectorAll(`[${RAW_STYLE}]`))) {
    element.setAttribute('style', element.getAttribute(RAW_STYLE) ?? '');
    element.removeAttribute(RAW_STYLE);
  }
  for (const p of Array.from(body.querySelectorAll(`p[${IMPLICIT}]`))) {
    const parent = p.parentElement;
    if (parent && CONTAINERS.has(parent.localName) && parent.childNodes.length === 1) p.replaceWith(...Array.from(p.childNodes));
    else p.removeAttribute(IMPLICIT);
  }
  return body.innerHTML;
}

const SAME_TAG: Record<string, string> = { b: 'strong', i: 'em', strike: 's', del: 's' };
const UNCOUNTED = new Set(['html', 'head', 'body', 'br']);

/** What a reader would miss: the text (spacing aside), how many of each element, every attribute. */
function signature(html: string) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const tags = new Map<string, number>();
  const attributes = new Set<string>();
  for (const element of Array.from(doc.querySelectorAll('*'))) {
    const tag = SAME_TAG[element.localName] ?? element.localName;
    if (!UNCOUNTED.has(tag)) tags.set(tag, (tags.get(tag) ?? 0) + 1);
    for (const { name, value } of Array.from(element.attributes)) {
      if (!MARKERS.includes(name)) attributes.add(`${tag}[${name}=${value.trim()}]`);
    }
  }
  return { text: (doc.documentElement.textContent ?? '').replace(/\s+/g, ''), tags, attributes };
}

/** The HTML as the visual editor would write it back. */
export function throughVisualEditor(html: string): string {
  return finishEditorHtml(generateHTML(generateJSON(html, EMAIL_EXTENSIONS), EMAIL_EXTENSIONS));
}

/**
 * True when the visual editor would lose part of this HTML (text, an element such as a <style>
 * block, or an attribute): such HTML is edited as source, and switching to Visual asks first.
 */
export function visualLoss(html: string): boolean {
  if (!html.trim()) return false;
  const before = signature(html);
  const after = signature(throughVisualEditor(html));
  if (before.text !== after.text) return true;
  for (const [tag, n] of before.tags) if ((after.tags.get(tag) ?? 0) < n) return true;
  for (const attribute of before.attributes) if (!after.attributes.has(attribute)) return true;
  return false;
}

/** True when a body holds something a user wrote (text, an image, a table): replacing it asks first. */
export function hasContent(html: string): boolean {
  if (!html.trim()) return false;
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return Boolean(body.textContent?.trim()) || body.querySelector('img, table, hr') !== null;
}
