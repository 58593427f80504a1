import { Alert, Button, Group, List, Loader, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/page/ApiErrorAlert.tsx';
import { formatList, isolate } from '../../../lib/i18n.ts';
import { useSingleFlight } from '../../../lib/single-flight.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useBatchAction, useCampaignBatches } from '../api/get-batches.ts';
import { useCampaign } from '../api/get-campaign.ts';
import type { Batch } from '../api/types.ts';
import { batchImpact } from '../batches.ts';
import { formatInZone } from '@risala/shared/time';

/**
 * Asks before a scheduled batch is sent now or cancelled, saying what will happen: how many
 * messages, of which campaign and by which channels, that it cannot be undone and (cancel) that
 * the credits come back. The confirmed action runs once, however often the button is pressed.
 */
export function BatchConfirm({ batch, kind, onClose }: { batch: Batch; kind: 'send-now' | 'cancel'; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const siblings = useCampaignBatches(batch.campaign_id);
  const campaign = useCampaign(batch.campaign_id);
  const action = useBatchAction();
  const once = useSingleFlight();
  const impact = batchImpact(kind, batch, siblings.data);
  const sendNow = kind === 'send-now';
  const name = isolate(batch.campaign_name ?? t('campaigns.untitled'));
  const channels = campaign.data
    ? formatList(
        campaign.data.channels.map((c) => t(`campaigns.channels.${c}`)),
        'conjunction',
        i18n.language,
      )
    : null;
  const at = batch.scheduled_at ? formatInZone(batch.scheduled_at, batch.timezone, i18n.language) : '';
  const confirm = () =>
    once((done) =>
      action.mutate(
        { id: batch.id, action: { kind } },
        {
          onSuccess: () => {
            showSuccessToast(sendNow ? 'campaigns.batches.sending' : 'campaigns.batches.canceled');
            onClose();
          },
          onSettled: done,
        },
      ),
    );
  const loading = siblings.isPending || campaign.isPending;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(sendNow ? 'campaigns.batches.confirm.sendNowTitle' : 'campaigns.batches.confirm.cancelTitle', {
        batch: isolate(batch.batch_id),
      })}
    >
      <Stack gap="sm" data-testid="batch-confirm" data-kind={kind} data-messages={loading ? undefined : impact.messages}>
        {loading ? (
          <Loader size="sm" />
        ) : (
          <List spacing={6} size="sm" icon={<IconAlertTriangle size={16} color="var(--mantine-color-orange-6)" />}>
            <List.Item data-testid="batch-confirm-what">
              {sendNow
                ? t('campaigns.batches.confirm.sendNowWhat', {
                    count: impact.messages,
                    campaign: name,
                    channels: channels ? isolate(channels) : '—',
                    at: isolate(at),
                  })
                : t('campaigns.batches.confirm.cancelWhat', { count: impact.messages, campaign: name })}
            </List.Item>
            {sendNow && impact.batches > 1 && (
              <List.Item data-testid="batch-confirm-batches">
                {t('campaigns.batches.confirm.sendNowBatches', { count: impact.batches })}
              </List.Item>
            )}
            {!sendNow && impact.lastBatch && (
              <List.Item data-testid="batch-confirm-last">{t('campaigns.batches.confirm.cancelLast')}</List.Item>
            )}
            <List.Item>{t(sendNow ? 'campaigns.batches.confirm.sendNowFinal' : 'campaigns.batches.confirm.cancelFinal')}</List.Item>
          </List>
        )}
        {(siblings.isError || campaign.isError) && (
          <Alert color="yellow" variant="light">
            {t('campaigns.batches.confirm.partial')}
          </Alert>
        )}
        {action.isError && (
          <ApiErrorAlert error={action.error} fallback={t('campaigns.batches.confirm.failed')} testId="batch-confirm-error" />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="batch-confirm-keep">
            {t('campaigns.batches.confirm.keep')}
          </Button>
          <Button
            color={sendNow ? undefined : 'red'}
            onClick={confirm}
            loading={action.isPending}
            disabled={loading}
            data-testid="batch-confirm-yes"
          >
            {t(sendNow ? 'campaigns.batches.confirm.sendNowYes' : 'campaigns.batches.confirm.cancelYes')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
