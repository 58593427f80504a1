import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { can } from '@risala/shared/permissions';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../components/page/ApiErrorAlert.tsx';
import { QueryState } from '../../components/page/QueryState.tsx';
import { formatMoney, isolate } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { oneOf, useUrlList, useUrlSearch } from '../../lib/url-list.ts';
import { type BatchAction, useBatchAction, useBatches } from './api/get-batches.ts';
import type { BatchView } from './api/keys.ts';
import type { Batch } from './api/types.ts';
import { batchState } from './batches.ts';
import { BatchConfirm } from './components/BatchConfirm.tsx';
import { isoToZonedLocal, minZonedLocal, zonedLocalToIso, zonedScheduleError } from '../../lib/zoned.ts';
import { useSingleFlight } from '../../lib/single-flight.ts';
import { formatInZone, timeZoneName } from '@risala/shared/time';
import { ZonedDateTimeInput } from '../../components/dates/ZonedDateTimeInput.tsx';

const VIEWS: Exclude<BatchView, 'all'>[] = ['approval', 'gateway', 'scheduled', 'canceled'];
const LIMIT = 20;
/** The view in the URL (lib/url-list.ts): /campaign/batches?view=scheduled&search=…&page=2 */
const LIST_DEFAULTS = { view: 'approval', search: '' };
type BatchList = ReturnType<typeof useUrlList<typeof LIST_DEFAULTS>>;

type Dialog = { batch: Batch; kind: 'reject' | 'gateway-reject' | 'reschedule' | 'send-now' | 'cancel' } | null;

/** A badge shows its whole text: the column sizes to it (a table squeezes a badge's ellipsis to nothing). */
const WHOLE = 'max-content';

/** Reject (with a reason) or reschedule (a time in the account's zone, > now + 5 minutes). */
function ActionDialog({ dialog, onClose }: { dialog: Dialog; onClose: () => void }) {
  const { t } = useTranslation();
  const action = useBatchAction();
  const [reason, setReason] = useState('');
  const [at, setAt] = useState('');
  if (!dialog) return null;
  if (dialog.kind === 'send-now' || dialog.kind === 'cancel')
    return <BatchConfirm batch={dialog.batch} kind={dialog.kind} onClose={onClose} />;
  const zone = dialog.batch.timezone;
  const reschedule = dialog.kind === 'reschedule';
  const value = at || (dialog.batch.scheduled_at ? isoToZonedLocal(dialog.batch.scheduled_at, zone) : minZonedLocal(zone));
  const timeError = reschedule ? zonedScheduleError(value, zone) : null;
  const submit = () => {
    const body: BatchAction = reschedule
      ? { kind: 'reschedule', schedule_at: zonedLocalToIso(value, zone) as string }
      : { kind: dialog.kind as 'reject', reason };
    action.mutate(
      { id: dialog.batch.id, action: body },
      {
        onSuccess: () => {
          showSuccessToast(reschedule ? 'campaigns.batches.rescheduled' : 'campaigns.batches.rejected');
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(reschedule ? 'campaigns.batches.rescheduleTitle' : 'campaigns.batches.rejectTitle', {
        batch: isolate(dialog.batch.batch_id),
      })}
    >
      <Stack gap="sm">
        {reschedule ? (
          <ZonedDateTimeInput
            label={t('campaigns.launcher.schedule.at')}
            zone={zone}
            value={value}
            min={minZonedLocal(zone)}
            onChange={setAt}
            error={timeError ? t(timeError) : undefined}
            testId="batch-reschedule-at"
          />
        ) : (
          <Textarea
            label={t('campaigns.batches.reason')}
            value={reason}
            onChange={(ev) => setReason(ev.currentTarget.value)}
            maxLength={500}
            required
            data-testid="batch-reject-reason"
          />
        )}
        {action.isError && (
          <ApiErrorAlert error={action.error} fallback={t('campaigns.batches.confirm.failed')} testId="batch-dialog-error" />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('campaigns.actions.close')}
          </Button>
          <Button
            color={reschedule ? undefined : 'red'}
            onClick={submit}
            loading={action.isPending}
            disabled={reschedule ? timeError !== null : !reason.trim()}
            data-testid="batch-dialog-submit"
          >
            {t(reschedule ? 'campaigns.batches.reschedule' : 'campaigns.batches.reject')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function BatchActions({ view, batch, onDialog }: { view: BatchView; batch: Batch; onDialog: (d: Dialog) => void }) {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const action = useBatchAction();
  const once = useSingleFlight(); // a double-click approves once (the second would be refused: 409)
  const run = (kind: 'approve' | 'gateway-approve', toast: string) =>
    once((done) => action.mutate({ id: batch.id, action: { kind } }, { onSuccess: () => showSuccessToast(toast), onSettled: done }));
  if (view === 'approval' && can(permissions, 'campaign', 'approve')) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          color="green"
          loading={action.isPending}
          onClick={() => run('approve', 'campaigns.batches.approved')}
          data-testid="batch-approve"
        >
          {t('campaigns.batches.approve')}
        </Button>
        <Button size="xs" variant="light" color="red" onClick={() => onDialog({ batch, kind: 'reject' })} data-testid="batch-reject">
          {t('campaigns.batches.reject')}
        </Button>
      </Group>
    );
  }
  if (view === 'gateway' && can(permissions, 'sender', 'approve')) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          color="green"
          loading={action.isPending}
          onClick={() => run('gateway-approve', 'campaigns.batches.approved')}
          data-testid="batch-gateway-approve"
        >
          {t('campaigns.batches.approve')}
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => onDialog({ batch, kind: 'gateway-reject' })}
          data-testid="batch-gateway-reject"
        >
          {t('campaigns.batches.reject')}
        </Button>
      </Group>
    );
  }
  if (view === 'scheduled' && can(permissions, 'campaign', 'send')) {
    return (
      <Group gap="xs" wrap="wrap">
        <Button size="xs" onClick={() => onDialog({ batch, kind: 'send-now' })} data-testid="batch-send-now">
          {t('campaigns.batches.sendNow')}
        </Button>
        <Button size="xs" variant="light" onClick={() => onDialog({ batch, kind: 'reschedule' })} data-testid="batch-reschedule">
          {t('campaigns.batches.reschedule')}
        </Button>
        <Button size="xs" variant="light" color="red" onClick={() => onDialog({ batch, kind: 'cancel' })} data-testid="batch-cancel">
          {t('campaigns.actions.cancel')}
        </Button>
      </Group>
    );
  }
  return null;
}

function BatchTable({ view, list, onDialog }: { view: BatchView; list: BatchList; onDialog: (d: Dialog) => void }) {
  const { t, i18n } = useTranslation();
  const { page, setPage } = list;
  const [search, setSearch] = useUrlSearch(list);
  const batches = useBatches(view, page, LIMIT, list.values.search);
  const date = (v: string | null, zone: string) => formatInZone(v, zone, i18n.language) || '—';
  const pages = Math.max(1, Math.ceil((batches.data?.total ?? 0) / LIMIT));
  const body = (
    <QueryState query={batches} empty={(data) => data.items.length === 0} emptyText={t(`campaigns.batches.empty.${view}`)}>
      {(data) => (
        <Paper withBorder radius="md" p="xs">
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('campaigns.batches.batchId')}</Table.Th>
                  <Table.Th>{t('campaigns.batches.campaign')}</Table.Th>
                  <Table.Th>{t('campaigns.batches.messageCount')}</Table.Th>
                  <Table.Th>{t('campaigns.batches.messageCost')}</Table.Th>
                  <Table.Th>{t('campaigns.batches.scheduled')}</Table.Th>
                  <Table.Th>{t('campaigns.batches.state')}</Table.Th>
                  <Table.Th>{t('campaigns.batches.request')}</Table.Th>
                  <Table.Th>
                    {view === 'canceled' ? t('campaigns.batches.canceledBy') : view === 'gateway' ? t('campaigns.batches.reviewer') : ''}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((b) => (
                  <Table.Tr key={b.id} data-testid="batch-row" data-batch={b.batch_id}>
                    <Table.Td>
                      <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                        {b.batch_id}
                      </Text>
                      {b.variant && (
                        <Badge size="xs" miw={WHOLE}>
                          {t('campaigns.report.variant', { variant: b.variant })}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/campaignhistory?campaign=${b.campaign_id}`} dir="auto">
                        {b.campaign_name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{b.message_count.toLocaleString(i18n.language)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="batch-cost">
                      {formatMoney(b.message_cost, i18n.language)}
                    </Table.Td>
                    <Table.Td>
                      {b.scheduled_at ? (
                        <>
                          {formatInZone(b.scheduled_at, b.timezone, i18n.language)}
                          <Text size="xs" c="dimmed">
                            {timeZoneName(b.timezone, i18n.language)}
                          </Text>
                        </>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" miw={WHOLE} data-testid="batch-state" data-state={batchState(b)}>
                        {t(`campaigns.batches.states.${batchState(b)}`)}
                      </Badge>
                      {b.rejection_reason && (
                        <Text size="xs" c="red">
                          {isolate(b.rejection_reason)} · {isolate(date(b.rejected_date, b.timezone))}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">
                        {[
                          t(`campaigns.batches.requestInfo.types.${b.request_type}`, { defaultValue: b.request_type }),
                          t(`campaigns.batches.requestInfo.sources.${b.request_source}`, { defaultValue: b.request_source }),
                          t('campaigns.batches.requestInfo.priority', { priority: b.request_priority }),
                        ].join(' · ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {view === 'canceled' ? (
                        <Text size="sm" data-testid="batch-canceled-by">
                          {isolate(b.batch_canceled_by_username ?? '—')} · {isolate(date(b.canceled_at, b.timezone))}
                        </Text>
                      ) : view === 'gateway' ? (
                        <Text size="sm">{b.gateway_reviewer_username ?? '—'}</Text>
                      ) : (
                        <BatchActions view={view} batch={b} onDialog={onDialog} />
                      )}
                      {view === 'gateway' && <BatchActions view={view} batch={b} onDialog={onDialog} />}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" m="sm" />}
        </Paper>
      )}
    </QueryState>
  );
  return (
    <Stack gap="sm">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('campaigns.batches.search')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        w={280}
      />
      {body}
    </Stack>
  );
}

/** /campaign/batches: approval batches, gateway approval, scheduled messages and canceled batches (one tab each). */
export function BatchesPage() {
  const { t } = useTranslation();
  // the tab, its search and page live in the URL (a reload or Back shows the same batches)
  const list = useUrlList(LIST_DEFAULTS);
  const view = oneOf(list.values.view, VIEWS) ?? 'approval';
  const [dialog, setDialog] = useState<Dialog>(null);
  return (
    <Stack gap="lg" data-testid="batches-page">
      <div>
        <Title order={1} size="h2">
          {t('campaigns.batches.title')}
        </Title>
        <Text c="dimmed">{t('campaigns.batches.subtitle')}</Text>
      </div>
      <Tabs value={view} onChange={(v) => v && list.update({ view: v, search: '' })} keepMounted={false}>
        <Tabs.List>
          {VIEWS.map((v) => (
            <Tabs.Tab key={v} value={v} data-testid={`batches-tab-${v}`}>
              {t(`campaigns.batches.views.${v}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {VIEWS.map((v) => (
          <Tabs.Panel key={v} value={v} pt="md">
            <BatchTable view={v} list={list} onDialog={setDialog} />
          </Tabs.Panel>
        ))}
      </Tabs>
      <ActionDialog key={dialog ? `${dialog.batch.id}-${dialog.kind}` : 'none'} dialog={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}
