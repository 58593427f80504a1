import { describe, expect, it } from 'vitest';
import { isAppPath, mdCode, mdLink, mdQuote, mdText } from './markdown.ts';

const HOSTILE = 'VIP](https://evil.example/login) ![p](https://evil.example/p.png?acct=A) [x';

describe('account values in Markdown', () => {
  it('escapes every punctuation mark, so no link, image, emphasis or HTML can start in a value', () => {
    expect(mdText(HOSTILE)).toBe(
      'VIP\\]\\(https\\://evil\\.example/login\\) \\!\\[p\\]\\(https\\://evil\\.example/p\\.png?acct\\=A\\) \\[x',
    );
    expect(mdText("You don't have permission, do you?")).toBe("You don't have permission, do you?");
    expect(mdText('<img src=x onerror=alert(1)>')).toBe('\\<img src\\=x onerror\\=alert\\(1\\)\\>');
    expect(mdText('**bold** _it_ `code` | cell')).toBe('\\*\\*bold\\*\\* \\_it\\_ \\`code\\` \\| cell');
    expect(mdText('مجموعة الرياض')).toBe('مجموعة الرياض');
    expect(mdText(null)).toBe('');
  });

  it('turns line breaks into spaces (a value cannot start a heading, a list or a quote)', () => {
    expect(mdText('a\n# b\r\n> c\u2028- d')).toBe('a \\# b \\> c \\- d');
  });

  it('links only to a path in the product, its label as text', () => {
    expect(mdLink(HOSTILE, '/customers?group=4')).toBe(`[${mdText(HOSTILE)}](/customers?group=4)`);
    expect(mdLink('x', 'https://evil.example')).toBe('x');
    expect(mdLink('x', '//evil.example')).toBe('x');
    expect(mdLink('x', '/\\evil.example')).toBe('x');
    expect(mdLink('x', '/a b)(c')).toBe('[x](/a%20b%29%28c)');
    expect(isAppPath('/campaign/12')).toBe(true);
    expect(isAppPath('javascript:alert(1)')).toBe(false);
  });

  it('quotes a multi-line draft line by line, and fences code longer than any backtick run', () => {
    expect(mdQuote('Hi [x](https://e.example)\n\nBye')).toBe('> Hi \\[x\\]\\(https\\://e\\.example\\)\n>\n> Bye');
    expect(mdCode('plain')).toBe('`plain`');
    expect(mdCode('a`![x](https://e.example/p.png)`')).toBe('`` a`![x](https://e.example/p.png)` ``');
  });
});
