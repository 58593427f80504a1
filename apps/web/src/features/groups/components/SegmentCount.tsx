import { Group, Loader, Paper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SegmentRules } from '@risala/shared/schemas/groups';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n.ts';
import { usePreviewCount } from '../api/preview-count.ts';

/** The live audience count of rules being edited: asked 400 ms after the last change. */
export function SegmentCount({ rules }: { rules: SegmentRules | null }) {
  const { t, i18n } = useTranslation();
  const [debounced] = useDebouncedValue(rules, 400);
  const settled = JSON.stringify(debounced) === JSON.stringify(rules);
  const count = usePreviewCount(debounced);
  const busy = !settled || count.isFetching;

  let text: React.ReactNode;
  if (rules === null)
    text = (
      <Text c="dimmed" size="sm">
        {t('groups.count.incomplete')}
      </Text>
    );
  else if (count.isError)
    text = (
      <Text c="red" size="sm">
        {t('groups.count.failed')}
      </Text>
    );
  else if (count.data === undefined)
    text = (
      <Text c="dimmed" size="sm">
        {t('groups.count.counting')}
      </Text>
    );
  else {
    text = (
      <Text size="sm">
        <Text span fw={700} size="lg" data-testid="segment-count" data-count={count.data} data-busy={busy ? 'true' : 'false'}>
          {count.data.toLocaleString(intlLocale(i18n.language))}
        </Text>{' '}
        {t('groups.count.customers', { count: count.data })}
      </Text>
    );
  }
  return (
    <Paper withBorder radius="md" p="sm" aria-live="polite" data-testid="segment-count-box">
      <Group gap="sm">
        <IconUsers size={20} />
        <Text size="sm" fw={600}>
          {t('groups.count.title')}
        </Text>
        {text}
        {busy && rules !== null && <Loader size="xs" />}
      </Group>
    </Paper>
  );
}
