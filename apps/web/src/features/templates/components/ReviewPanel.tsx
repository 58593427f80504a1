import { Button, Group, Loader, Modal, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import type { Template } from '@risala/shared/schemas/templates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/page/LoadError.tsx';
import { useSingleFlight } from '../../../lib/single-flight.ts';
import { useSession } from '../../../lib/session.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useReviewStatus } from '../api/get-review-status.ts';
import { type ReviewStep, useReviewTemplate } from '../api/review-actions.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { Moment } from '../../../components/time/Moment.tsx';

/** Status, the review buttons the caller's role and the status allow, and the review history. */
export function ReviewPanel({ template, dirty }: { template: Template; dirty: boolean }) {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const review = useReviewStatus(template.id);
  const action = useReviewTemplate();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');

  const canSubmit = can(permissions, 'template', 'update') && (template.status === 'DRAFT' || template.status === 'REJECTED');
  const canDecide = can(permissions, 'template', 'approve') && template.status === 'PENDING_REVIEW';

  // one review step at a time: a double-click must not send a second, refused step
  const once = useSingleFlight();
  const run = (step: ReviewStep, message: string) =>
    once((done) =>
      action.mutate(
        { id: template.id, step },
        {
          onSuccess: () => {
            showSuccessToast(message);
            setRejecting(false);
            setReason('');
          },
          onSettled: done,
        },
      ),
    );

  return (
    <Stack gap="sm" data-testid="review-panel">
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={600}>{t('templates.review.status')}</Text>
          <StatusBadge status={template.status} testId="template-status" />
        </Group>
        <Group gap="xs">
          {canSubmit && (
            <Button
              size="xs"
              onClick={() => run({ kind: 'submit' }, 'templates.review.submitted')}
              loading={action.isPending}
              disabled={dirty}
              title={dirty ? t('templates.review.saveFirst') : undefined}
              data-testid="template-submit-review"
            >
              {t('templates.review.submit')}
            </Button>
          )}
          {canDecide && (
            <>
              <Button
                size="xs"
                color="green"
                onClick={() => run({ kind: 'approve' }, 'templates.review.approved')}
                loading={action.isPending}
                data-testid="template-approve"
              >
                {t('templates.review.approve')}
              </Button>
              <Button size="xs" color="red" variant="light" onClick={() => setRejecting(true)} data-testid="template-reject">
                {t('templates.review.reject')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      {template.status === 'REJECTED' && template.rejection_reason && (
        <Text size="sm" c="red" data-testid="template-rejection-reason">
          {t('templates.review.reasonIs', { reason: template.rejection_reason })}
        </Text>
      )}
      {(template.status === 'APPROVED' || template.status === 'PENDING_REVIEW') && (
        <Text size="xs" c="dimmed">
          {t('templates.review.reopenNote')}
        </Text>
      )}

      <Text fw={600} size="sm">
        {t('templates.review.history')}
      </Text>
      {review.isPending ? (
        <Loader size="sm" />
      ) : review.isError ? (
        <LoadError error={review.error} onRetry={() => void review.refetch()} />
      ) : review.data.history.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="review-history-empty">
          {t('templates.review.noHistory')}
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} data-testid="review-history">
          {review.data.history.map((entry) => (
            <Timeline.Item key={entry.id} title={t(`templates.review.actions.${entry.action}`)}>
              <Text size="xs" c="dimmed">
                {entry.actor_name ?? '—'} · <Moment at={entry.created_at} />
              </Text>
              {entry.reason && <Text size="sm">{entry.reason}</Text>}
            </Timeline.Item>
          ))}
        </Timeline>
      )}

      <Modal opened={rejecting} onClose={() => setRejecting(false)} title={t('templates.review.rejectTitle')} centered>
        <Stack>
          <Textarea
            label={t('templates.review.reason')}
            required
            autosize
            minRows={3}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-testid="template-reject-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(false)}>
              {t('templates.common.cancel')}
            </Button>
            <Button
              color="red"
              disabled={!reason.trim()}
              loading={action.isPending}
              onClick={() => run({ kind: 'reject', reason: reason.trim() }, 'templates.review.rejected')}
              data-testid="template-reject-confirm"
            >
              {t('templates.review.reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
