/**
 * Campaign History's rows: each campaign with its status, channels, results (sent, delivered %,
 * opened/read %, clicked %, cost: the rollups its report reads) and actions (duplicate, delete); a
 * check box picks it for the comparison. A table on a wide screen, cards on a phone.
 */
import { ActionIcon, Anchor, Badge, Button, Checkbox, Group, Popover, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { CampaignState } from '@risala/shared/schemas/campaigns';
import { can } from '@risala/shared/permissions';
import { formatInZone, timeZoneName } from '@risala/shared/time';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListCards, usePhone } from '../../../../components/list/index.ts';
import { UserText } from '../../../../components/text/UserText.tsx';
import { isolate } from '../../../../lib/i18n.ts';
import { useAccountTimeZone, useSession } from '../../../../lib/session.ts';
import { showSuccessToast } from '../../../../lib/toast.ts';
import { useDeleteCampaign, useDuplicateCampaign } from '../../api/save-campaign.ts';
import type { CampaignListItem } from '../../api/types.ts';
import { type ReportFormats, useReportFormats } from '../report/formats.ts';
import { StatusBadge } from '../StatusBadge.tsx';

const DELETABLE: CampaignState[] = ['DRAFT', 'CANCELED', 'COMPLETED', 'COMPLETED_WITH_ERRORS'];

/** Delete a draft or a finished campaign, after a confirmation. */
function DeleteButton({ campaign }: { campaign: CampaignListItem }) {
  const { t } = useTranslation();
  const remove = useDeleteCampaign();
  return (
    // trapFocus/returnFocus: the portalled confirmation is reachable by Tab, and Escape gives focus back to the trash button
    <Popover withArrow position="bottom-end" trapFocus returnFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('campaigns.actions.delete')}
          onClick={(e) => e.stopPropagation()}
          data-testid="campaign-delete"
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown onClick={(e) => e.stopPropagation()}>
        <Stack gap="xs">
          <Text size="sm">{t('campaigns.history.confirmDelete', { name: isolate(campaign.name) })}</Text>
          <Button
            size="xs"
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(campaign.id, { onSuccess: () => showSuccessToast('campaigns.history.deleted') })}
            data-testid="campaign-delete-confirm"
          >
            {t('campaigns.actions.delete')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A copy of the campaign as a new draft, opened in the launcher. */
function DuplicateButton({ campaign }: { campaign: CampaignListItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const duplicate = useDuplicateCampaign();
  return (
    <Tooltip label={t('campaigns.history.duplicateHint')} withArrow>
      <ActionIcon
        variant="subtle"
        aria-label={`${t('campaigns.history.duplicate')}: ${campaign.name}`}
        loading={duplicate.isPending}
        onClick={(e) => {
          e.stopPropagation();
          duplicate.mutate(campaign.id, {
            onSuccess: (draft) => {
              showSuccessToast('campaigns.history.duplicated');
              navigate(`/campaign/${draft.id}`);
            },
          });
        }}
        data-testid="campaign-duplicate"
      >
        <IconCopy size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The results' cells as text ("—" for a draft, or for opens of a campaign that only sends SMS: SMS has none). */
export function resultTexts(c: CampaignListItem, f: ReportFormats) {
  const r = c.results;
  const none = '—';
  const smsOnly = c.channels.length > 0 && c.channels.every((ch) => ch === 'sms');
  return {
    sent: r ? f.num(r.sent) : none,
    delivered: r && r.sent > 0 ? f.pct(r.delivery_rate) : none,
    opened: r && r.delivered > 0 && !smsOnly ? f.pct(r.open_rate) : none,
    clicked: r && r.delivered > 0 ? f.pct(r.click_rate) : none,
    cost: r ? f.money(r.cost) : none,
  };
}

interface RowsProps {
  items: CampaignListItem[];
  onOpen: (c: CampaignListItem) => void;
  selected: number[];
  onSelect: (c: CampaignListItem, on: boolean) => void;
}

export function CampaignRows({ items, onOpen, selected, onSelect }: RowsProps) {
  const { t, i18n } = useTranslation();
  const { permissions } = useSession();
  const canDelete = can(permissions, 'campaign', 'delete');
  const canCreate = can(permissions, 'campaign', 'create');
  const timeZone = useAccountTimeZone();
  const f = useReportFormats(timeZone);
  const phone = usePhone();
  const when = (c: CampaignListItem) =>
    c.launched_at || c.schedule_at ? formatInZone(c.launched_at ?? c.schedule_at, timeZone, i18n.language) : '—';
  const channels = (c: CampaignListItem) => (
    <Group gap={4}>
      {c.channels.map((ch) => (
        <Badge key={ch} variant="outline" size="sm" miw="max-content">
          {t(`campaigns.channels.${ch}`)}
        </Badge>
      ))}
    </Group>
  );
  const actions = (c: CampaignListItem) => (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      {canCreate && c.status !== 'DRAFT' && <DuplicateButton campaign={c} />}
      {canDelete && DELETABLE.includes(c.status) && <DeleteButton campaign={c} />}
    </Group>
  );
  // a draft has no results to compare; two at most are picked
  const pick = (c: CampaignListItem) =>
    c.status === 'DRAFT' ? null : (
      <Checkbox
        aria-label={t('campaigns.history.select', { name: isolate(c.name) })}
        checked={selected.includes(c.id)}
        disabled={!selected.includes(c.id) && selected.length >= 2}
        onChange={(e) => onSelect(c, e.currentTarget.checked)}
        onClick={(e) => e.stopPropagation()}
        data-testid="campaign-select"
      />
    );
  const number = (text: string) => <bdi dir="ltr">{text}</bdi>;
  if (phone) {
    return (
      <ListCards
        items={items}
        itemKey={(c) => c.id}
        label={t('campaigns.history.title')}
        testId="campaign-cards"
        rowTestId="campaign-row"
        rowData={(c) => ({ 'data-id': c.id, 'data-status': c.status })}
        leading={pick}
        title={(c) => (
          <Anchor component="button" type="button" fw={600} ta="start" onClick={() => onOpen(c)} data-testid="campaign-open">
            <UserText>{c.name}</UserText>
          </Anchor>
        )}
        subtitle={(c) => c.objective && <UserText>{c.objective}</UserText>}
        badge={(c) => <StatusBadge status={c.status} />}
        lines={(c) => {
          const r = resultTexts(c, f);
          return [
            { label: t('campaigns.history.channels'), value: channels(c) },
            ...(c.results
              ? [
                  { label: t('campaigns.history.sent'), value: number(r.sent), testId: 'campaign-sent' },
                  { label: t('campaigns.history.delivered'), value: number(r.delivered), testId: 'campaign-delivered' },
                  { label: t('campaigns.history.opened'), value: number(r.opened), testId: 'campaign-opened' },
                  { label: t('campaigns.history.clicked'), value: number(r.clicked), testId: 'campaign-clicked' },
                  { label: t('campaigns.history.cost'), value: number(r.cost), testId: 'campaign-cost' },
                ]
              : [{ label: t('campaigns.history.targeted'), value: c.targeted.toLocaleString(i18n.language) }]),
            { label: t('campaigns.history.launched'), value: when(c), testId: 'campaign-when' },
          ];
        }}
        actions={actions}
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36} />
            <Table.Th>{t('campaigns.history.name')}</Table.Th>
            <Table.Th>{t('campaigns.history.status')}</Table.Th>
            <Table.Th>{t('campaigns.history.channels')}</Table.Th>
            <Table.Th ta="end">{t('campaigns.history.sent')}</Table.Th>
            <Table.Th ta="end">{t('campaigns.history.delivered')}</Table.Th>
            <Table.Th ta="end">{t('campaigns.history.opened')}</Table.Th>
            <Table.Th ta="end">{t('campaigns.history.clicked')}</Table.Th>
            <Table.Th ta="end">{t('campaigns.history.cost')}</Table.Th>
            <Table.Th>{t('campaigns.history.launched')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((c) => {
            const r = resultTexts(c, f);
            return (
              <Table.Tr
                key={c.id}
                onClick={() => onOpen(c)}
                style={{ cursor: 'pointer' }}
                data-testid="campaign-row"
                data-id={c.id}
                data-status={c.status}
              >
                <Table.Td>{pick(c)}</Table.Td>
                <Table.Td maw={280}>
                  {/* the row opens on a click; the name is the way in from the keyboard */}
                  <Anchor
                    component="button"
                    type="button"
                    fw={500}
                    ta="start"
                    dir="auto"
                    onClick={(e) => {
                      e.stopPropagation();
                      onOpen(c);
                    }}
                    data-testid="campaign-open"
                  >
                    {c.name}
                  </Anchor>
                  {c.objective && (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {c.objective}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={c.status} />
                </Table.Td>
                <Table.Td>{channels(c)}</Table.Td>
                <Table.Td ta="end" data-testid="campaign-sent">
                  {number(r.sent)}
                </Table.Td>
                <Table.Td ta="end" data-testid="campaign-delivered">
                  {number(r.delivered)}
                </Table.Td>
                <Table.Td ta="end" data-testid="campaign-opened">
                  {number(r.opened)}
                </Table.Td>
                <Table.Td ta="end" data-testid="campaign-clicked">
                  {number(r.clicked)}
                </Table.Td>
                <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }} data-testid="campaign-cost">
                  {number(r.cost)}
                </Table.Td>
                {/* in the account's zone, where a schedule is typed (as the batches show it) */}
                <Table.Td title={timeZoneName(timeZone, i18n.language)} data-testid="campaign-when">
                  {when(c)}
                </Table.Td>
                <Table.Td>{actions(c)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
