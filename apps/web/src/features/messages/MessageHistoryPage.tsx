import { Button, Group, Paper, ScrollArea, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MESSAGE_VIEW_NAMES, type MessageView } from '@risala/shared/schemas/messages';
import { can } from '@risala/shared/permissions';
import { IconBrandWhatsapp, IconDownload, IconMessagePlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyNote } from '../../components/page/EmptyNote.tsx';
import { LoadError } from '../../components/page/LoadError.tsx';
import { ListFooter } from '../../components/page/ListFooter.tsx';
import { PageLoader } from '../../components/page/PageLoader.tsx';
import { useSession } from '../../lib/session.ts';
import { useMessages } from './api/get-messages.ts';
import type { MessageListParams } from './api/keys.ts';
import { CreditsBar } from './components/CreditsBar.tsx';
import { HistoryFilters } from './components/HistoryFilters.tsx';
import { InboundList } from './components/InboundList.tsx';
import { MessageDrawer } from './components/MessageDrawer.tsx';
import { MessageTable } from './components/MessageTable.tsx';
import { exportUrl, type MessageFilters, filtersFromSearch } from './filters.ts';

const LIMIT = 20;
const INBOX = 'inbox';

function HistoryList({ filters, onOpen }: { filters: MessageFilters; onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useState<Pick<MessageListParams, 'sort' | 'order'>>({ sort: 'created_at', order: 'desc' });
  const [page, setPage] = useState(1);
  const [lastFilters, setLastFilters] = useState(filters);
  if (lastFilters !== filters) {
    setLastFilters(filters);
    setPage(1);
  }
  const messages = useMessages({ ...filters, ...sort, page, limit: LIMIT });
  if (messages.isPending) return <PageLoader />;
  if (messages.isError) return <LoadError error={messages.error} onRetry={() => void messages.refetch()} />;
  const filtered = Boolean(filters.channel || filters.status || filters.search || filters.from || filters.to || filters.bulk_id);
  if (messages.data.items.length === 0) {
    return <EmptyNote text={t(filtered ? 'messages.list.noMatch' : filters.view === 'all' ? 'messages.list.empty' : 'messages.list.emptyView')} />;
  }
  const { total, total_estimated } = messages.data;
  return (
    <Paper withBorder radius="md" p="xs">
      <MessageTable messages={messages.data.items} sort={sort} onSort={(s) => { setSort(s); setPage(1); }} onOpen={onOpen} />
      <ListFooter label={t(total_estimated ? 'messages.list.totalEstimated' : 'messages.list.total', { count: total, formatted: total.toLocaleString(i18n.language) })} testId="message-total" page={page} count={total} limit={LIMIT} onPage={setPage} />
    </Paper>
  );
}

/** /message-history: the catalogue's views, the inbox, filters, export, credits and the detail drawer. */
export function MessageHistoryPage() {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<MessageView | typeof INBOX>(() => filtersFromSearch(params, MESSAGE_VIEW_NAMES).view);
  const [filters, setFilters] = useState<MessageFilters>(() => filtersFromSearch(params, MESSAGE_VIEW_NAMES));
  const [debounced] = useDebouncedValue(filters, 300);
  const [openId, setOpenId] = useState<number | null>(null);

  const changeTab = (value: string) => {
    setTab(value as MessageView | typeof INBOX);
    if (value !== INBOX) setFilters((f) => ({ ...f, view: value as MessageView }));
  };
  const changeFilters = (f: MessageFilters) => {
    setFilters(f);
    if (!f.bulk_id && params.has('bulk_id')) setParams({}, { replace: true });
  };

  let body: ReactNode;
  if (tab === INBOX) body = <InboundList />;
  else {
    body = (
      <>
        <HistoryFilters value={filters} onChange={changeFilters} />
        <HistoryList filters={debounced} onOpen={setOpenId} />
      </>
    );
  }

  return (
    <Stack gap="lg" data-testid="message-history-page">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('messages.title')}
          </Title>
          <Text c="dimmed">{t('messages.subtitle')}</Text>
        </div>
        <Group gap="xs">
          {tab !== INBOX && can(permissions, 'message_history', 'export') && (
            <Button component="a" href={exportUrl(debounced)} download variant="default" leftSection={<IconDownload size={16} />} data-testid="message-export">
              {t('messages.actions.export')}
            </Button>
          )}
          {can(permissions, 'campaign', 'create') && (
            <>
              <Button component={Link} to="/message-history/new-sms" leftSection={<IconMessagePlus size={16} />} data-testid="message-new-sms">
                {t('messages.actions.newSms')}
              </Button>
              <Button component={Link} to="/message-history/new-whatsapp" color="teal" leftSection={<IconBrandWhatsapp size={16} />} data-testid="message-new-whatsapp">
                {t('messages.actions.newWhatsapp')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      <CreditsBar />
      <ScrollArea type="auto" offsetScrollbars>
        <SegmentedControl
          value={tab}
          onChange={changeTab}
          data={[
            ...MESSAGE_VIEW_NAMES.map((v) => ({ value: v, label: t(`messages.views.${v}`) })),
            { value: INBOX, label: t('messages.views.inbox') },
          ]}
          data-testid="message-views"
        />
      </ScrollArea>
      {body}
      <MessageDrawer id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
