import { Button, Drawer, Group, Modal, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { CAMPAIGN_STATES } from '@risala/shared/schemas/campaigns';
import { CHANNELS } from '@risala/shared/schemas/messages';
import { can } from '@risala/shared/permissions';
import { IconArrowsDiff, IconPlus, IconRocket, IconSearch, IconStack2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ListFooter } from '../../components/page/ListFooter.tsx';
import { QueryState } from '../../components/page/QueryState.tsx';
import { useAccountTimeZone, useSession } from '../../lib/session.ts';
import { usePhone } from '../../components/list/index.ts';
import { CampaignRows } from './components/history/CampaignRows.tsx';
import { CompareCampaigns } from './components/history/CompareCampaigns.tsx';
import { oneOf, useFirstPageWhenPastEnd, useUrlList, useUrlSearch } from '../../lib/url-list.ts';
import { useCampaign } from './api/get-campaign.ts';
import { useCampaigns } from './api/get-campaigns.ts';
import type { CampaignListParams } from './api/keys.ts';
import type { Campaign } from './api/types.ts';
import { CampaignReport } from './components/CampaignReport.tsx';
import { routeId } from '../../components/page/NotFoundNote.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';

const LIMIT = 20;
/**
 * The list's view in the URL (lib/url-list.ts): /campaignhistory?search=…&status=RUNNING&channel=sms&page=2
 * (campaign=id: the report drawer; compare=a&compare=b: two campaigns side by side).
 */
const LIST_DEFAULTS = { search: '', status: '', channel: '' };

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
  const timeZone = useAccountTimeZone();
  const phone = usePhone();
  // picked for the comparison (kept while paging and filtering: the two may be on different pages)
  const [selected, setSelected] = useState<number[]>([]);
  const select = (c: Campaign, on: boolean) =>
    setSelected((cur) => (on ? (cur.includes(c.id) ? cur : [...cur, c.id].slice(-2)) : cur.filter((id) => id !== c.id)));
  const compared = params.getAll('compare').map((v) => routeId(v));
  const compareIds =
    compared.length === 2 && compared[0] !== null && compared[1] !== null && compared[0] !== compared[1]
      ? (compared as [number, number])
      : null;
  const setCompare = (ids: [number, number] | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('compare');
      for (const id of ids ?? []) next.append('compare', String(id));
      return next;
    });

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
          <CampaignRows items={data.items} onOpen={open} selected={selected} onSelect={select} />
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
      {(selected.length > 0 || list.data?.items.some((c) => c.status !== 'DRAFT')) && (
        <Group gap="sm" justify="space-between" data-testid="compare-bar">
          <Text size="sm" c="dimmed">
            {t('campaigns.history.compareHint')}
          </Text>
          <Group gap="xs">
            {selected.length > 0 && (
              <Button variant="subtle" size="xs" onClick={() => setSelected([])} data-testid="compare-clear">
                {t('campaigns.history.clearSelection')}
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              leftSection={<IconArrowsDiff size={16} />}
              disabled={selected.length !== 2}
              onClick={() => setCompare([selected[0] as number, selected[1] as number])}
              data-testid="compare-open"
            >
              {t('campaigns.history.compareSelected', { count: selected.length })}
            </Button>
          </Group>
        </Group>
      )}
      {body}
      <Modal
        opened={compareIds !== null}
        onClose={() => setCompare(null)}
        size="xl"
        fullScreen={phone}
        title={t('campaigns.history.compareTitle')}
        data-testid="compare-modal"
      >
        {compareIds && <CompareCampaigns ids={compareIds} timeZone={timeZone} />}
      </Modal>
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
