import { Anchor } from '@mantine/core';
import { isAppPath } from '@risala/shared/markdown';
import { type AnchorHTMLAttributes, Children, type HTMLAttributes, type ImgHTMLAttributes } from 'react';
import Markdown from 'react-markdown';
import { Link } from 'react-router';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { textDir } from '../../lib/text-direction.ts';
import './markdown.css';

/**
 * An answer in Markdown, rendered safely. Its text may carry what an account's data holds (a group
 * named `VIP](https://evil.example/login)`) or what a model wrote, so: raw HTML is never rendered
 * (react-markdown escapes it and rehype-sanitize strips what is left), only links into the app
 * (/campaign/12) are links — any other link (another site, `//host`, a bare URL) is shown as its
 * text — and no image is loaded: an image shows as its description. The server escapes the
 * account's values before they go into Markdown (`mdText` in packages/shared/src/markdown.ts);
 * this renderer holds even when a text was not escaped.
 */
function AppLink({ href = '', children }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  if (!isAppPath(href)) return <span data-refused-link="">{children}</span>;
  return (
    <Anchor component={Link} to={href} size="sm">
      {children}
    </Anchor>
  );
}

/** An image in an answer is never fetched (it would tell another site who reads what): its description stays, as text. */
function NoImage({ alt }: ImgHTMLAttributes<HTMLImageElement>) {
  return alt ? <span data-refused-image="">{alt}</span> : null;
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
      <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]} components={{ a: AppLink, img: NoImage, code: QuotedCode }}>
        {text}
      </Markdown>
    </div>
  );
}
