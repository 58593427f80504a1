/** The last word before anything is sent: who gets a message, when, and the credits it uses. */
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n.ts';
import type { CampaignEstimate } from '../api/types.ts';
import type { LauncherDraft } from '../draft.ts';
import { formatZoned } from './when.ts';
import { timeZoneName } from '@risala/shared/time';

interface Props {
  opened: boolean;
  draft: LauncherDraft;
  estimate: CampaignEstimate | undefined;
  timeZone: string;
  needsApproval: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function LaunchConfirm({ opened, draft, estimate, timeZone, needsApproval, busy, onConfirm, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => v.toLocaleString(intlLocale(i18n.language));
  const later = draft.schedule.mode === 'later';
  const name = draft.name.trim() || t('campaigns.untitled');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(later ? 'launch.confirm.titleLater' : 'launch.confirm.titleNow', { name })}
      size="lg"
      centered
      data-testid="launch-confirm"
    >
      <Stack gap="sm">
        <Table fz="sm" withRowBorders={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td c="dimmed">{t('launch.confirm.recipients')}</Table.Td>
              <Table.Td fw={700} ta="end" data-testid="launch-confirm-recipients">
                {estimate ? n(estimate.audience.reachable) : '…'}
              </Table.Td>
            </Table.Tr>
            {estimate?.channels.map((c) => (
              <Table.Tr key={c.channel}>
                <Table.Td c="dimmed">{t(`campaigns.channels.${c.channel}`)}</Table.Td>
                <Table.Td ta="end" data-testid={`launch-confirm-${c.channel}`}>
                  {`${n(c.messages)} · ${t('launch.confirm.credits')}: ${c.exact ? n(c.credits) : t('launch.review.about', { n: n(c.credits) })}`}
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td c="dimmed">{t('launch.confirm.credits')}</Table.Td>
              <Table.Td fw={700} ta="end" data-testid="launch-confirm-credits">
                {estimate ? n(estimate.channels.reduce((s, c) => s + c.credits, 0)) : '…'}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td c="dimmed">{t('launch.confirm.when')}</Table.Td>
              <Table.Td ta="end" data-testid="launch-confirm-when">
                {later
                  ? t('launch.review.sendsAt', {
                      at: formatZoned(draft.schedule.at, timeZone, i18n.language),
                      zone: timeZoneName(timeZone, i18n.language),
                    })
                  : t('launch.confirm.now')}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {needsApproval && (
          <Text size="sm" data-testid="launch-confirm-approval">
            {t('launch.confirm.approval')}
          </Text>
        )}
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t('launch.confirm.final')}
        </Alert>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} data-testid="launch-confirm-keep">
            {t('launch.confirm.keep')}
          </Button>
          <Button onClick={onConfirm} loading={busy} disabled={!estimate} data-testid="launch-confirm-yes">
            {t(later ? 'launch.confirm.yesLater' : 'launch.confirm.yesNow')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
