import {
  BLOCK_IDS,
  type BlockTexts,
  blockMjml,
  type Direction,
  emailDocument,
  emailTheme,
  isSectionBlock,
  starterDesign,
  UNSUBSCRIBE_PLACEHOLDER,
} from '@risala/shared/email-design';
import mjml2html from 'mjml-browser';
import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { renderDesign } from './design.ts';
import { inlineEmailHtml, sanitizeEmailHtml as clean } from './sanitize.ts';

const texts: BlockTexts = {
  heading: 'Hello {{first_name|there}}',
  paragraph: 'Our weekend offer: 20% off for {{city}}.',
  column: 'Column',
  button: 'Shop now',
  imageAlt: 'Offer',
  footer: 'You receive this email because you subscribed.',
  unsubscribe: 'Unsubscribe',
};
const brand = {
  name: 'Acme',
  colors: ['#ffcc00', '#123456'],
  logo_url: 'https://app.example/api/s3/public/sig/acc_1/logo.png',
  website: 'https://acme.example',
};

/** Every block of the builder in one email, each block that goes in a column in a section of its own. */
function allBlocks(dir: Direction) {
  const theme = emailTheme(brand, dir, 'https://app.example');
  const sections = BLOCK_IDS.map((id) =>
    isSectionBlock(id) ? blockMjml(id, theme, texts) : `<mj-section><mj-column>${blockMjml(id, theme, texts)}</mj-column></mj-section>`,
  ).join('');
  return emailDocument(theme, sections, dir === 'rtl' ? 'ar' : 'en');
}

/** Each element as `tag[attribute=value]` lines and each style declaration, outside comments. */
function inventory(html: string) {
  const items: string[] = [];
  sanitizeHtml(html, {
    allowedTags: false,
    allowVulnerableTags: true, // read only
    allowedAttributes: false,
    onOpenTag: (tag, attribs) => {
      items.push(tag);
      for (const [name, value] of Object.entries(attribs)) {
        if (name === 'style') for (const d of value.split(';').filter((x) => x.trim())) items.push(`${tag}{${d.replace(/\s+/g, '')}}`);
        else items.push(`${tag}[${name}=${value}]`);
      }
    },
  });
  return items;
}

const conditionals = (html: string) => html.match(/<!--\[if !mso\]><!-->|<!--\[if[\s\S]*?<!\[endif\]-->|<!--<!\[endif\]-->/g) ?? [];

describe('the builder output passes the sanitiser unharmed', () => {
  for (const dir of ['ltr', 'rtl'] as const) {
    it(`keeps every element, attribute, style and Outlook comment of every block (${dir})`, async () => {
      const raw = (await mjml2html(allBlocks(dir), { validationLevel: 'strict', fonts: {}, keepComments: false })).html;
      const kept = clean(raw);
      // what is dropped on purpose: XML namespaces (no VML is used), http-equiv metas (one becomes <meta charset>), style's type
      const dropped = (item: string) => /^html\[xmlns|^meta|^style\[type=|^a\[rel=noopener/.test(item); // rel is added
      const before = inventory(raw).filter((x) => !dropped(x));
      const after = inventory(kept).filter((x) => !dropped(x));
      expect(after).toEqual(before);
      expect(conditionals(kept)).toEqual(conditionals(raw));
      expect(conditionals(kept).length).toBeGreaterThan(10);
      expect(kept).toContain('<meta charset="utf-8" />');
      expect(kept).toContain(`href="${UNSUBSCRIBE_PLACEHOLDER}"`);
      expect(kept).toContain('{{first_name|there}}');
      if (dir === 'rtl') expect(kept).toMatch(/<html lang="ar" dir="rtl">/);
    });
  }

  it('renders through the server: responsive columns survive inlining, placeholders stay', async () => {
    const html = inlineEmailHtml(await renderDesign(starterDesign(emailTheme(brand, 'rtl', 'https://app.example'), texts, 'ar')), 'rtl');
    expect(html).toMatch(/@media only screen and \(min-width:480px\)/);
    expect(html).toContain('mj-column-per-100');
    expect(html).toContain('<!--[if mso | IE]><table');
    expect(html).toContain('direction:rtl');
    expect(html).toContain('src="https://app.example/api/s3/public/sig/acc_1/logo.png"');
    // the builder's document keeps its own look: no base padding around it
    expect(html).not.toMatch(/<body style="[^"]*padding:16px/);
  });

  it('refuses what is not MJML and reads no files', async () => {
    await expect(renderDesign('<p>hello</p>')).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    const html = await renderDesign(
      '<mjml><mj-body><mj-include path="/etc/passwd" /><mj-section><mj-column><mj-text>ok</mj-text></mj-column></mj-section></mj-body></mjml>',
    );
    expect(html).toContain('ok');
    expect(html).not.toContain('root:');
  });
});

describe('conditional comments: only Outlook layout is kept, all or nothing', () => {
  const skeleton =
    '<!--[if mso | IE]><table role="presentation" border="0"><tr><td style="width:600px;"><![endif]--><p>x</p><!--[if mso | IE]></td></tr></table><![endif]-->';

  it('keeps layout tables and the revealed form', () => {
    expect(clean(skeleton)).toBe(skeleton);
    const revealed = '<!--[if !mso]><!--><p>not outlook</p><!--<![endif]-->';
    expect(clean(revealed)).toBe(revealed);
  });

  const bad: [string, string][] = [
    ['a script', '<!--[if mso]><script>alert(1)</script><![endif]-->'],
    ['an event handler', '<!--[if mso]><td onclick="alert(1)"><![endif]-->'],
    ['a link', '<!--[if mso]><a href="javascript:alert(1)">x</a><![endif]-->'],
    ['an image', '<!--[if mso]><img src="https://evil.example/p.gif"><![endif]-->'],
    ['unsafe CSS in a style attribute', '<!--[if mso]><td style="background:url(http://evil.example/x)"><![endif]-->'],
    ['an entity in an attribute', '<!--[if mso]><td style="color:&#x72;ed"><![endif]-->'],
    ['unsafe CSS in a style block', '<!--[if mso]><style>td{behavior:url(x.htc)}</style><![endif]-->'],
    ['a style block that never closes', '<!--[if mso]><style>td{}<![endif]-->'],
    ['an unknown condition', '<!--[if (gte mso 9)|(IE)]><table><![endif]-->'],
    ['VML', '<!--[if mso]><v:rect href="https://evil.example"></v:rect><![endif]-->'],
    ['a revealed comment left open', '<!--[if !mso]><!--><p>x</p>'],
  ];
  for (const [name, comment] of bad) {
    it(`drops every one when one holds ${name}`, () => {
      const out = clean(`${skeleton}${comment}`);
      expect(out).not.toContain('<!--');
      expect(out).toContain('<p>x</p>');
    });
  }

  it('never puts a comment back inside an attribute or a <style>', () => {
    const inAttribute = '<p title="<!--[if mso]><table><![endif]-->">x</p>';
    expect(clean(inAttribute)).not.toContain('<!--');
    const inStyle = '<style>p{color:red}<!--[if mso]><table><![endif]--></style><p>x</p>';
    expect(clean(inStyle)).not.toContain('<!--');
  });

  it('a marker typed into the text stays text', () => {
    expect(clean('<p>risalacc0n0x</p>')).toBe('<p>risalacc0n0x</p>');
  });

  it('plain comments go', () => {
    expect(clean('<p>a<!-- note --></p>')).toBe('<p>a</p>');
  });
});
