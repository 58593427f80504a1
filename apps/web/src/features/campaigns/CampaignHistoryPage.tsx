import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Paper,
  Popover,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { CAMPAIGN_STATES, type CampaignState } from '@risala/shared/schemas/campaigns';
import { CHANNELS } from '@risala/shared/schemas/messages';
import { can } from '@risala/shared/permissions';
import { IconPlus, IconRocket, IconSearch, IconStack2, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ListFooter } from '../../components/page/ListFooter.tsx';
import { QueryState } from '../../components/page/QueryState.tsx';
import { isolate } from '../../lib/i18n.ts';
import { useAccountTimeZone, useSession } from '../../lib/session.ts';
import { showSuccessToast } from '../../lib/toast.ts';
import { oneOf, useFirstPageWhenPastEnd, useUrlList, useUrlSearch } from '../../lib/url-list.ts';
import { useCampaign } from './api/get-campaign.ts';
import { useCampaigns } from './api/get-campaigns.ts';
import { useDeleteCampaign } from './api/save-campaign.ts';
import type { CampaignListParams } from './api/keys.ts';
import type { Campaign } from './api/types.ts';
import { CampaignReport } from './components/CampaignReport.tsx';
import { StatusBadge } from './components/StatusBadge.tsx';
import { routeId } from '../../components/page/NotFoundNote.tsx';
import { formatInZone, timeZoneName } from '@risala/shared/time';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { ListCards, usePhone } from '../../components/list/index.ts';
import { UserText } from '../../components/text/UserText.tsx';

const LIMIT = 20;
/** The list's view in the URL (lib/url-list.ts): /campaignhistory?search=…&status=RUNNING&channel=sms&page=2 (and campaign=id: the report drawer). */
const LIST_DEFAULTS = { search: '', status: '', channel: '' };

const DELETABLE: CampaignState[] = ['DRAFT', 'CANCELED', 'COMPLETED', 'COMPLETED_WITH_ERRORS'];

/** Delete a draft or a finished campaign, after a confirmation. */
function DeleteButton({ campaign }: { campaign: Campaign }) {
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

function CampaignRows({ items, onOpen }: { items: Campaign[]; onOpen: (c: Campaign) => void }) {
  const { t, i18n } = useTranslation();
  const { permissions } = useSession();
  const canDelete = can(permissions, 'campaign', 'delete');
  const timeZone = useAccountTimeZone();
  const phone = usePhone();
  const when = (c: Campaign) =>
    c.launched_at || c.schedule_at ? formatInZone(c.launched_at ?? c.schedule_at, timeZone, i18n.language) : '—';
  const channels = (c: Campaign) => (
    <Group gap={4}>
      {c.channels.map((ch) => (
        <Badge key={ch} variant="outline" size="sm">
          {t(`campaigns.channels.${ch}`)}
        </Badge>
      ))}
    </Group>
  );
  if (phone) {
    return (
      <ListCards
        items={items}
        itemKey={(c) => c.id}
        label={t('campaigns.history.title')}
        testId="campaign-cards"
        rowTestId="campaign-row"
        rowData={(c) => ({ 'data-id': c.id, 'data-status': c.status })}
        title={(c) => (
          <Anchor component="button" type="button" fw={600} ta="start" onClick={() => onOpen(c)} data-testid="campaign-open">
            <UserText>{c.name}</UserText>
          </Anchor>
        )}
        subtitle={(c) => c.objective && <UserText>{c.objective}</UserText>}
        badge={(c) => <StatusBadge status={c.status} />}
        lines={(c) => [
          { label: t('campaigns.history.channels'), value: channels(c) },
          { label: t('campaigns.history.targeted'), value: c.targeted.toLocaleString(i18n.language) },
          { label: t('campaigns.history.launched'), value: when(c), testId: 'campaign-when' },
        ]}
        actions={(c) => canDelete && DELETABLE.includes(c.status) && <DeleteButton campaign={c} />}
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('campaigns.history.name')}</Table.Th>
            <Table.Th>{t('campaigns.history.status')}</Table.Th>
            <Table.Th>{t('campaigns.history.channels')}</Table.Th>
            <Table.Th>{t('campaigns.history.targeted')}</Table.Th>
            <Table.Th>{t('campaigns.history.launched')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((c) => (
            <Table.Tr
              key={c.id}
              onClick={() => onOpen(c)}
              style={{ cursor: 'pointer' }}
              data-testid="campaign-row"
              data-id={c.id}
              data-status={c.status}
            >
              <Table.Td>
                {/* the row opens on a click; the name is the way in from the keyboard */}
                <Anchor
                  component="button"
                  type="button"
                  fw={500}
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
              <Table.Td>{c.targeted.toLocaleString(i18n.language)}</Table.Td>
              {/* in the account's zone, where a schedule is typed (as the batches show it) */}
              <Table.Td title={timeZoneName(timeZone, i18n.language)} data-testid="campaign-when">
                {when(c)}
              </Table.Td>
              <Table.Td>{canDelete && DELETABLE.includes(c.status) && <DeleteButton campaign={c} />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /campaignhistory: every campaign (drafts too) with search, status and channel filters; a report drawer per campaign. */
export function CampaignHistoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { permissions } = useSession();
  const [params, setParams] = useSearchParams();
  // the view lives in the URL (Back from a draft or from the report drawer shows the same page and filters)
  const view = useUrlList(LIST_DEFAULTS);
  const [search, setSearch] = useUrlSearch(view);
  const { page, setPage } = view;
  const searched = view.values.search;
  const status = oneOf(view.values.status, CAMPAIGN_STATES);
  const channel = oneOf(view.values.channel, CHANNELS);
  const query: CampaignListParams = { page, limit: LIMIT, search: searched, status, channel };
  const list = useCampaigns(query);
  useFirstPageWhenPastEnd(page, list.isSuccess && list.data.items.length === 0, setPage);
  const openId = routeId(params.get('campaign') ?? undefined); // ?campaign=abc opens nothing
  // the drawer is one more parameter: opening and closing it keep the list's view
  const setOpen = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('campaign');
      else next.set('campaign', String(id));
      return next;
    });
  const open = (c: Campaign) => (c.status === 'DRAFT' ? navigate(`/campaign/${c.id}`) : setOpen(c.id));
  const listed = list.data?.items.find((c) => c.id === openId);
  // a campaign not on this page of the list (a link from the batches, another filter) is read on its own
  const own = useCampaign(openId !== null && list.isSuccess && !listed ? openId : null);
  const nameLoading = list.isPending || own.isLoading;
  const openedName = listed?.name ?? own.data?.name ?? (nameLoading ? '' : t('campaigns.report.title'));
  const filtered = Boolean(searched || status || channel);

  const body = (
    <QueryState
      query={list}
      empty={(data) => data.items.length === 0}
      emptyText={t(filtered ? 'campaigns.history.noMatch' : 'campaigns.history.empty')}
      emptyState={
        filtered ? undefined : (
          <EmptyState
            icon={IconRocket}
            title={t('campaigns.history.emptyTitle')}
            text={t('campaigns.history.empty')}
            action={
              can(permissions, 'campaign', 'create') && (
                <Button component={Link} to="/campaign?new=1" leftSection={<IconRocket size={16} />}>
                  {t('campaigns.history.emptyAction')}
                </Button>
              )
            }
          />
        )
      }
    >
      {(data) => (
        <Paper withBorder radius="md" p="xs">
          <CampaignRows items={data.items} onOpen={open} />
          <ListFooter
            label={t('campaigns.history.total', { count: data.total })}
            testId="campaign-total"
            page={page}
            count={data.total}
            limit={LIMIT}
            onPage={setPage}
          />
        </Paper>
      )}
    </QueryState>
  );

  return (
    <Stack gap="lg" data-testid="campaign-history-page">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('campaigns.history.title')}
          </Title>
          <Text c="dimmed" visibleFrom="sm">
            {t('campaigns.history.subtitle')}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            component={Link}
            to="/campaign/batches"
            variant="default"
            leftSection={<IconStack2 size={16} />}
            data-testid="history-batches"
          >
            {t('campaigns.batches.title')}
          </Button>
          {can(permissions, 'campaign', 'create') && (
            <Button component={Link} to="/campaign?new=1" leftSection={<IconPlus size={16} />} data-testid="history-new">
              {t('campaigns.history.new')}
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('campaigns.history.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
          data-testid="history-search"
        />
        <Select
          placeholder={t('campaigns.history.anyStatus')}
          data={CAMPAIGN_STATES.map((s) => ({ value: s, label: t(`campaigns.status.${s}`) }))}
          value={status}
          onChange={(v) => view.update({ status: v })}
          clearable
          // on a phone the two filters share one row under the search, so the list starts near the top
          w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', sm: 220 }}
          data-testid="history-status"
        />
        <Select
          placeholder={t('campaigns.history.anyChannel')}
          data={CHANNELS.map((c) => ({ value: c, label: t(`campaigns.channels.${c}`) }))}
          value={channel}
          onChange={(v) => view.update({ channel: v })}
          clearable
          w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', sm: 180 }}
          data-testid="history-channel"
        />
      </Group>
      {body}
      <Drawer
        opened={openId !== null}
        onClose={() => setOpen(null)}
        position="right" // the inline end: Mantine mirrors it to the left in Arabic
        size="xl"
        title={<span data-testid="campaign-drawer-title">{openedName}</span>}
        data-testid="campaign-drawer"
      >
        {openId !== null && <CampaignReport id={openId} />}
      </Drawer>
    </Stack>
  );
}
