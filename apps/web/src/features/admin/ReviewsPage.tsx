import { Alert, Anchor, Badge, Button, Group, Paper, ScrollArea, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import type { ReviewItem } from '@risala/shared/schemas/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmModal } from '../../components/page/ConfirmModal.tsx';
import { formatDate } from '../../lib/i18n.ts';
import { useDecide, useReviewQueues } from './api.ts';

/** An item an operator can decide here (WhatsApp templates are decided by Meta: listed only). */
type Decidable = ReviewItem & { kind: 'sms_sender' | 'batch' };
const decidable = (i: ReviewItem): i is Decidable => i.kind === 'sms_sender' || i.kind === 'batch';

function Queue({
  title,
  items,
  testId,
  onReject,
}: {
  title: string;
  items: ReviewItem[];
  testId: string;
  onReject: (item: Decidable) => void;
}) {
  const { t } = useTranslation();
  const decide = useDecide();
  const canDecide = items.some(decidable);
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
                {canDecide && <Table.Th>{t('admin.reviews.decision')}</Table.Th>}
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
                  {decidable(i) && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          color="green"
                          loading={decide.isPending && decide.variables?.id === i.id && decide.variables.kind === i.kind}
                          onClick={() => decide.mutate({ kind: i.kind, id: i.id, decision: { decision: 'approve' } })}
                          aria-label={t('admin.reviews.approveItem', { item: i.label })}
                          data-testid={`admin-approve-${i.kind}-${i.id}`}
                        >
                          {t('admin.reviews.approve')}
                        </Button>
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          onClick={() => onReject(i)}
                          aria-label={t('admin.reviews.rejectItem', { item: i.label })}
                          data-testid={`admin-reject-${i.kind}-${i.id}`}
                        >
                          {t('admin.reviews.reject')}
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {decide.error && (
        <Text c="red" size="sm" mt="xs" role="alert">
          {decide.error.message}
        </Text>
      )}
    </Paper>
  );
}

/** /admin/reviews: what waits for the platform across every account. */
export function ReviewsPage() {
  const { t } = useTranslation();
  const q = useReviewQueues();
  const decide = useDecide();
  const [rejecting, setRejecting] = useState<Decidable | null>(null);
  const [reason, setReason] = useState('');
  const reject = async () => {
    if (!rejecting) return;
    await decide.mutateAsync({ kind: rejecting.kind, id: rejecting.id, decision: { decision: 'reject', reason: reason.trim() } });
    setRejecting(null);
    setReason('');
  };
  const openReject = (item: Decidable) => {
    decide.reset();
    setReason('');
    setRejecting(item);
  };
  return (
    <Stack data-testid="admin-reviews">
      <Title order={2} size="h4">
        {t('admin.reviews.title')}
      </Title>
      {q.error && <Alert color="red">{q.error.message}</Alert>}
      {q.data && (
        <>
          <Queue title={t('admin.reviews.senders')} items={q.data.sms_senders} testId="admin-queue-senders" onReject={openReject} />
          <Queue
            title={t('admin.reviews.templates')}
            items={q.data.whatsapp_templates}
            testId="admin-queue-templates"
            onReject={openReject}
          />
          <Text size="sm" c="dimmed" mt={-8}>
            {t('admin.reviews.templatesByMeta')}
          </Text>
          <Queue title={t('admin.reviews.batches')} items={q.data.batches} testId="admin-queue-batches" onReject={openReject} />
        </>
      )}
      <ConfirmModal
        opened={rejecting !== null}
        title={t('admin.reviews.rejectTitle')}
        cancelLabel={t('admin.detail.cancel')}
        confirmLabel={t('admin.reviews.reject')}
        color="red"
        loading={decide.isPending}
        onCancel={() => setRejecting(null)}
        onConfirm={() => void reject().catch(() => undefined)}
        testId="admin-reject-confirm"
      >
        <Stack gap="xs">
          <Text>
            {t('admin.reviews.rejectWhat', { account: rejecting?.account_name ?? '' })} <bdi>{rejecting?.label}</bdi>
          </Text>
          <Textarea
            label={t('admin.reviews.reason')}
            description={t('admin.reviews.reasonHint')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            autosize
            minRows={2}
            data-autofocus
            data-testid="admin-reject-reason"
          />
          {decide.error && (
            <Text c="red" size="sm" role="alert">
              {decide.error.message}
            </Text>
          )}
        </Stack>
      </ConfirmModal>
    </Stack>
  );
}
