import juice from 'juice';
import sanitizeHtml from 'sanitize-html';
import { liftConditionalComments } from './conditional-comments.ts';

/**
 * Email HTML sanitiser. Allowed: the usual email markup (text, headings, lists, links, images,
 * tables with their layout attributes), inline styles of a fixed property list, and <style> blocks
 * (kept for juice, which inlines them when the email is rendered). Removed: scripts, frames, forms,
 * objects, SVG, every `on*` attribute, URLs other than http(s), mailto and tel (images: also cid and
 * data:image of a raster type), and CSS that can run code or load from elsewhere. Outlook's
 * conditional comments, which MJML's output (the visual builder) relies on, are kept when they
 * hold only layout (conditional-comments.ts); other comments go.
 */

const SIDES = ['', '-top', '-right', '-bottom', '-left'];
const STYLE_PROPERTIES = [
  'color',
  'background',
  'background-color',
  'background-image',
  'background-repeat',
  'background-position',
  'background-size',
  'border-collapse',
  'border-spacing',
  'border-radius',
  'font',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'text-align',
  'text-decoration',
  'text-transform',
  'text-indent',
  'vertical-align',
  'white-space',
  'word-break',
  'word-wrap',
  'overflow-wrap',
  'direction',
  'unicode-bidi',
  'width',
  'min-width',
  'max-width',
  'height',
  'min-height',
  'max-height',
  'display',
  'table-layout',
  'list-style',
  'list-style-type',
  'list-style-position',
  'opacity',
  'box-sizing',
  'float',
  'clear',
  'overflow',
  'mso-line-height-rule',
  'mso-table-lspace',
  'mso-table-rspace',
  'outline',
  'caption-side',
  'empty-cells',
  ...SIDES.flatMap((s) => [`margin${s}`, `padding${s}`, `border${s}`]),
  ...SIDES.slice(1).flatMap((s) => [`border${s}-color`, `border${s}-style`, `border${s}-width`]),
  'border-color',
  'border-style',
  'border-width',
  'margin-inline-start',
  'margin-inline-end',
  'padding-inline-start',
  'padding-inline-end',
  // what MJML's output (the visual builder) writes besides the above
  'cursor',
  'mso-padding-alt',
  'text-size-adjust',
  '-webkit-text-size-adjust',
  '-ms-text-size-adjust',
  '-ms-interpolation-mode',
];

/** Values that can run code (old IE expression(), behaviours, bindings) or fetch non-https resources. */
const UNSAFE_CSS =
  /expression\s*\(|javascript\s*:|vbscript\s*:|behavior\s*:|-moz-binding|@import|url\s*\(\s*['"]?\s*(?!https:\/\/|data:image\/(?:png|jpe?g|gif|webp);)/i;
const SAFE_VALUE =
  /^(?![\s\S]*(?:\\|\/\*|expression\s*\(|javascript\s*:|vbscript\s*:|-moz-binding|url\s*\(\s*['"]?\s*(?!https:\/\/|data:image\/(?:png|jpe?g|gif|webp);)))[\s\S]*$/i;

const ALLOWED_STYLES = { '*': Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, [SAFE_VALUE]])) };
const ALLOWED_PROPERTY = new Set(STYLE_PROPERTIES);

/** A style attribute whose every declaration is an allowed property with a safe value. */
function safeStyleAttribute(style: string): boolean {
  return style.split(';').every((declaration) => {
    if (!declaration.trim()) return true;
    const colon = declaration.indexOf(':');
    if (colon < 0) return false;
    return ALLOWED_PROPERTY.has(declaration.slice(0, colon).trim().toLowerCase()) && SAFE_VALUE.test(declaration.slice(colon + 1));
  });
}

const RASTER_DATA_URL = /^data:image\/(?:png|jpe?g|gif|webp);base64,[A-Za-z0-9+/=\s]+$/i;

const unescapeText = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&gt;/g, '>')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&');

/**
 * CSS of a <style> block (arrives HTML-escaped), comments removed; empty when anything in it could
 * run code, load a resource or close the element.
 */
function cleanStyleBlock(escapedCss: string): string {
  const plain = escapedCss.replace(/\/\*[\s\S]*?\*\//g, '');
  const raw = unescapeText(plain);
  if (!safeCss(raw)) return '';
  return plain;
}

const safeCss = (css: string) => !UNSAFE_CSS.test(css) && !/[<\\]|\/\*/.test(css);

/** What Outlook's conditional comments may hold besides layout tags (conditional-comments.ts). */
const CONDITIONAL_RULES = { styleAttribute: safeStyleAttribute, styleBlock: safeCss };

/** A <meta> keeps only a charset (also from http-equiv Content-Type) or the viewport; never http-equiv itself. */
function safeMeta(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  if (attribs.charset) return { charset: 'utf-8' };
  if ((attribs['http-equiv'] ?? '').toLowerCase() === 'content-type') return { charset: 'utf-8' };
  const content = attribs.content ?? '';
  if ((attribs.name ?? '').toLowerCase() === 'viewport' && /^[\w\s=,.-]{1,100}$/.test(content)) return { name: 'viewport', content };
  return {};
}

/**
 * sanitize-html passes <style> content through unfiltered, so <style> is renamed to this
 * placeholder while sanitising (its text then goes through textFilter and is escaped like any
 * text) and renamed back afterwards. Input can never produce it: a tag of that name in the input
 * is left out (exclusiveFilter, its content kept as any other), and only a placeholder holding
 * nothing but text becomes a <style> again. (A typed <risala-style> with a child element whose
 * attribute held `</style><script>` used to come out as a real <style> and run the script.)
 * Not by renaming the typed tag to one that is not allowed: sanitize-html then keeps the new name
 * for the next element that closes at that depth (`<p>y</p>` came out as `<p>y</risala-refused>`).
 * Whatever the cause, no tag of ours leaves the sanitiser (INTERNAL_TAG).
 */
const STYLE_PLACEHOLDER = 'risala-style';
/** a tag of ours in sanitised output: a placeholder that was not turned back (never expected) */
const INTERNAL_TAG = /<\/?risala-[^>]*>/gi;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'html',
    'head',
    'body',
    'title',
    'meta',
    STYLE_PLACEHOLDER,
    'center',
    'div',
    'span',
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'small',
    'big',
    'font',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'col',
    'colgroup',
    'figure',
    'figcaption',
    'mark',
    'abbr',
  ],
  allowedAttributes: {
    '*': [
      'style',
      'class',
      'dir',
      'lang',
      'align',
      'valign',
      'title',
      'id',
      'width',
      'height',
      'bgcolor',
      'role',
      'aria-label',
      'aria-hidden',
      'aria-roledescription',
    ],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'border'],
    table: ['border', 'cellpadding', 'cellspacing', 'role', 'summary'],
    td: ['colspan', 'rowspan', 'nowrap'],
    th: ['colspan', 'rowspan', 'scope', 'nowrap'],
    col: ['span'],
    colgroup: ['span'],
    font: ['color', 'face', 'size'],
    meta: ['charset', 'name', 'content'],
    ol: ['start', 'type'],
    [STYLE_PLACEHOLDER]: ['media'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'cid', 'data'] },
  allowProtocolRelative: false,
  allowedStyles: ALLOWED_STYLES,
  // a <meta> left without attributes (http-equiv and the like removed) says nothing; a typed
  // placeholder (frame.tag is the name as written) is no element of ours: its content stays
  exclusiveFilter: (frame) =>
    frame.tag === STYLE_PLACEHOLDER ? 'excludeTag' : frame.tag === 'meta' && Object.keys(frame.attribs).length === 0,
  nonTextTags: ['script', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  // called with the tag's original name
  textFilter: (text, tagName) => (tagName === 'style' || tagName === STYLE_PLACEHOLDER ? cleanStyleBlock(text) : text),
  transformTags: {
    style: STYLE_PLACEHOLDER,
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      if (/^data:/i.test(src) && !RASTER_DATA_URL.test(src)) {
        const { src: _dropped, ...rest } = attribs;
        return { tagName, attribs: rest };
      }
      return { tagName, attribs };
    },
    meta: (tagName, attribs) => ({ tagName, attribs: safeMeta(attribs) }),
    a: (tagName, attribs) => (attribs.target ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs }),
  },
};

function sanitize(html: string): string {
  const lifted = liftConditionalComments(html, CONDITIONAL_RULES);
  return lifted
    .restore(sanitizeHtml(lifted.html, OPTIONS))
    .replace(
      /<risala-style([^>]*)>([^<]*)<\/risala-style>/g,
      (_m, attrs: string, css: string) => `<style${attrs}>${unescapeText(css)}</style>`,
    )
    .replace(INTERNAL_TAG, '');
}

export function sanitizeEmailHtml(html: string): string {
  return sanitize(html).trim();
}

/** A sanitised body a reader would see something of: text or an image. */
export function hasVisibleContent(cleanHtml: string): boolean {
  return Boolean(htmlToText(cleanHtml)) || /<img\s/i.test(cleanHtml);
}

/** The placeholders renderVariables replaces (`{{name}}`, `{{name|fallback}}`). */
const PLACEHOLDER = /\{\{[^{}]*\}\}/g;

/**
 * Whether each placeholder of sanitised HTML lies inside one text node: then a value filled in
 * HTML-escaped stays text. One in an attribute (href="{{url}}" could become javascript:), in a
 * <style> block, or spanning markup (its fallback would splice tags) is not.
 */
export function placeholdersOnlyInText(cleanHtml: string): boolean {
  // text has < and > escaped, so a placeholder holding either crosses markup
  for (const m of cleanHtml.matchAll(PLACEHOLDER)) if (/[<>]/.test(m[0])) return false;
  let inText = true;
  sanitizeHtml(cleanHtml, {
    allowedTags: false,
    allowVulnerableTags: true, // only read, never output
    allowedAttributes: false,
    onOpenTag: (_name, attribs) => {
      if (Object.values(attribs).some((v) => v.includes('{{'))) inText = false;
    },
    textFilter: (text, tag) => {
      if (tag === 'style' && text.includes('{{')) inText = false;
      return text;
    },
  });
  return inText;
}

/** Plain text of an HTML fragment: block ends become line breaks, tags go, entities decode. */
export function htmlToText(html: string): string {
  const marked = html
    .replace(/<style[\s\S]*?<\/style>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table|blockquote|pre)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<\/t[dh]>/gi, ' ');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(x?)([0-9a-f]+);/gi, (_m, hex: string, code: string) => String.fromCodePoint(Number.parseInt(code, hex ? 16 : 10)))
    .replace(/&amp;/g, '&');
}

/** Base styles every rendition gets, so mail clients without <style> support still look right. */
const BASE_CSS = `
body { margin: 0; padding: 16px; font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1f2933; }
img { max-width: 100%; height: auto; border: 0; }
table { border-collapse: collapse; }
a { color: #1c7ed6; }
`;

/**
 * The HTML a mail client receives: sanitised, wrapped in a document, CSS inlined by juice. A whole
 * document (the builder's, or one written as source) brings its own look: the base styles dress
 * fragments only (they would pad and re-font the builder's layout).
 */
export function inlineEmailHtml(html: string, dir: 'ltr' | 'rtl' = 'ltr'): string {
  const whole = /<html[\s>]/i.test(html);
  const doc = whole ? html : `<!doctype html><html dir="${dir}"><head><meta charset="utf-8"></head><body>${html}</body></html>`;
  const inlined = juice(doc, {
    ...(whole ? {} : { extraCss: BASE_CSS }),
    removeStyleTags: true,
    preserveMediaQueries: true,
    applyWidthAttributes: true,
  });
  // juice may only move vetted CSS around; sanitising again keeps the guarantee obvious
  const clean = sanitize(inlined);
  return `<!doctype html>${clean}`;
}
