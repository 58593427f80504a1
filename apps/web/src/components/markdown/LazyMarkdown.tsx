import { Text } from '@mantine/core';
import { lazy, Suspense } from 'react';

// The Markdown stack (react-markdown, remark, rehype: ~50 KB compressed) loads when the first
// answer is shown, not with every page of the standard layout.
const SafeMarkdown = lazy(() => import('./SafeMarkdown.tsx').then((m) => ({ default: m.SafeMarkdown })));

/** SafeMarkdown, loaded on first use; meanwhile the text shows as it is. */
export function LazyMarkdown({ text, className }: { text: string; className?: string }) {
  return (
    <Suspense
      fallback={
        <Text size="sm" className={className} style={{ whiteSpace: 'pre-wrap' }}>
          {text}
        </Text>
      }
    >
      <SafeMarkdown text={text} className={className} />
    </Suspense>
  );
}
