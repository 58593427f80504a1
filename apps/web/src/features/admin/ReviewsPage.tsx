import { Alert, Anchor, Badge, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { ReviewItem } from '@risala/shared/schemas/admin';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/i18n.ts';
import { useReviewQueues } from './api.ts';

function Queue({ title, items, testId }: { title: string; items: ReviewItem[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Group gap="xs" mb="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Badge variant="light">{items.length}</Badge>
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('admin.reviews.empty')}
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table miw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.reviews.account')}</Table.Th>
                <Table.Th>{t('admin.reviews.item')}</Table.Th>
                <Table.Th>{t('admin.reviews.detail')}</Table.Th>
                <Table.Th>{t('admin.reviews.waitingSince')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((i) => (
                <Table.Tr key={`${i.kind}-${i.id}`}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/accounts/${i.account_id}`}>
                      {i.account_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <bdi>{i.label}</bdi>
                  </Table.Td>
                  <Table.Td>{i.detail ?? '—'}</Table.Td>
                  <Table.Td>{formatDate(i.created_at, { dateStyle: 'medium', timeStyle: 'short' })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}

/** /admin/reviews: what waits for the platform across every account. */
export function ReviewsPage() {
  const { t } = useTranslation();
  const q = useReviewQueues();
  return (
    <Stack data-testid="admin-reviews">
      <Title order={2} size="h4">
        {t('admin.reviews.title')}
      </Title>
      {q.error && <Alert color="red">{q.error.message}</Alert>}
      {q.data && (
        <>
          <Queue title={t('admin.reviews.senders')} items={q.data.sms_senders} testId="admin-queue-senders" />
          <Queue title={t('admin.reviews.templates')} items={q.data.whatsapp_templates} testId="admin-queue-templates" />
          <Queue title={t('admin.reviews.batches')} items={q.data.batches} testId="admin-queue-batches" />
        </>
      )}
    </Stack>
  );
}
