import { Group, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { MessageDto } from '@risala/shared/schemas/messages';
import { formatInZone } from '@risala/shared/time';
import { IconAlertTriangle, IconChevronDown, IconChevronUp, IconPlayerPause, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Moment } from '../../../components/time/Moment.tsx';
import { isolate } from '../../../lib/i18n.ts';
import { useAccountTimeZone } from '../../../lib/session.ts';
import type { MessageListParams } from '../api/keys.ts';
import { snippet } from '../filters.ts';
import { StatusBadge } from './StatusBadge.tsx';

type Sort = Pick<MessageListParams, 'sort' | 'order'>;

/** A queued message behind a stopped connection: why it waits, on hover and for screen readers. */
export function ConnectionStoppedIcon({ name }: { name: string | null }) {
  const { t } = useTranslation();
  const label = t('messages.detail.connectionStopped', { name: isolate(name ?? '') });
  return (
    <Tooltip label={label} multiline w={260}>
      <IconPlayerPause size={14} color="var(--mantine-color-yellow-7)" aria-label={label} data-testid="message-connection-stopped-icon" />
    </Tooltip>
  );
}

/** Who got it: the customer's name over the number or address (only the address when it was typed). */
export function RecipientCell({ m }: { m: MessageDto }) {
  const { t } = useTranslation();
  return (
    <div style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap">
        {m.customer_name && (
          <Text size="sm" fw={500} truncate dir="auto" data-testid="message-customer">
            {m.customer_name}
          </Text>
        )}
        {m.possible_duplicate && (
          <Tooltip label={t('messages.detail.possibleDuplicate')}>
            <IconAlertTriangle size={14} color="var(--mantine-color-orange-6)" aria-label={t('messages.detail.possibleDuplicate')} />
          </Tooltip>
        )}
      </Group>
      {/* a number or address reads left to right inside an Arabic page */}
      <Text
        size={m.customer_name ? 'xs' : 'sm'}
        c={m.customer_name ? 'dimmed' : undefined}
        dir="ltr"
        style={{ textAlign: 'start', unicodeBidi: 'isolate' }}
        truncate
      >
        {m.recipient}
      </Text>
    </div>
  );
}

/** The campaign's name, or that it was sent directly. */
export function CampaignName({ m }: { m: MessageDto }) {
  const { t } = useTranslation();
  return (
    <Text
      size="sm"
      c={m.campaign_name ? undefined : 'dimmed'}
      truncate
      dir={m.campaign_name ? 'auto' : undefined}
      data-testid="message-campaign"
    >
      {m.campaign_name ?? t('messages.table.direct')}
    </Text>
  );
}

/** When a message went out, or for a SCHEDULED one when it will (in the account's zone, where schedule times are typed). */
export function SentCell({ m, timeZone }: { m: MessageDto; timeZone: string }) {
  const { t, i18n } = useTranslation();
  if (m.sent_at)
    return (
      <Text size="sm">
        <Moment at={m.sent_at} />
      </Text>
    );
  if (m.status === 'SCHEDULED' && m.scheduled_at) {
    const at = formatInZone(m.scheduled_at, timeZone, i18n.language);
    return (
      <Text size="sm" c="indigo" title={timeZone} data-testid="message-scheduled-for">
        {t('messages.table.scheduledFor', { at: isolate(at) })}
      </Text>
    );
  }
  return <Text size="sm">—</Text>;
}

function SortHeader({ label, column, sort, onSort }: { label: string; column: Sort['sort']; sort: Sort; onSort: (s: Sort) => void }) {
  const active = sort.sort === column;
  const Icon = active ? (sort.order === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort({ sort: column, order: active && sort.order === 'desc' ? 'asc' : 'desc' })}
        data-testid={`message-sort-${column}`}
      >
        <Group gap={4} wrap="nowrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Icon size={14} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** One page of messages; a row opens the detail drawer. */
export function MessageTable(props: { messages: MessageDto[]; sort: Sort; onSort: (s: Sort) => void; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const { sort, onSort } = props;
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table highlightOnHover verticalSpacing="xs" data-testid="message-table">
        <Table.Thead>
          <Table.Tr>
            <SortHeader label={t('messages.table.customer')} column="recipient" sort={sort} onSort={onSort} />
            <Table.Th>{t('messages.table.message')}</Table.Th>
            <Table.Th>{t('messages.table.campaign')}</Table.Th>
            <Table.Th>{t('messages.table.channel')}</Table.Th>
            <SortHeader label={t('messages.table.status')} column="status" sort={sort} onSort={onSort} />
            <Table.Th ta="end">{t('messages.table.cost')}</Table.Th>
            <SortHeader label={t('messages.table.created')} column="created_at" sort={sort} onSort={onSort} />
            <SortHeader label={t('messages.table.sent')} column="sent_at" sort={sort} onSort={onSort} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.messages.map((m) => (
            <Table.Tr
              key={m.id}
              style={{ cursor: 'pointer' }}
              onClick={() => props.onOpen(m.id)}
              // a row is the way into the drawer: reachable and opened from the keyboard too
              tabIndex={0}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  props.onOpen(m.id);
                }
              }}
              data-testid="message-row"
              data-status={m.status}
              data-id={m.id}
            >
              <Table.Td maw={220}>
                <RecipientCell m={m} />
              </Table.Td>
              <Table.Td maw={280}>
                <Text size="sm" lineClamp={1} dir="auto" data-testid="message-snippet">
                  {snippet(m)}
                </Text>
              </Table.Td>
              <Table.Td maw={180}>
                <CampaignName m={m} />
              </Table.Td>
              <Table.Td>{t(`messages.channel.${m.channel}`)}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <StatusBadge status={m.status} />
                  {m.status === 'QUEUED' && m.connection_stopped && <ConnectionStoppedIcon name={m.connection_name} />}
                </Group>
              </Table.Td>
              <Table.Td ta="end">{m.credits}</Table.Td>
              <Table.Td>
                <Text size="sm">
                  <Moment at={m.created_at} />
                </Text>
              </Table.Td>
              <Table.Td>
                <SentCell m={m} timeZone={timeZone} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
