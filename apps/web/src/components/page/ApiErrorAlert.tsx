import { Alert } from '@mantine/core';
import { isApiError } from '../../lib/http.ts';
import { translateMessage } from '../../lib/i18n.ts';

/**
 * A refused request, inline: the server's message, then the field messages that add to it (an
 * error without field errors carries its own message as the only entry, spec §8: not shown twice).
 * `fallback` stands in for a network failure or a non-API error.
 */
export function ApiErrorAlert({ error, fallback, testId }: { error: unknown; fallback: string; testId?: string }) {
  const e = isApiError(error) ? error : null;
  const head = e && !e.isNetworkError ? e.message : fallback;
  const details = (e?.errors ?? [])
    .map((f) => ({ key: `${'field' in f ? f.field : ''}${f.message}`, text: translateMessage(f.message) }))
    .filter((f) => f.text && f.text !== head);
  return (
    <Alert color="red" data-testid={testId} data-code={e?.code}>
      {head}
      {details.map((f) => (
        <div key={f.key}>{f.text}</div>
      ))}
    </Alert>
  );
}
