import { Anchor, Stack, Text } from '@mantine/core';
import type { QueryRun } from '@risala/shared/schemas/ai-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Under an answer: each typed question it ran, in words ("customers · language = Arabic · count"),
 * with a link to the screen that lists the same rows — so a marketer sees what was counted.
 */
export function QueryCaptions({ queries }: { queries: QueryRun[] }) {
  const { t } = useTranslation();
  if (queries.length === 0) return null;
  return (
    <Stack gap={2} mt={4} aria-label={t('ai.chat.query.label')} data-testid="chat-queries">
      {queries.map((q, i) => (
        <Text key={`${i}:${q.words}`} size="xs" c="dimmed" dir="auto" data-testid="chat-query">
          {t('ai.chat.query.caption', { words: q.words })}
          {q.url && (
            <>
              {' · '}
              <Anchor component={Link} to={q.url} size="xs" data-testid="chat-query-link">
                {t('ai.chat.query.open')}
              </Anchor>
            </>
          )}
        </Text>
      ))}
    </Stack>
  );
}
