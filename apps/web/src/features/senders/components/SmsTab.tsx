import { ActionIcon, Button, Group, Modal, Select, Stack, Table, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { isSandboxSmsSender, SENDER_STATUSES, type SmsSender } from '@risala/shared/schemas/senders';
import { IconCheck, IconMessage2, IconSearch, IconStar, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryTable } from '../../../components/page/QueryTable.tsx';
import { ListFooter } from '../../../components/page/ListFooter.tsx';
import { useSession } from '../../../lib/session.ts';
import { oneOf, useUrlList, useUrlSearch } from '../../../lib/url-list.ts';
import { useSmsSenders } from '../api/get-sms-senders.ts';
import { useDeleteSenderId, useRequestSmsSupport, useReviewSenderId, useUpdateSenderId } from '../api/save-sms-sender.ts';
import { RequestBox } from './RequestBox.tsx';
import { SenderIdForm } from './SenderIdForm.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { Moment } from '../../../components/time/Moment.tsx';
import { EmptyState } from '../../../components/empty-state/EmptyState.tsx';
import { ListCards } from '../../../components/list/index.ts';
import { UserText } from '../../../components/text/UserText.tsx';

const LIMIT = 20;
/** The sender IDs list's view in the URL (lib/url-list.ts): /sender-management/sms?search=…&status=ACTIVE&page=2 */
const LIST_DEFAULTS = { search: '', status: '' };

export function SmsTab() {
  const { t } = useTranslation();
  // the seeded sandbox sender's description is the product's words: in the reader's language
  const describe = (s: SmsSender) => (isSandboxSmsSender(s) ? t('senders.sms.sandboxDescription') : s.description);
  const { permissions } = useSession();
  // the list's view lives in the URL (a reload or Back from a gateway page shows the same list)
  const list = useUrlList(LIST_DEFAULTS);
  const [search, setSearch] = useUrlSearch(list);
  const { page, setPage } = list;
  const searched = list.values.search;
  const status = oneOf(list.values.status, SENDER_STATUSES);
  const [rejecting, setRejecting] = useState<SmsSender | null>(null);
  const [reason, setReason] = useState('');
  const senders = useSmsSenders({ page, limit: LIMIT, search: searched || undefined, status: status ?? undefined });
  const review = useReviewSenderId();
  const update = useUpdateSenderId();
  const remove = useDeleteSenderId();
  const support = useRequestSmsSupport();
  const canApprove = can(permissions, 'sender', 'approve');
  const canUpdate = can(permissions, 'sender', 'update');
  const canDelete = can(permissions, 'sender', 'delete');

  const rowActions = (s: SmsSender) => (
    <>
      {canApprove && s.status === 'WAITING_FOR_APPROVAL' && (
        <>
          <Tooltip label={t('senders.sms.approve')}>
            <ActionIcon
              variant="light"
              color="green"
              aria-label={t('senders.sms.approve')}
              onClick={() => review.mutate({ id: s.id })}
              data-testid="sender-approve"
            >
              <IconCheck size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('senders.sms.reject')}>
            <ActionIcon
              variant="light"
              color="red"
              aria-label={t('senders.sms.reject')}
              onClick={() => setRejecting(s)}
              data-testid="sender-reject"
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        </>
      )}
      {canUpdate && s.status === 'ACTIVE' && !s.is_default && (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => update.mutate({ id: s.id, input: { is_default: true } })}
          data-testid="sender-make-default"
        >
          {t('senders.makeDefault')}
        </Button>
      )}
      {canDelete && (
        <Tooltip label={t('senders.delete')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('senders.delete')}
            onClick={() => window.confirm(t('senders.sms.confirmDelete', { sender: s.sender_id })) && remove.mutate(s.id)}
            data-testid="sender-delete"
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </>
  );

  const body = (
    <QueryTable
      query={senders}
      empty={(data) => data.items.length === 0}
      emptyText={t(searched || status ? 'senders.sms.noMatch' : 'senders.sms.empty')}
      // the request form above is the action
      emptyState={
        searched || status ? undefined : (
          <EmptyState icon={IconMessage2} title={t('senders.sms.emptyTitle')} text={t('senders.sms.empty')} />
        )
      }
      minWidth={640}
      testId="sender-id-table"
      headers={[
        t('senders.sms.fields.sender_id'),
        t('senders.sms.fields.sender_type'),
        t('senders.sms.fields.status'),
        t('senders.sms.fields.created_at'),
        null,
      ]}
      cards={(data) => (
        <ListCards
          items={data.items}
          itemKey={(s) => s.id}
          label={t('senders.tabs.sms')}
          testId="sender-id-cards"
          rowTestId="sender-id-row"
          rowData={(s) => ({ 'data-sender': s.sender_id })}
          title={(s) => (
            <>
              <bdi dir="ltr">{s.sender_id}</bdi>
              {s.is_default && <IconStar size={14} aria-label={t('senders.default')} style={{ marginInlineStart: 6 }} />}
            </>
          )}
          subtitle={(s) => s.description && <UserText>{describe(s)}</UserText>}
          badge={(s) => <StatusBadge status={s.status} />}
          lines={(s) => [
            { label: t('senders.sms.fields.sender_type'), value: t(`senders.sms.types.${s.sender_type}`) },
            { label: t('senders.sms.fields.created_at'), value: <Moment at={s.created_at} style="day" /> },
            s.rejection_reason && {
              label: t('senders.sms.fields.status'),
              value: <bdi data-testid="sender-rejection">{s.rejection_reason}</bdi>,
            },
          ]}
          actions={(s) => (canApprove || canUpdate || canDelete) && rowActions(s)}
        />
      )}
      rows={(data) =>
        data.items.map((s) => (
          <Table.Tr key={s.id} data-testid="sender-id-row" data-sender={s.sender_id}>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Text fw={600} dir="ltr">
                  {s.sender_id}
                </Text>
                {s.is_default && <IconStar size={14} aria-label={t('senders.default')} />}
              </Group>
              {s.description && (
                <Text size="xs" c="dimmed">
                  {describe(s)}
                </Text>
              )}
              {s.rejection_reason && (
                <Text size="xs" c="red" data-testid="sender-rejection">
                  {s.rejection_reason}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{t(`senders.sms.types.${s.sender_type}`)}</Table.Td>
            <Table.Td>
              <StatusBadge status={s.status} />
            </Table.Td>
            <Table.Td>
              <Moment at={s.created_at} style="day" />
            </Table.Td>
            <Table.Td>
              <Group gap={4} justify="flex-end" wrap="nowrap">
                {rowActions(s)}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))
      }
      footer={(data) => (
        <ListFooter
          label={t('senders.sms.total', { count: data.total })}
          testId="sender-id-total"
          page={page}
          count={data.total}
          limit={LIMIT}
          onPage={setPage}
        />
      )}
    />
  );

  return (
    <Stack gap="lg" data-testid="sms-tab">
      {can(permissions, 'sender', 'create') && <SenderIdForm />}
      <Group gap="sm" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('senders.sms.search')}
          aria-label={t('senders.sms.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={320}
          data-testid="sender-id-search"
        />
        <Select
          placeholder={t('senders.sms.allStatuses')}
          aria-label={t('senders.sms.fields.status')}
          value={status}
          onChange={(value) => list.update({ status: value })}
          data={SENDER_STATUSES.map((value) => ({ value, label: t(`senders.status.${value}`) }))}
          clearable
          data-testid="sender-id-status-filter"
        />
      </Group>
      {body}
      {canUpdate && (
        <RequestBox
          title={t('senders.sms.support.title')}
          hint={t('senders.sms.support.hint')}
          testId="sms-request-support"
          send={(message) => support.mutateAsync(message)}
          pending={support.isPending}
        />
      )}
      <Modal
        opened={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={t('senders.sms.rejectTitle', { sender: rejecting?.sender_id ?? '' })}
      >
        <Stack gap="sm">
          <Textarea
            label={t('senders.sms.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            autosize
            minRows={2}
            data-testid="sender-reject-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(null)}>
              {t('senders.cancel')}
            </Button>
            <Button
              color="red"
              disabled={!reason.trim()}
              loading={review.isPending}
              onClick={async () => {
                if (!rejecting) return;
                await review.mutateAsync({ id: rejecting.id, reason: reason.trim() });
                setRejecting(null);
                setReason('');
              }}
              data-testid="sender-reject-confirm"
            >
              {t('senders.sms.reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
