import { Text, type TextProps } from '@mantine/core';
import { textDir } from '../../lib/text-direction.ts';
import { messageRuns } from './message-runs.ts';

/**
 * A message as its reader will see it (an SMS, a WhatsApp body, a subject): in its own direction
 * (the first letter outside placeholders and links), with each placeholder and link isolated left
 * to right, so Arabic text with `{{first_name|…}}`, links and "20٪" keeps its order.
 */
export function MessageText({ text, testId, ...props }: { text: string; testId?: string } & TextProps) {
  const dir = textDir(text) ?? 'auto';
  return (
    <Text {...props} dir={dir} style={{ whiteSpace: 'pre-wrap', textAlign: 'start', unicodeBidi: 'isolate' }} data-testid={testId}>
      {messageRuns(text).map((r, i) =>
        r.kind === 'text' ? (
          r.text
        ) : (
          <bdi key={i} dir="ltr" data-run={r.kind}>
            {r.text}
          </bdi>
        ),
      )}
    </Text>
  );
}
