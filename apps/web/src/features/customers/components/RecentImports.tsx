import { Anchor, Badge, Paper, Table, Text, Title } from '@mantine/core';
import type { ImportJob } from '@risala/shared/schemas/customers';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { intlLocale } from '../../../lib/i18n.ts';
import { useRecentImports } from '../api/imports.ts';
import { Moment } from '../../../components/time/Moment.tsx';

const COLOR: Record<ImportJob['status'], string> = {
  UPLOADED: 'gray',
  VALIDATING: 'blue',
  IMPORTING: 'blue',
  COMPLETED: 'teal',
  REJECTED: 'red',
  FAILED: 'red',
};

/** The account's last few imports under the upload: each opens its progress, result and error report. */
export function RecentImports() {
  const { t } = useTranslation();
  const recent = useRecentImports(5);
  const items = recent.data ?? [];
  if (items.length === 0) return null;
  const n = (v: number) => v.toLocaleString(intlLocale());
  return (
    <Paper withBorder radius="md" p="lg" data-testid="recent-imports">
      <Title order={2} size="h5" mb="sm">
        {t('customers.import.recent.title')}
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('customers.import.recent.file')}</Table.Th>
              <Table.Th>{t('customers.import.recent.when')}</Table.Th>
              <Table.Th>{t('customers.import.recent.status')}</Table.Th>
              <Table.Th>{t('customers.import.recent.result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((job) => (
              <Table.Tr key={job.id} data-testid="recent-import">
                <Table.Td>
                  {job.status === 'UPLOADED' ? (
                    <bdi>{job.file_name ?? `#${job.id}`}</bdi>
                  ) : (
                    <Anchor component={Link} to={`/customer/import?job=${job.id}`} size="sm">
                      <bdi>{job.file_name ?? `#${job.id}`}</bdi>
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    <Moment at={job.started_at ?? job.created_at} />
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={COLOR[job.status]} tt="none">
                    {t(`customers.import.status.${job.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {job.status === 'COMPLETED' && (
                    <Text size="sm">
                      {t('customers.import.recent.counts', {
                        inserted: n(job.inserted_rows),
                        updated: n(job.updated_rows),
                        failed: n(job.failed_rows),
                      })}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
