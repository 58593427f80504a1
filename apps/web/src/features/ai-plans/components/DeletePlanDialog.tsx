import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/page/ApiErrorAlert.tsx';
import { isolate } from '../../../lib/i18n.ts';

/** Deleting a plan asks first: it names the plan and says what stays (the launcher drafts made from it). */
export function DeletePlanDialog(props: {
  opened: boolean;
  name: string;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('aiPlans.actions.deleteTitle')} data-testid="ai-plan-delete-dialog">
      <Stack gap="sm">
        <Text size="sm">{t('aiPlans.actions.deleteConfirm', { name: isolate(props.name) })}</Text>
        {Boolean(props.error) && <ApiErrorAlert error={props.error} fallback={t('aiPlans.actions.failed')} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} data-autofocus data-testid="ai-plan-delete-cancel">
            {t('aiPlans.actions.cancel')}
          </Button>
          <Button color="red" onClick={props.onDelete} loading={props.pending} data-testid="ai-plan-delete-confirm">
            {t('aiPlans.actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
