import { Button, Group, Menu, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { MessageView } from '@risala/shared/schemas/messages';
import { can } from '@risala/shared/permissions';
import { IconBrandWhatsapp, IconChevronDown, IconDownload, IconMail, IconMessagePlus, IconMessages } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CreditsBar } from '../../components/credits/CreditsBar.tsx';
import { EmptyNote } from '../../components/page/EmptyNote.tsx';
import { LoadError } from '../../components/page/LoadError.tsx';
import { ListFooter } from '../../components/page/ListFooter.tsx';
import { TableSkeleton } from '../../components/page/Skeletons.tsx';
import { useSession } from '../../lib/session.ts';
import { useFirstPageWhenPastEnd, useUrlDraft, useUrlList } from '../../lib/url-list.ts';
import { useMessages } from './api/get-messages.ts';
import type { MessageListParams } from './api/keys.ts';
import { HistoryFilters } from './components/HistoryFilters.tsx';
import { InboundList } from './components/InboundList.tsx';
import { MessageDrawer } from './components/MessageDrawer.tsx';
import { MessageCards } from './components/MessageCards.tsx';
import { MessageTable } from './components/MessageTable.tsx';
import { exportUrl, filtersFromUrl, filtersToUrl, LIST_DEFAULTS, type MessageFilters, sortFromUrl, viewFromUrl } from './filters.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';

const LIMIT = 20;
const INBOX = 'inbox';

type Sort = Pick<MessageListParams, 'sort' | 'order'>;

function HistoryList(props: {
  filters: MessageFilters;
  sort: Sort;
  onSort: (s: Sort) => void;
  page: number;
  onPage: (p: number) => void;
  onOpen: (id: number) => void;
  canCreate: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { filters, sort, page, onOpen } = props;
  // a phone gets one card per message (who, what, when) instead of a table to scroll sideways
  const phone = useMediaQuery('(max-width: 48em)');
  const messages = useMessages({ ...filters, ...sort, page, limit: LIMIT });
  useFirstPageWhenPastEnd(page, messages.isSuccess && messages.data.items.length === 0, props.onPage);
  if (messages.isPending) return <TableSkeleton />;
  if (messages.isError) return <LoadError error={messages.error} onRetry={() => void messages.refetch()} />;
  const filtered = Boolean(
    filters.channel ||
      filters.status ||
      filters.search ||
      filters.from ||
      filters.to ||
      filters.bulk_id ||
      filters.error_code ||
      filters.campaign_id,
  );
  if (messages.data.items.length === 0) {
    if (!filtered && filters.view === 'all') {
      return (
        <EmptyState
          icon={IconMessages}
          title={t('messages.list.emptyTitle')}
          text={t('messages.list.empty')}
          action={
            props.canCreate && (
              <Button component={Link} to="/message-history/new-sms" leftSection={<IconMessagePlus size={16} />}>
                {t('messages.list.emptyAction')}
              </Button>
            )
          }
        />
      );
    }
    return (
      <EmptyNote
        text={t(filtered ? 'messages.list.noMatch' : filters.view === 'all' ? 'messages.list.empty' : 'messages.list.emptyView')}
      />
    );
  }
  const { total, total_estimated } = messages.data;
  return (
    <Paper withBorder radius="md" p="xs">
      {phone ? (
        <MessageCards messages={messages.data.items} onOpen={onOpen} />
      ) : (
        <MessageTable messages={messages.data.items} sort={sort} onSort={props.onSort} onOpen={onOpen} />
      )}
      <ListFooter
        label={t(total_estimated ? 'messages.list.totalEstimated' : 'messages.list.total', {
          count: total,
          formatted: total.toLocaleString(i18n.language),
        })}
        testId="message-total"
        page={page}
        count={total}
        limit={LIMIT}
        onPage={props.onPage}
      />
    </Paper>
  );
}

/** /message-history: sent messages (with one status filter over the catalogue's views) or the inbox, export, credits and the detail drawer. */
export function MessageHistoryPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  // the tab, filters, sort and page live in the URL (a reload, Back or a shared link such as
  // ?bulk_id=… after a send shows the same list); the filter bar edits a draft that reaches the
  // URL once typing settles
  const list = useUrlList(LIST_DEFAULTS);
  const [draft, setDraft] = useUrlDraft(list, filtersFromUrl, filtersToUrl);
  const tab: MessageView | typeof INBOX = list.values.view === INBOX ? INBOX : viewFromUrl(list.values);
  const filters: MessageFilters = { ...filtersFromUrl(list.values), view: viewFromUrl(list.values) };
  const [openId, setOpenId] = useState<number | null>(null);
  const phone = useMediaQuery('(max-width: 48em)');
  const canCreate = can(permissions, 'campaign', 'create');

  let body: ReactNode;
  if (tab === INBOX) body = <InboundList />;
  else {
    body = (
      <>
        <HistoryFilters
          value={{ ...draft, view: tab }}
          onChange={setDraft}
          onStatus={(view, status) => list.update({ view, status: status ?? '' })}
        />
        <HistoryList
          filters={filters}
          sort={sortFromUrl(list.values)}
          onSort={list.update}
          page={list.page}
          onPage={list.setPage}
          onOpen={setOpenId}
          canCreate={canCreate}
        />
      </>
    );
  }

  return (
    <Stack gap={phone ? 'sm' : 'lg'} data-testid="message-history-page">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h2">
            {t('messages.title')}
          </Title>
          <Text c="dimmed" visibleFrom="sm">
            {t('messages.subtitle')}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          {tab !== INBOX && can(permissions, 'message_history', 'export') && (
            <Button
              component="a"
              href={exportUrl(filters)}
              download
              variant="default"
              leftSection={<IconDownload size={16} />}
              data-testid="message-export"
              visibleFrom="sm"
            >
              {t('messages.actions.export')}
            </Button>
          )}
          {canCreate && !phone && (
            <>
              <Button
                component={Link}
                to="/message-history/new-sms"
                leftSection={<IconMessagePlus size={16} />}
                data-testid="message-new-sms"
              >
                {t('messages.actions.newSms')}
              </Button>
              <Button
                component={Link}
                to="/message-history/new-whatsapp"
                variant="default"
                leftSection={<IconBrandWhatsapp size={16} color="var(--mantine-color-teal-8)" />}
                data-testid="message-new-whatsapp"
              >
                {t('messages.actions.newWhatsapp')}
              </Button>
              <Button
                component={Link}
                to="/message-history/new-email"
                variant="default"
                leftSection={<IconMail size={16} color="var(--mantine-color-grape-8)" />}
                data-testid="message-new-email"
              >
                {t('messages.actions.newEmail')}
              </Button>
            </>
          )}
          {canCreate && phone && (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button rightSection={<IconChevronDown size={14} />} data-testid="message-new">
                  {t('messages.actions.new')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to="/message-history/new-sms" leftSection={<IconMessagePlus size={16} />}>
                  {t('messages.actions.newSms')}
                </Menu.Item>
                <Menu.Item component={Link} to="/message-history/new-whatsapp" leftSection={<IconBrandWhatsapp size={16} />}>
                  {t('messages.actions.newWhatsapp')}
                </Menu.Item>
                <Menu.Item component={Link} to="/message-history/new-email" leftSection={<IconMail size={16} />}>
                  {t('messages.actions.newEmail')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      {/* the balances matter when sending, not when looking something up on a phone */}
      {!phone && <CreditsBar />}
      <SegmentedControl
        value={tab === INBOX ? INBOX : 'sent'}
        onChange={(value) => list.update({ view: value === INBOX ? INBOX : 'all', status: '' })}
        data={[
          { value: 'sent', label: t('messages.views.sentList') },
          { value: INBOX, label: t('messages.views.inbox') },
        ]}
        fullWidth={phone}
        w={phone ? undefined : 'fit-content'}
        data-testid="message-views"
      />
      {body}
      <MessageDrawer id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
