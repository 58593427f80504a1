import { MantineProvider } from '@mantine/core';
import { mdText } from '@risala/shared/markdown';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SafeMarkdown } from './SafeMarkdown.tsx';

const render = (text: string) =>
  renderToStaticMarkup(createElement(MantineProvider, null, createElement(MemoryRouter, null, createElement(SafeMarkdown, { text }))));

const HOSTILE = 'VIP](https://evil.example/login) ![p](https://evil.example/p.png?acct=A) [x';

describe('answers in Markdown', () => {
  it('loads no image and links nowhere outside the app, even from an unescaped name', () => {
    const html = render(`- [${HOSTILE}](/customers?group=4): **12**`);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toContain('href="https://evil.example');
    expect(html).toContain('data-refused-image');
  });

  it('shows links to other sites, protocol-relative links and bare URLs as text', () => {
    for (const text of [
      '[log in](https://evil.example/login)',
      '[x](//evil.example)',
      'see https://evil.example/x',
      '<https://evil.example>',
      'a@evil.example',
    ]) {
      const html = render(text);
      expect(html, text).not.toMatch(/<a\b/);
    }
    // `/\host` is another host to a browser: the renderer percent-encodes the backslash, a path here
    for (const [, href] of render('[x](/\\evil.example)').matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^\/(?![/\\])/);
  });

  it('keeps links into the app', () => {
    expect(render('[the report](/campaignhistory?campaign=12)')).toContain('href="/campaignhistory?campaign=12"');
  });

  it('an escaped name reads as the name, with no link and no image in it', () => {
    const html = render(`[${mdText(HOSTILE)}](/customers?group=4)`);
    expect(html).not.toMatch(/<img/i);
    expect(html.match(/<a\b/g)).toHaveLength(1);
    expect(html).toContain('href="/customers?group=4"');
    expect(html).toContain('VIP](https://evil.example/login) ![p](https://evil.example/p.png?acct=A) [x');
  });
});
