import { Anchor } from '@mantine/core';
import { type AnchorHTMLAttributes, Children, type HTMLAttributes } from 'react';
import Markdown from 'react-markdown';
import { Link } from 'react-router';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { textDir } from '../../lib/text-direction.ts';
import './markdown.css';

/**
 * An answer in Markdown, rendered safely: raw HTML is never rendered (react-markdown escapes it and
 * rehype-sanitize strips what is left), links into the app (/campaign/12) navigate in place, other
 * links open in a new tab.
 */
function AppLink({ href = '', children }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Anchor component={Link} to={href} size="sm">
        {children}
      </Anchor>
    );
  }
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
      {children}
    </Anchor>
  );
}

/** Inline code holds quoted messages (a plan's SMS in Arabic inside an English line): laid out, isolated, in its own direction. */
function QuotedCode({ children, className }: HTMLAttributes<HTMLElement>) {
  const text = Children.toArray(children)
    .filter((c) => typeof c === 'string')
    .join('');
  return (
    <code className={className} dir={textDir(text)}>
      {children}
    </code>
  );
}

/** `dir`: the text's own direction when it is known (a long text in one language), else each reader's first letter decides. */
export function SafeMarkdown({ text, className = '', dir = 'auto' }: { text: string; className?: string; dir?: 'auto' | 'ltr' | 'rtl' }) {
  return (
    <div className={`safe-markdown ${className}`} dir={dir}>
      <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]} components={{ a: AppLink, code: QuotedCode }}>
        {text}
      </Markdown>
    </div>
  );
}
