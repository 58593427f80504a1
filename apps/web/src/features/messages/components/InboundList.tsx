import { Badge, Paper, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../../components/page/ListFooter.tsx';
import { QueryState } from '../../../components/page/QueryState.tsx';
import { Moment } from '../../../components/time/Moment.tsx';
import { isolate } from '../../../lib/i18n.ts';
import { useInbound } from '../api/get-inbound.ts';

const LIMIT = 20;

/** The Inbox view: MO SMS and WhatsApp messages from customers, with what the pipeline did with them. */
export function InboundList() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const inbound = useInbound(page, LIMIT, debounced);

  const body = (
    <QueryState
      query={inbound}
      empty={(data) => data.items.length === 0}
      emptyText={t(debounced ? 'messages.list.noMatch' : 'messages.inbox.empty')}
    >
      {(data) => (
        <Paper withBorder radius="md" p="xs">
          <Table.ScrollContainer minWidth={700}>
            <Table verticalSpacing="xs" data-testid="inbound-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('messages.inbox.from')}</Table.Th>
                  <Table.Th>{t('messages.table.channel')}</Table.Th>
                  <Table.Th>{t('messages.inbox.body')}</Table.Th>
                  <Table.Th>{t('messages.inbox.action')}</Table.Th>
                  <Table.Th>{t('messages.inbox.received')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((m) => (
                  <Table.Tr key={m.id} data-testid="inbound-row">
                    <Table.Td dir="ltr">{m.from_address}</Table.Td>
                    <Table.Td>{t(`messages.channel.${m.channel}`)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" dir="auto" lineClamp={2}>
                        {m.body}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {m.action && (
                        <Badge variant="light">
                          {i18n.exists(`messages.inbox.actions.${m.action}`) ? t(`messages.inbox.actions.${m.action}`) : m.action}
                        </Badge>
                      )}
                      {m.blocked_by && (
                        <Text size="xs" c="dimmed">
                          {t('messages.detail.blockedBy', { list: isolate(m.blocked_by) })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Moment at={m.received_at} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListFooter
            label={t('messages.list.total', { count: data.total, formatted: data.total.toLocaleString(i18n.language) })}
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
    <>
      <TextInput
        label={t('messages.filters.search')}
        placeholder={t('messages.inbox.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        w={260}
        data-testid="inbound-search"
      />
      {body}
    </>
  );
}
