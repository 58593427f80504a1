import { Alert, Anchor, Group, Loader, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/page/LoadError.tsx';
import { isNotFound } from '../../../components/page/NotFoundNote.tsx';
import { errorsCsvUrl, useImportJob } from '../api/imports.ts';
import { intlLocale } from '../../../lib/i18n.ts';

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {value.toLocaleString(intlLocale())}
      </Text>
    </div>
  );
}

/** Step 3: the live progress bar (polled), then the counts and the errors CSV link. */
export function ImportProgress({ id }: { id: number }) {
  const { t } = useTranslation();
  const job = useImportJob(id);
  if (job.isPending) return <Loader />;
  if (isNotFound(job.error)) {
    return (
      <Alert color="gray" variant="light" data-testid="import-not-found">
        {t('customers.import.notFound')}
      </Alert>
    );
  }
  if (job.isError) return <LoadError error={job.error} onRetry={() => void job.refetch()} />;
  const j = job.data;
  const running = j.status === 'VALIDATING' || j.status === 'IMPORTING';
  const percent = j.total_rows ? Math.min(100, Math.round((j.processed_rows / j.total_rows) * 100)) : 0;

  let result: ReactNode = null;
  if (j.status === 'COMPLETED') {
    result = (
      <Stack data-testid="import-result">
        <Group gap="xs">
          <IconCircleCheck color="var(--mantine-color-teal-6)" />
          <Text fw={600}>{t('customers.import.completed')}</Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Count label={t('customers.import.counts.total')} value={j.total_rows} testId="import-count-total" />
          <Count label={t('customers.import.counts.inserted')} value={j.inserted_rows} testId="import-count-inserted" />
          <Count label={t('customers.import.counts.updated')} value={j.updated_rows} testId="import-count-updated" />
          <Count label={t('customers.import.counts.failed')} value={j.failed_rows} testId="import-count-failed" />
        </SimpleGrid>
        {j.failed_rows > 0 && (
          <Anchor href={errorsCsvUrl(j.id)} download data-testid="import-errors-link">
            {t('customers.import.downloadErrors', { count: j.failed_rows })}
          </Anchor>
        )}
      </Stack>
    );
  } else if (j.status === 'UPLOADED') {
    result = (
      <Alert color="gray" variant="light" data-testid="import-not-started">
        {t('customers.import.notStarted')}
      </Alert>
    );
  } else if (!running) {
    result = (
      <Alert color="red" variant="light" title={t('customers.import.failed')} data-testid="import-result">
        {j.error_code ? t(`errors.${j.error_code}`, { defaultValue: j.error_message ?? '' }) : j.error_message}
      </Alert>
    );
  }

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t(`customers.import.status.${j.status}`)}
      </Text>
      <Progress
        value={running || j.status === 'UPLOADED' ? percent : 100}
        animated={running}
        size="lg"
        data-testid="import-progress"
        aria-valuenow={percent}
      />
      <Text size="sm" data-testid="import-progress-text">
        {t('customers.import.processed', {
          done: j.processed_rows.toLocaleString(intlLocale()),
          total: j.total_rows.toLocaleString(intlLocale()),
        })}
      </Text>
      {result}
    </Stack>
  );
}
