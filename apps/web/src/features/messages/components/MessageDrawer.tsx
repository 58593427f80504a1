import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Drawer,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Tooltip,
} from '@mantine/core';
import { can } from '@risala/shared/permissions';
import type { MessageDetailDto } from '@risala/shared/schemas/messages';
import { IconAlertTriangle, IconBan, IconCircleDot, IconHelpCircle, IconPlayerPause } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/page/LoadError.tsx';
import { PageLoader } from '../../../components/page/PageLoader.tsx';
import { Moment } from '../../../components/time/Moment.tsx';
import { isolate } from '../../../lib/i18n.ts';
import { useTimeFormat } from '../../../lib/time.ts';
import { useSession } from '../../../lib/session.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { useCancelScheduledSend } from '../api/cancel-bulk.ts';
import { useMessage } from '../api/get-message.ts';
import { STATUS_COLORS } from '../filters.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { UserText } from '../../../components/text/UserText.tsx';

/** A detail; a technical term carries its plain explanation on a help icon (hover, focus or tap). */
function Field({ label, help, children }: { label: string; help?: string; children: ReactNode }) {
  return (
    <div>
      <Group gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        {help && (
          <Tooltip label={help} multiline w={260} events={{ hover: true, focus: true, touch: true }}>
            <ActionIcon variant="transparent" size="xs" color="gray" aria-label={help} data-testid="term-help">
              <IconHelpCircle size={14} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Text size="sm" component="div">
        {children ?? '—'}
      </Text>
    </div>
  );
}

/** A SCHEDULED message's send can be cancelled (all its still-scheduled messages), after a confirmation. */
function CancelScheduled({ bulkId }: { bulkId: string }) {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelScheduledSend();
  if (!can(permissions, 'campaign', 'create')) return null;
  if (!confirming) {
    return (
      <Button variant="light" color="red" onClick={() => setConfirming(true)} data-testid="message-cancel-scheduled">
        {t('messages.detail.cancelScheduled')}
      </Button>
    );
  }
  return (
    <Alert color="red" variant="light" data-testid="message-cancel-confirm">
      <Stack gap="xs">
        <Text size="sm">{t('messages.detail.cancelConfirm')}</Text>
        <Group gap="xs">
          <Button
            color="red"
            size="xs"
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(bulkId, {
                onSuccess: (r) => {
                  setConfirming(false);
                  showSuccessToast('messages.detail.cancelled', { count: r.cancelled });
                },
              })
            }
            data-testid="message-cancel-yes"
          >
            {t('messages.detail.cancelYes')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
            {t('messages.detail.cancelKeep')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** A queued message behind a stopped connection: says why it waits and where to start it. */
function ConnectionStopped({ m }: { m: MessageDetailDto }) {
  const { t } = useTranslation();
  const { permissions } = useSession();
  return (
    <Alert color="yellow" variant="light" icon={<IconPlayerPause size={18} />} data-testid="message-connection-stopped">
      {t('messages.detail.connectionStopped', { name: isolate(m.connection_name ?? String(m.connection_id)) })}
      {can(permissions, 'sender', 'update') && m.connection_id !== null && (
        <div>
          <Anchor component={Link} to={`/gateway/connections/${m.connection_id}`} size="sm" data-testid="message-open-connection">
            {t('messages.detail.openConnection')}
          </Anchor>
        </div>
      )}
    </Alert>
  );
}

function Details({ m }: { m: MessageDetailDto }) {
  const { t, i18n } = useTranslation();
  const fmt = useTimeFormat();
  const eventLabel = (e: string) => (i18n.exists(`messages.event.${e}`) ? t(`messages.event.${e}`) : e);
  return (
    <Stack gap="md" data-testid="message-detail">
      <Group gap="xs">
        <StatusBadge status={m.status} />
        <Badge variant="outline">{t(`messages.channel.${m.channel}`)}</Badge>
        {m.possible_duplicate && (
          <Badge color="orange" leftSection={<IconAlertTriangle size={12} />} data-testid="message-duplicate">
            {t('messages.detail.possibleDuplicate')}
          </Badge>
        )}
      </Group>
      {m.status === 'SCHEDULED' && m.bulk_id && <CancelScheduled bulkId={m.bulk_id} />}
      {m.error_message && (
        <Alert color="red" variant="light" title={t('messages.detail.error')} data-testid="message-error">
          {m.error_message}
        </Alert>
      )}
      {m.status === 'QUEUED' && m.connection_stopped && <ConnectionStopped m={m} />}
      {m.blocked_by && (
        <Alert color="dark" variant="light" icon={<IconBan size={18} />} data-testid="message-blocked-by">
          {t('messages.detail.blockedBy', { list: isolate(m.blocked_by) })}
        </Alert>
      )}
      <SimpleGrid cols={2} spacing="sm">
        <Field label={t('messages.table.recipient')}>
          <UserText testId="message-detail-recipient">{m.recipient}</UserText>
        </Field>
        <Field label={t('messages.table.sender')}>
          <UserText testId="message-detail-sender">{m.sender}</UserText>
        </Field>
        <Field label={t('messages.detail.parts')} help={t('messages.help.parts')}>
          {m.parts} {m.encoding ? `· ${m.encoding}` : ''}
        </Field>
        <Field label={t('messages.detail.credits')}>{m.credits}</Field>
        <Field label={t('messages.detail.connection')} help={t('messages.help.connection')}>
          {m.connection_name}
        </Field>
        <Field label={t('messages.detail.bulk')} help={t('messages.help.bulk')}>
          <Code>{m.bulk_id}</Code>
        </Field>
        {m.provider_message_id && (
          <Field label={t('messages.detail.providerId')} help={t('messages.help.providerId')}>
            <Code>{m.provider_message_id}</Code>
          </Field>
        )}
        {m.scheduled_at && (
          <Field label={t('messages.detail.scheduled')}>
            {/* in the account's zone, where the time was typed and as the list shows it */}
            <span data-testid="message-detail-scheduled">{fmt.moment(m.scheduled_at)}</span>{' '}
            <Text span size="xs" c="dimmed">
              ({fmt.zoneName})
            </Text>
          </Field>
        )}
      </SimpleGrid>
      {m.subject && (
        <Field label={t('messages.detail.subject')}>
          <UserText>{m.subject}</UserText>
        </Field>
      )}
      <div>
        <Text size="xs" c="dimmed" mb={4}>
          {t('messages.detail.body')}
        </Text>
        <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-gray-light)">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto" data-testid="message-body">
            {m.redacted ? t('messages.detail.redacted') : m.body || '—'}
          </Text>
        </Paper>
      </div>
      <div>
        <Text fw={600} mb="xs">
          {t('messages.detail.timeline')}
        </Text>
        {m.events.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('messages.detail.noEvents')}
          </Text>
        ) : (
          <Timeline active={m.events.length - 1} bulletSize={18} lineWidth={2} data-testid="message-timeline">
            {m.events.map((e) => (
              <Timeline.Item
                key={e.id}
                bullet={<IconCircleDot size={12} />}
                color={STATUS_COLORS[e.event as keyof typeof STATUS_COLORS] ?? 'gray'}
                title={eventLabel(e.event)}
                data-testid="message-event"
              >
                {e.detail && (
                  <Text size="sm" c="dimmed" dir="auto">
                    {e.detail}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  <Moment at={e.at} style="precise" />
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </div>
    </Stack>
  );
}

/** The detail drawer: body, reason, blacklist, duplicate flag and the event timeline. */
export function MessageDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage(id);
  // 'right' is the inline end: Mantine mirrors it to the left in Arabic
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('messages.detail.title')}
      data-testid="message-drawer"
    >
      {message.isPending ? (
        <PageLoader />
      ) : message.isError ? (
        <LoadError error={message.error} onRetry={() => void message.refetch()} />
      ) : (
        <Details m={message.data} />
      )}
    </Drawer>
  );
}
