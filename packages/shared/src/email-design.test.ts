import { describe, expect, it } from 'vitest';
import {
  BLOCK_IDS,
  blockMjml,
  emailTheme,
  mjmlAttr,
  networkOf,
  socialElement,
  starterDesign,
  textOn,
  UNSUBSCRIBE_PLACEHOLDER,
  unfinishedLinks,
} from './email-design.ts';

const texts = {
  heading: 'Hi',
  paragraph: 'Body',
  column: 'Col',
  button: 'Go',
  imageAlt: 'Pic',
  footer: 'Why you get this',
  unsubscribe: 'Unsubscribe',
};
const base = 'https://app.example';

describe('the email design model', () => {
  it('takes the brand colour for buttons, with text that reads on it, and its logo in the header', () => {
    const dark = emailTheme(
      { name: 'Dune', colors: ['not a colour', '#7a3e12'], logo_url: 'https://cdn.example/logo.png' },
      'ltr',
      `${base}/`,
    );
    expect(dark.primary).toBe('#7a3e12');
    expect(dark.onPrimary).toBe('#ffffff');
    expect(textOn('#ffe066')).toBe('#111111');
    expect(dark.assetBase).toBe(base);
    expect(blockMjml('button', dark, texts)).toContain('background-color="#7a3e12"');
    expect(blockMjml('header', dark, texts)).toContain('src="https://cdn.example/logo.png"');
    // no brand: the default look, the brand name (or heading) as text in a coloured band
    expect(blockMjml('header', emailTheme(null, 'ltr', base), texts)).toMatch(/<mj-text css-class="brand-logo"[^>]*>Hi</);
  });

  it('writes every block in the direction of the email', () => {
    const rtl = emailTheme(null, 'rtl', base);
    for (const id of BLOCK_IDS) {
      const mjml = blockMjml(id, rtl, texts);
      expect(mjml, id).not.toContain('align="left"');
      if (id.startsWith('columns') || id === 'header' || id === 'footer' || id === 'image-text')
        expect(mjml, id).toContain('direction="rtl"');
    }
    const doc = starterDesign(rtl, texts, 'ar');
    expect(doc).toMatch(/^<mjml lang="ar" dir="rtl">/);
    expect(doc).toContain(`href="${UNSUBSCRIBE_PLACEHOLDER}"`);
  });

  it('keeps what was written before when a design starts from it', () => {
    const doc = starterDesign(emailTheme(null, 'ltr', base), texts, 'en', '<p>Old {{first_name}}</p>');
    expect(doc).toContain('<p>Old {{first_name}}</p>');
    expect(doc).not.toContain('>Body<');
  });

  it('never lets a quote or angle bracket out of an attribute, and escapes text', () => {
    expect(mjmlAttr('a"b<c>', 'url')).toBe('a%22b%3Cc%3E');
    expect(mjmlAttr('say "hi"')).not.toContain('"');
    const t = emailTheme({ name: 'A & <B>', colors: [], logo_url: null }, 'ltr', base);
    expect(blockMjml('footer', t, texts)).toContain('A &amp; &lt;B&gt;');
    expect(socialElement(base, 'x', 'https://x.com/"onload=')).toContain('href="https://x.com/%22onload="');
    expect(networkOf('instagram-noshare')).toBe('instagram');
    expect(networkOf('myspace')).toBeNull();
  });
});

describe('unfinishedLinks', () => {
  it('counts links that go nowhere: a bare scheme or an empty address, not a real one', () => {
    const brand = { name: 'Bloom', colors: ['#0B7285'], logo_url: null };
    // the starter's button points at the brand's website; without one it is a bare scheme
    expect(unfinishedLinks(blockMjml('button', emailTheme(brand, 'ltr', ''), texts))).toBe(1);
    expect(unfinishedLinks(blockMjml('button', emailTheme({ ...brand, website: 'https://bloom.example' }, 'ltr', ''), texts))).toBe(0);
    expect(
      unfinishedLinks(`<a href="">x</a><a href='http://'>y</a><a href="https://a.example/">z</a><a href="{{unsubscribe_url}}">u</a>`),
    ).toBe(2);
  });
});
