import { describe, expect, it } from 'vitest';
import { dangers, SAFE_EMAIL, XSS_CORPUS, XSS_VECTORS } from '../../test/xss-corpus.ts';
import { emailHtmlRenderer } from './email-render.ts';
import { htmlToText, inlineEmailHtml, sanitizeEmailHtml as clean } from './sanitize.ts';

/** Nothing executable may survive: no script, no on* handler, no script-capable URL or CSS. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script|<iframe|<svg|<object|<embed|<form|<math|<meta[^>]*http-equiv/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/(?:href|src)\s*=\s*"\s*(?:javascript|vbscript|data:text)/i);
  expect(html).not.toMatch(/expression\s*\(|javascript:|@import/i);
}

describe('sanitizeEmailHtml — XSS payloads are neutralised', () => {
  const payloads: [name: string, input: string, expected: string][] = [
    ['script tag', '<p>Hi<script>alert(document.cookie)</script></p>', '<p>Hi</p>'],
    ['script with odd casing and attributes', '<ScRiPt src="https://evil.example/x.js"></sCrIpT><p>ok</p>', '<p>ok</p>'],
    ['img onerror', '<img src=x onerror=alert(1)>', '<img src="x" />'],
    ['event handlers in any case', '<p onclick="steal()" OnMouseOver="x()" onfocus=y>p</p>', '<p>p</p>'],
    ['javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['javascript: with a tab entity', '<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['javascript: with newline and spaces', '<a href="  java\nscript:alert(1)">x</a>', '<a>x</a>'],
    [
      'javascript: as decimal entities',
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
      '<a>x</a>',
    ],
    ['javascript: with a null byte', '<a href="java\0script:alert(1)">x</a>', '<a>x</a>'],
    ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['data:text/html link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', '<a>x</a>'],
    ['protocol-relative link', '<a href="//evil.example">x</a>', '<a>x</a>'],
    ['svg onload', '<svg onload=alert(1)><circle r="1"/></svg><p>after</p>', '<p>after</p>'],
    ['svg image in img data url', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">', '<img />'],
    ['iframe', '<iframe src="https://evil.example"></iframe><p>x</p>', '<p>x</p>'],
    ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['object and embed', '<object data="x.swf"></object><embed src="x.swf">', ''],
    ['form and input', '<form action="https://evil.example"><input name="card"><button>Pay</button></form>', 'Pay'],
    ['style expression()', '<div style="width: expression(alert(1)); color: red">x</div>', '<div style="color:red">x</div>'],
    ['style url(javascript:)', '<div style="background-image: url(javascript:alert(1))">x</div>', '<div>x</div>'],
    ['style with comments splitting expression', '<div style="width: expr/**/ession(alert(1))">x</div>', '<div>x</div>'],
    ['style with CSS escapes', '<div style="background: \\75 rl(javascript:alert(1))">x</div>', '<div>x</div>'],
    ['style -moz-binding', '<div style="-moz-binding: url(https://evil.example/x.xml#x)">x</div>', '<div>x</div>'],
    ['<style> with @import', '<style>@import url(https://evil.example/x.css);</style><p>x</p>', '<style></style><p>x</p>'],
    ['<style> with expression()', '<style>p { width: expression(alert(1)) }</style><p>x</p>', '<style></style><p>x</p>'],
    ['<style> breaking out', '<style>p{}</style><script>alert(1)</script>', '<style>p{}</style>'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>x</p>', '<p>x</p>'],
    ['base href', '<base href="https://evil.example/"><p>x</p>', '<p>x</p>'],
    ['mutation XSS via noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
    ['math/style confusion', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['textarea breakout', '<textarea></textarea><img src=x onerror=alert(1)>', '<img src="x" />'],
  ];
  for (const [name, input, expected] of payloads) {
    it(name, () => {
      const out = clean(input);
      expect(out).toBe(expected);
      expectInert(out);
    });
  }

  it('adds rel=noopener to links that open a new window', () => {
    expect(clean('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

describe('sanitizeEmailHtml — normal email HTML survives', () => {
  it('keeps a table layout with inline styles, images, links and placeholders', () => {
    const email =
      '<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" align="center" bgcolor="#ffffff" style="border-collapse:collapse;max-width:600px">' +
      '<tr><td style="padding:24px;font-family:Arial, sans-serif;color:#333333" align="left" valign="top">' +
      '<img src="https://cdn.example.com/logo.png" alt="Logo" width="120" height="40" style="display:block;border:0">' +
      '<h1 style="font-size:22px;margin:0 0 12px">Hi {{first_name|Friend}}</h1>' +
      '<p>Shop the <strong>sale</strong> <em>today</em>, <u>only</u> in {{city}}.</p>' +
      '<ul><li>One</li><li>Two</li></ul>' +
      '<a href="https://shop.example.com/?utm_source=email&amp;n={{first_name}}" style="background-color:#1c7ed6;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">Shop now</a>' +
      ' <a href="mailto:help@example.com">Email us</a> <a href="tel:+966500000000">Call</a>' +
      '</td></tr></table>';
    expect(clean(email)).toBe(
      email.replace(
        '<img src="https://cdn.example.com/logo.png" alt="Logo" width="120" height="40" style="display:block;border:0">',
        '<img src="https://cdn.example.com/logo.png" alt="Logo" width="120" height="40" style="display:block;border:0" />',
      ),
    );
  });

  it('keeps raster data: images, cid: images and https background images', () => {
    const png = '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==" alt="x" />';
    expect(clean(png)).toBe(png);
    expect(clean('<img src="cid:logo@risala" />')).toBe('<img src="cid:logo@risala" />');
    expect(clean('<td style="background-image:url(https://cdn.example.com/bg.png)">x</td>')).toContain(
      'url(https://cdn.example.com/bg.png)',
    );
  });

  it('keeps harmless <style> blocks (for juice) and right-to-left markup', () => {
    expect(clean('<style>.btn > a { color: #fff }</style>')).toBe('<style>.btn > a { color: #fff }</style>');
    expect(clean('<div dir="rtl" lang="ar" style="text-align:right">مرحبا {{first_name}}</div>')).toBe(
      '<div dir="rtl" lang="ar" style="text-align:right">مرحبا {{first_name}}</div>',
    );
  });
});

describe('inlineEmailHtml', () => {
  it('inlines <style> rules and base styles with juice and wraps a document', () => {
    const out = inlineEmailHtml(clean('<style>.btn{color:#ffffff}</style><a class="btn" href="https://x.example">Go</a>'), 'rtl');
    expect(out).toMatch(/^<!doctype html><html dir="rtl">/);
    expect(out).toContain('<a class="btn" href="https://x.example" style="color:#ffffff">Go</a>');
    expect(out).toMatch(/<body style="[^"]*font-family:Arial/);
    expect(out).not.toContain('<style');
  });
});

describe('htmlToText', () => {
  it('turns blocks into lines and decodes entities', () => {
    expect(htmlToText('<h1>Hi &amp; welcome</h1><p>Line<br>two</p><ul><li>a</li><li>b</li></ul><style>p{}</style>')).toBe(
      'Hi & welcome\nLine\ntwo\n• a\n• b',
    );
  });
});

describe('the XSS corpus (test/xss-corpus.ts) — every entry inert after sanitising', () => {
  it('the oracle sees each raw vector as dangerous, and the editors’ email as safe', () => {
    for (const [name, input] of XSS_VECTORS) expect(dangers(input), name).not.toEqual([]);
    expect(dangers(SAFE_EMAIL)).toEqual([]);
  });

  for (const [name, input] of XSS_CORPUS) {
    it(name, () => {
      expect(dangers(clean(input)), 'sanitizeEmailHtml').toEqual([]);
      expect(dangers(inlineEmailHtml(input)), 'inlineEmailHtml').toEqual([]);
      expect(clean(input)).not.toMatch(/<\/?risala-/i);
      expect(clean(`${input}<p>after</p>`)).not.toMatch(/<\/?risala-/i);
    });
  }

  it('the sanitiser’s own <style> handling still keeps a typed <style> block', () => {
    expect(clean('<style>p { color: red }</style><p>x</p>')).toBe('<style>p { color: red }</style><p>x</p>');
    expect(clean('<risala-style>p { color: red }</risala-style><p>x</p>')).not.toContain('<style');
  });

  it('a typed placeholder is left out, and the elements after it close as themselves', () => {
    expect(clean('<risala-style>x</risala-style><p>y</p>')).toBe('x<p>y</p>');
    expect(clean('<div><risala-style><b>x</b></risala-style><p>y</p><p>z</p></div>')).toBe('<div><b>x</b><p>y</p><p>z</p></div>');
    expect(clean('<p>a</p><risala-style media="print">x</risala-style><h2>y</h2>')).toBe('<p>a</p>x<h2>y</h2>');
    expect(clean('<risala-refused>x</risala-refused><p>y</p>')).toBe('x<p>y</p>');
    expect(clean('<style>p{}</style><risala-style>x</risala-style><p>y</p>')).toBe('<style>p{}</style>x<p>y</p>');
  });
});

describe('emailHtmlRenderer — a value can never become markup, a URL or CSS', () => {
  const evil = { first_name: 'javascript:alert(1)', city: '"><script>alert(1)</script>', url: 'javascript:alert(1)' };

  it('fills placeholders that sit in text once-sanitised, values escaped', () => {
    const out = emailHtmlRenderer('<p>Hi {{first_name}} from {{city|Riyadh}}</p>')(evil);
    expect(out).toContain('Hi javascript:alert(1) from &quot;&gt;&lt;script&gt;');
    expect(dangers(out)).toEqual([]);
  });

  it('sanitises again after filling a placeholder in an attribute, a <style> block or across markup', () => {
    for (const html of [
      '<a href="{{url}}">x</a>',
      '<img src="{{url}}" />',
      '<p style="background:url({{url}})">x</p>',
      '<style>p { background: url({{url}}) }</style><p>x</p>',
      '<p>{{x|<a href="}}javascript:alert(1)">x</a></p>',
    ]) {
      const render = emailHtmlRenderer(html);
      expect(dangers(render(evil)), html).toEqual([]);
      expect(dangers(render({})), html).toEqual([]);
    }
  });

  it('keeps the editors’ email whole: tables, inline styles, rtl, links, images and its variables', () => {
    const out = emailHtmlRenderer(SAFE_EMAIL)({ first_name: 'سارة', city: 'جدة' });
    expect(out).toMatch(/^<!doctype html><html dir="ltr">/); // the cell carries its own dir: the document keeps ltr
    for (const part of [
      'role="presentation"',
      'dir="rtl"',
      'مرحبًا سارة',
      'في جدة',
      'src="https://cdn.example.com/logo.png"',
      'src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUg=="',
      'href="https://shop.example.com/?utm_source=email"',
      'background-color:#1c7ed6',
    ]) {
      expect(out, part).toContain(part);
    }
    expect(emailHtmlRenderer(SAFE_EMAIL)()).toContain('{{first_name|صديقنا}}');
  });
});
