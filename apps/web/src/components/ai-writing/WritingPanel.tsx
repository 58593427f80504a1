import { Alert, Badge, Button, Group, Loader, Spoiler, Stack, Text } from '@mantine/core';
import { IconPlayerStop, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../page/ApiErrorAlert.tsx';
import { SafeMarkdown } from '../markdown/SafeMarkdown.tsx';
import type { WritingState } from './use-writing-stream.ts';

/**
 * A text the AI writes, shown as it is written: a live region (read when it settles), a Stop button
 * while it writes, who wrote it, and why the built-in text is shown when a model's was replaced.
 */
export function WritingPanel({
  state,
  fallbackText,
  engine,
  model,
  onCancel,
  testId,
  language,
  maxHeight,
}: {
  state: WritingState<unknown>;
  /** the text's language (its direction); the reader's when not known */
  language?: 'en' | 'ar';
  /** a long text is folded to this height, with "show all" */
  maxHeight?: number;
  /** the text to show before (or without) a new writing: the stored one */
  fallbackText: string;
  engine: string | null;
  model: string | null;
  onCancel: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const writing = state.status === 'writing';
  const text = state.status === 'idle' ? fallbackText : state.text || (writing ? '' : fallbackText);
  const who = state.engine ?? engine;
  const whoModel = state.model ?? model;
  return (
    <Stack gap="xs" data-testid={testId} data-status={state.status}>
      <Group justify="space-between" wrap="nowrap">
        <Badge
          variant="light"
          color={who === 'builtin' ? 'gray' : 'violet'}
          leftSection={<IconSparkles size={12} />}
          h="auto"
          maw="100%"
          styles={{ label: { whiteSpace: 'normal' } }}
          data-testid={`${testId}-engine`}
        >
          {who === 'builtin' || !who ? (
            t('ai.writing.builtin')
          ) : (
            <ModelLine text={t('ai.writing.model', { model: '\u0000' })} model={whoModel ?? ''} />
          )}
        </Badge>
        {writing && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t('ai.writing.writing')}
            </Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconPlayerStop size={14} />}
              onClick={onCancel}
              data-testid={`${testId}-cancel`}
            >
              {t('ai.writing.stop')}
            </Button>
          </Group>
        )}
      </Group>
      <div aria-live="polite" aria-busy={writing} data-testid={`${testId}-text`}>
        {maxHeight && !writing ? (
          <Spoiler maxHeight={maxHeight} showLabel={t('ai.writing.showAll')} hideLabel={t('ai.writing.showLess')}>
            <SafeMarkdown text={text} dir={language === 'ar' ? 'rtl' : language === 'en' ? 'ltr' : 'auto'} />
          </Spoiler>
        ) : (
          <SafeMarkdown text={text} dir={language === 'ar' ? 'rtl' : language === 'en' ? 'ltr' : 'auto'} />
        )}
      </div>
      {state.replaced && (
        <Alert color="yellow" data-testid={`${testId}-replaced`}>
          {state.replaced.startsWith('numbers') || state.replaced === 'links' || state.replaced === 'language' || state.replaced === 'empty'
            ? t('ai.writing.replacedRule')
            : t('ai.writing.replacedError')}
        </Alert>
      )}
      {state.status === 'cancelled' && (
        <Text size="sm" c="dimmed" data-testid={`${testId}-cancelled`}>
          {t('ai.writing.cancelled')}
        </Text>
      )}
      {state.status === 'error' && state.error && (
        <ApiErrorAlert error={state.error} fallback={t('ai.writing.failed')} testId={`${testId}-error`} />
      )}
    </Stack>
  );
}

/** The sentence with the model's name isolated (a Latin name inside Arabic keeps its place). */
function ModelLine({ text, model }: { text: string; model: string }) {
  const [before, after = ''] = text.split('\u0000');
  return (
    <>
      {before}
      <bdi data-user-text>{model}</bdi>
      {after}
    </>
  );
}
